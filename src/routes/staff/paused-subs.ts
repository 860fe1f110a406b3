import { staffActor } from '../../middleware/staff';
import {
  listPausedSubs,
  restartAllPausedSubs,
  restartPausedSub,
  updatePausedSub,
} from '../../services/staff/paused-subs';
import {
  pausedSubsAnswer,
  restartAllAnswer,
  restartAllBody,
  restartOneBody,
  staffMessageAnswer,
  updatePausedBody,
} from '../../shared/schemas/staff/subs';
import { CONSOLE_TAGS, staffBody, staffCall } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const T = CONSOLE_TAGS.staff;

const list = endpoint(
  'get',
  '/paused-subs',
  T,
  'Paused subscriptions with their owners, newest pause first (admins only)',
  {},
  ok(pausedSubsAnswer),
  staffCall('admin'),
);
const restartAll = endpoint(
  'post',
  '/reactiveAllPausedSubs',
  T,
  'Restart paused subscriptions in bulk through the billing provider (all, or owners with no phone limit left), up to 100 a call, reporting each success and failure (admins only; each restart recorded)',
  {
    body: body(restartAllBody, { zeroLimit: { filter: 'zero_limit' } }),
  },
  ok(restartAllAnswer),
  staffBody('admin'),
);
const restartOne = endpoint(
  'post',
  '/reactiveSingleSub',
  T,
  'Restart one paused subscription: charged now, a new cycle from today (admins only; recorded)',
  {
    body: body(restartOneBody, { one: { pid: '6f1c…', subscription_id: 'sub_sbx_8d1c…' } }),
  },
  ok(staffMessageAnswer),
  staffBody('admin'),
);
const update = endpoint(
  'post',
  '/updatePausedSub',
  T,
  "Change a paused subscription's plan, phones and price per period before it is restarted (admins only; recorded)",
  {
    body: body(updatePausedBody, {
      fivePhones: { charge_id: 'sub_sbx_8d1c…', phone_limit: 5, new_price: 120, plan_id: '569723' },
    }),
  },
  ok(staffMessageAnswer),
  staffBody('admin'),
);

/** `/api/{brand}/admin/paused-subs`, `reactiveAllPausedSubs`, `reactiveSingleSub`, `updatePausedSub` (4-admin §7). */
export const pausedSubsRoutes = routes()
  .openapi(list, async (c) => c.json({ success: true as const, result: await listPausedSubs(c.get('ctx')) }, 200))
  .openapi(restartAll, async (c) => {
    const data = await restartAllPausedSubs(c.get('ctx'), staffActor(c), c.req.valid('json').filter);
    return c.json({ success: true as const, message: data.message, data }, 200);
  })
  .openapi(restartOne, async (c) => {
    const input = c.req.valid('json');
    return c.json(
      {
        success: true as const,
        message: await restartPausedSub(c.get('ctx'), staffActor(c), input.pid, input.subscription_id),
      },
      200,
    );
  })
  .openapi(update, async (c) =>
    c.json(
      { success: true as const, message: await updatePausedSub(c.get('ctx'), staffActor(c), c.req.valid('json')) },
      200,
    ),
  );
