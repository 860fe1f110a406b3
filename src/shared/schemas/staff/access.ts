import { z } from 'zod';

/** `GET /api/{brand}/admin/audit` query: a page of the back-office audit log. */
export const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  action: z.string().max(64).optional().meta({ description: 'Only this action, e.g. setBan or denied' }),
});

/** One audit entry. */
const auditEntry = z
  .object({
    id: z.number().int(),
    date: z.string().meta({ example: '2026-11-24T05:00:00.000Z' }),
    staff_uid: z.number().int().nullable(),
    staff_email: z.string(),
    action: z.string().meta({ example: 'setBan' }),
    target: z.string().meta({ example: '905301234567' }),
    detail: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'StaffAuditEntry' });

export const auditAnswer = z.object({ success: z.literal(true), result: z.array(auditEntry), total: z.number().int() });

/** `POST /api/{brand}/admin/grant`: make a user an admin, a limited agent, or a customer again. */
export const grantBody = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  role: z.enum(['admin', 'limited', 'none']),
});
export const grantAnswer = z.object({ success: z.literal(true) });
