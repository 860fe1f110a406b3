import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { logs } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { batcherFor } from '../write-batch';

/** The log types of the reference: calls you made, what we sent you, and failures. */
export const LOG_TYPES = ['incoming', 'outgoing', 'error'] as const;
type StoredType = (typeof logs.$inferSelect)['type'];

/** Events we sent (an incoming WhatsApp message, a status change) are outgoing to the customer. */
function publicType(t: StoredType): (typeof LOG_TYPES)[number] {
  return t === 'message' || t === 'status' ? 'outgoing' : t;
}

const STORED: Record<(typeof LOG_TYPES)[number], StoredType[]> = { incoming: ['incoming'], outgoing: ['outgoing', 'message', 'status'], error: ['error'] };
export const LOGS_PAGE_LIMIT_MAX = 500;

/** Query of GET /logs. */
export const logsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageLimit: z.coerce.number().int().min(1).max(LOGS_PAGE_LIMIT_MAX).default(50),
  type: z.enum(LOG_TYPES).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  phone_id: z.coerce.number().int().positive().optional(),
});
export type LogsQuery = z.infer<typeof logsQuery>;

/** A product's log, a page at a time, in the reference's shape (logObj). */
export async function listLogs(ctx: ServiceCtx, pid: string, q: LogsQuery) {
  await batcherFor(ctx.db).flush();
  const where = and(eq(logs.pid, pid), ...(q.type ? [inArray(logs.type, STORED[q.type])] : []), ...(q.phone_id ? [eq(logs.phoneId, q.phone_id)] : []));
  const total = (await ctx.db.select({ n: count() }).from(logs).where(where).get())?.n ?? 0;
  const rows = await ctx.db
    .select()
    .from(logs)
    .where(where)
    .orderBy(q.order === 'asc' ? asc(logs.id) : desc(logs.id))
    .limit(q.pageLimit)
    .offset((q.page - 1) * q.pageLimit)
    .all();
  return {
    count: String(total),
    list: rows.map((r) => {
      const at = new Date(r.createdAt).toISOString();
      return { id: r.id, pid: r.pid, phone: r.phoneId === null ? null : String(r.phoneId), created_at: at, updated_at: at, type: publicType(r.type), data: r.data };
    }),
  };
}
