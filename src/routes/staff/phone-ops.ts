import { staffActor } from '../../middleware/staff';
import { phoneStatusEvents, refreshSubscriptions } from '../../services/staff/phone-events';
import { phoneStatusesAnswer, phoneStatusesBody, refreshAnswer, uidParams } from '../../shared/schemas/staff/phones';
import { CONSOLE_TAGS, staffBody, staffCall } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const T = CONSOLE_TAGS.staff;

const refresh = endpoint(
  'get',
  '/refreshSubscription/{uid}',
  T,
  'Bring every product of a user in line with its subscriptions again: limits, package, trial state (admins only; recorded)',
  { params: uidParams },
  ok(refreshAnswer),
  staffCall('admin'),
);
const statuses = endpoint(
  'post',
  '/getPhoneStatuses',
  T,
  "The phones' status changes, newest first, optionally of one phone or of owners whose e-mail contains a text (admins only)",
  { body: body(phoneStatusesBody, { page: { page: 1, limit: 50 } }) },
  ok(phoneStatusesAnswer),
  staffBody('admin'),
);

/** `/api/{brand}/refreshSubscription/{uid}`: the Missed Phones screen's refresh button. */
export const staffRefreshRoutes = routes().openapi(refresh, async (c) => {
  const n = await refreshSubscriptions(c.get('ctx'), staffActor(c), c.req.valid('param').uid);
  return c.json({ success: true as const, message: `Refreshed ${n} product${n === 1 ? '' : 's'}.`, products: n }, 200);
});

/** `/api/footprint/harvest/getPhoneStatuses`: the Phones Events screen. */
export const staffHarvestRoutes = routes().openapi(statuses, async (c) =>
  c.json({ success: true as const, ...(await phoneStatusEvents(c.get('ctx'), c.req.valid('json'))) }, 200),
);
