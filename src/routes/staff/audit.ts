import { staffActor } from '../../middleware/staff';
import { listAudit } from '../../services/staff/audit';
import { grantStaff } from '../../services/staff/grant';
import { auditAnswer, auditQuery, grantAnswer, grantBody } from '../../shared/schemas/staff/access';
import { CONSOLE_TAGS, staffBody, staffCall } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const T = CONSOLE_TAGS.staff;

const audit = endpoint(
  'get',
  '/audit',
  T,
  'The back-office audit log, newest first: every change staff made and every refused admin call (admins only)',
  { query: auditQuery },
  ok(auditAnswer),
  staffCall('admin'),
);
const grant = endpoint(
  'post',
  '/grant',
  T,
  "Set a user's staff role: admin, limited (footprint and feedback only) or none (admins only; recorded)",
  { body: body(grantBody, { grant: { email: 'ada@example.com', role: 'limited' } }) },
  ok(grantAnswer),
  staffBody('admin'),
);

/** `/api/{brand}/admin/audit` and `/admin/grant`: the staff's own records and roles. */
export const staffAuditRoutes = routes()
  .openapi(audit, async (c) =>
    c.json({ success: true as const, ...(await listAudit(c.get('ctx'), c.req.valid('query'))) }, 200),
  )
  .openapi(grant, async (c) => {
    const input = c.req.valid('json');
    await grantStaff(c.get('ctx'), staffActor(c), input.email, input.role);
    return c.json({ success: true as const }, 200);
  });
