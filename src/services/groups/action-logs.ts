import { and, count, desc, eq, inArray, like, or } from 'drizzle-orm';
import type { z } from 'zod';
import { groupEvents, phones } from '../../../db/schema';
import type { groupActionLogsQuery } from '../../shared/schemas/messaging/requests';
import type { GroupActionLog } from '../../shared/schemas/messaging/group-logs';
import type { ServiceCtx } from '../context';

export type GroupActionLogsQuery = z.output<typeof groupActionLogsQuery>;

/** Chat ids of the product's active phones: the `connected` filter keeps events about them. */
async function activeChatIds(ctx: ServiceCtx, pid: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ n: phones.number })
    .from(phones)
    .where(and(eq(phones.pid, pid), eq(phones.status, 'active')))
    .all();
  return rows.filter((p) => p.n).map((p) => `${p.n}@c.us`);
}

/**
 * Group membership events of the product's phones, newest first, a page at a time, in the log
 * shape the group action logs page reads (phone, created_at, data.body ...).
 */
export async function listGroupActionLogs(ctx: ServiceCtx, pid: string, q: GroupActionLogsQuery) {
  const s = q.search ? `%${q.search.replace(/[%_]/g, '')}%` : null;
  const mine = q.connected === 'true' ? await activeChatIds(ctx, pid) : null;
  const where = and(
    eq(groupEvents.pid, pid),
    ...(q.phone_id ? [eq(groupEvents.phoneId, q.phone_id)] : []),
    ...(q.subtype ? [eq(groupEvents.subtype, q.subtype)] : []),
    ...(mine ? [inArray(groupEvents.participant, mine.length ? mine : [''])] : []),
    ...(s
      ? [
          or(
            like(groupEvents.groupName, s),
            like(groupEvents.participant, s),
            like(groupEvents.groupId, s),
            like(phones.number, s),
            like(groupEvents.phoneId, s),
          ),
        ]
      : []),
  );
  const total =
    (
      await ctx.db
        .select({ n: count() })
        .from(groupEvents)
        .leftJoin(phones, eq(phones.id, groupEvents.phoneId))
        .where(where)
        .get()
    )?.n ?? 0;
  const rows = await ctx.db
    .select({ e: groupEvents, number: phones.number })
    .from(groupEvents)
    .leftJoin(phones, eq(phones.id, groupEvents.phoneId))
    .where(where)
    .orderBy(desc(groupEvents.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .all();
  const data: GroupActionLog[] = rows.map(({ e, number }) => ({
    id: e.id,
    phone: String(e.phoneId),
    created_at: new Date(e.createdAt).toISOString(),
    data: {
      body: {
        receiver: number ?? '',
        conversation: e.groupId,
        conversation_name: e.groupName,
        message: { type: 'info', participant: e.participant, subtype: `group/${e.subtype}` },
        ...(e.by ? { by: e.by } : {}),
      },
    },
  }));
  return { total, page: q.page, limit: q.limit, data };
}
