import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { chats, liveConversationLabels, liveLabels } from '../../../db/schema';
import type { ServiceCtx } from '../context';

const cl = liveConversationLabels;
const key = (phoneId: number, jid: string) => `${phoneId}:${jid}`;

/**
 * The label names of many conversations in one query (a page of the list, one conversation):
 * `{phoneId}:{chatJid}` to its names, by name. Conversations without labels are absent.
 */
export async function labelsOf(
  ctx: ServiceCtx,
  pid: string,
  convs: readonly { phoneId: number; jid: string }[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (convs.length === 0) return out;
  const wanted = new Set(convs.map((c) => key(c.phoneId, c.jid)));
  const rows = await ctx.db
    .select({ phoneId: cl.phoneId, jid: cl.chatJid, name: liveLabels.name })
    .from(cl)
    .innerJoin(liveLabels, eq(liveLabels.id, cl.labelId))
    .where(
      and(
        eq(liveLabels.pid, pid),
        inArray(cl.phoneId, [...new Set(convs.map((c) => c.phoneId))]),
        inArray(cl.chatJid, [...new Set(convs.map((c) => c.jid))]),
      ),
    )
    .orderBy(liveLabels.name)
    .all();
  for (const r of rows) {
    const k = key(r.phoneId, r.jid);
    if (wanted.has(k)) out.set(k, [...(out.get(k) ?? []), r.name]);
  }
  return out;
}

/** The label names of one conversation. */
export async function labelsOfOne(ctx: ServiceCtx, pid: string, phoneId: number, jid: string): Promise<string[]> {
  return (await labelsOf(ctx, pid, [{ phoneId, jid }])).get(key(phoneId, jid)) ?? [];
}

/** The list's filter: the chat's conversation carries the account's label of this name. */
export function labelFilter(pid: string, name: string | undefined): SQL | undefined {
  if (!name) return undefined;
  return sql`exists (select 1 from ${cl} join ${liveLabels} on ${liveLabels.id} = ${cl.labelId} where ${cl.phoneId} = ${chats.phoneId} and ${cl.chatJid} = ${chats.jid} and ${liveLabels.pid} = ${pid} and ${liveLabels.name} = ${name})`;
}
