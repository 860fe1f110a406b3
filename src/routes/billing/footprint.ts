import { requireUser } from '../../middleware/session';
import { addFootprint, footprintEvent } from '../../services/billing/footprint';
import { footprintBody, footprintAnswer } from '../../shared/schemas/billing';
import { CONSOLE_TAGS, signedInBody } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const add = endpoint(
  'post',
  '/add',
  CONSOLE_TAGS.billing,
  'Record a footprint event (checkout start, success, close, feedback, payment declined)',
  {
    body: body(footprintBody, {
      close: { category: 'checkout-close', label: '569723', extra: { checkout_id: 'chk_…' } },
      labelled: { category: 'checkout', label: 'paddle-payment-declined' },
    }),
  },
  ok(footprintAnswer),
  signedInBody(8 * 1024),
);

/** `/api/footprint/...`. */
export const footprintRoutes = routes().openapi(add, async (c) => {
  const input = c.req.valid('json');
  const { category, extra } = footprintEvent(input.category, input.label, input.extra);
  await addFootprint(c.get('ctx'), requireUser(c).id, category, input.label ?? '', extra);
  return c.json({ success: true as const }, 200);
});
