import { analytics } from '../../services/analytics/analytics';
import { analyticsAnswer, analyticsBody } from '../../shared/schemas/console/analytics';
import { ownProduct } from '../kit/own-product';
import { CONSOLE_TAGS, signedInBody } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const compute = endpoint(
  'post',
  '/analytics',
  CONSOLE_TAGS.analytics,
  "The analytics screens' figures over the account's messages, live-chat conversations and phone status history, for a range of whole UTC days (default the last 7, none in the future)",
  {
    body: body(analyticsBody, {
      chart: { name: 'chartInfo', data: { start_date: '2026-01-25', end_date: '2026-01-31' } },
      timeline: { name: 'statusTimeline' },
    }),
  },
  ok(analyticsAnswer),
  signedInBody(),
);

/** `/api/{brand}/analytics`: the /analytic and /analytic/timeline screens (2-phones §2.3, §7.3). */
export const analyticsRoutes = routes().openapi(compute, async (c) => {
  const input = c.req.valid('json');
  const product = await ownProduct(c, input.pid);
  return c.json(
    { success: true, name: input.name, data: await analytics(c.get('ctx'), product.id, input.name, input.data) },
    200,
  );
});
