import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { logs } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { groupCommit } from '../group-commit';
import type { LogType } from '../../shared/log-types';
import type { LogsQuery } from '../../shared/schemas/messaging/logs';

type StoredType = (typeof logs.$inferSelect)['type'];

// Stored types: `incoming` is an API call (the name rows were written with: a call coming in to us),
// `message` a WhatsApp message event, `status` a phone's status change, `outgoing` a webhook delivery.
const fromMe = sql`coalesce(json_extract(${logs.data}, '$.body.message.fromMe'), 0)`;
const WHERE: Record<LogType, SQL> = {
  // A message someone sent to one of the product's phones (or a group event about it).
  incoming: and(eq(logs.type, 'message'), sql`${fromMe} = 0`)!,
  // What went out: the customer's API calls, messages typed on the phone, status changes and webhook deliveries.
  outgoing: or(
    inArray(logs.type, ['incoming', 'outgoing', 'status']),
    and(eq(logs.type, 'message'), sql`${fromMe} <> 0`),
  )!,
  error: eq(logs.type, 'error'),
};

/** The type a customer sees: a WhatsApp message the phone received is incoming, everything else that is not a failure outgoing. */
export function publicType(t: StoredType, data: Record<string, unknown>): LogType {
  if (t === 'error') return 'error';
  if (t !== 'message') return 'outgoing';
  const message = (data.body as { message?: { fromMe?: unknown } } | undefined)?.message;
  return message?.fromMe ? 'outgoing' : 'incoming';
}

/** A product's log, a page at a time, in the reference's shape (logObj). */
export async function listLogs(ctx: ServiceCtx, pid: string, q: LogsQuery) {
  await groupCommit(ctx.db).flush();
  const where = and(
    eq(logs.pid, pid),
    ...(q.type ? [WHERE[q.type]] : []),
    ...(q.phone_id ? [eq(logs.phoneId, q.phone_id)] : []),
  );
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
      return {
        id: r.id,
        pid: r.pid,
        phone: r.phoneId === null ? null : String(r.phoneId),
        created_at: at,
        updated_at: at,
        type: publicType(r.type, r.data),
        data: r.data,
      };
    }),
  };
}
