import { staffActor } from '../../middleware/staff';
import { listSubsTable, setPackage } from '../../services/staff/packages';
import { setPackageAnswer, setPackageBody, subsListAnswer, subsListQuery } from '../../shared/schemas/staff/subs';
import { CONSOLE_TAGS, staffBody, staffCall } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const T = CONSOLE_TAGS.staff;

const list = endpoint(
  'get',
  '/subsList',
  T,
  'Owners with subscriptions (or a staff package edit): limits, what they use, reseller and enterprise flags (admins only)',
  { query: subsListQuery },
  ok(subsListAnswer),
  staffCall('admin'),
);
const set = endpoint(
  'post',
  '/setPackage',
  T,
  "Set an owner's agent, phone and Instagram limits; enforced at once and kept across billing changes as an adjustment to what subscriptions grant. Refused (403) for reseller and enterprise owners (admins only; recorded)",
  {
    body: body(setPackageBody, { three: { pid: '6f1c…', new_limit: 1, new_phone_limit: 3, new_instagram_limit: 0 } }),
  },
  ok(setPackageAnswer),
  staffBody('admin'),
);

/** `/api/{brand}/admin/subsList` and `/admin/setPackage`: the Subs Table and the package editor (4-admin §7). */
export const packageRoutes = routes()
  .openapi(list, async (c) =>
    c.json({ success: true as const, ...(await listSubsTable(c.get('ctx'), c.req.valid('query'))) }, 200),
  )
  .openapi(set, async (c) =>
    c.json(
      {
        success: true as const,
        error: null,
        result: await setPackage(c.get('ctx'), staffActor(c), c.req.valid('json')),
      },
      200,
    ),
  );
