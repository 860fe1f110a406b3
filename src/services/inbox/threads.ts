import type { InStatement } from '@libsql/client';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { liveConversations, liveThreads, type LiveConversationRow } from '../../../db/schema';
import type { Condition } from '../group-commit';
import type { ServiceCtx } from '../context';

/**
 * A conversation's threads: one per cycle from the customer's first waiting message to its close
 * (`live_threads`). The contact panel lists them; reports read first response, resolution and CSAT
 * from the rollup its triggers keep (migration 0029). `live_conversations.thread_id` points at the current one.
 *
 * - An incoming message that makes a conversation waiting (from no interaction, or closed) opens one
 *   in the message's transaction (`openThreadStmts`).
 * - Every other change goes through `threadTouched`: take, transfer, an inbox reply and close add
 *   their holder to the participants; the first inbox reply is the first response; close closes it.
 *   A conversation with no open thread (older than threads, or taken straight from no interaction,
 *   or reopened) gets one there.
 */

const lc = liveConversations;
const lt = liveThreads;

/**
 * The statements that open a thread for a conversation an incoming message has just made waiting,
 * run after the conversation's upsert in the same transaction, only if `onlyIf` holds.
 */
export function openThreadStmts(
  pid: string,
  phoneId: number,
  jid: string,
  now: number,
  onlyIf: Condition,
): InStatement[] {
  const needsOne = `exists (select 1 from live_conversations c where c.phone_id = ? and c.chat_jid = ? and c.state = 'waiting'
    and (c.thread_id is null or exists (select 1 from live_threads t where t.id = c.thread_id and t.closed_at is not null)))`;
  return [
    {
      sql: `insert into live_threads (pid, phone_id, chat_jid, created_at) select ?, ?, ?, ? where ${onlyIf.sql} and ${needsOne}`,
      args: [pid, phoneId, jid, now, ...onlyIf.args, phoneId, jid],
    },
    {
      sql: `update live_conversations set thread_id = (select max(id) from live_threads where phone_id = ? and chat_jid = ?)
        where phone_id = ? and chat_jid = ? and ${onlyIf.sql}`,
      args: [phoneId, jid, phoneId, jid, ...onlyIf.args],
    },
  ];
}

/** The conversation's open thread, opening one when it has none. */
export async function openThread(ctx: ServiceCtx, pid: string, live: LiveConversationRow): Promise<number> {
  if (live.threadId !== null) {
    const t = await ctx.db.select({ closedAt: lt.closedAt }).from(lt).where(eq(lt.id, live.threadId)).get();
    if (t && t.closedAt === null) return live.threadId;
  }
  const now = ctx.now();
  const [made] = await ctx.db
    .insert(lt)
    .values({
      pid,
      phoneId: live.phoneId,
      chatJid: live.chatJid,
      createdAt: live.lastIncomingAt || now,
    })
    .returning({ id: lt.id })
    .all();
  const key = and(eq(lc.phoneId, live.phoneId), eq(lc.chatJid, live.chatJid));
  const was = live.threadId === null ? isNull(lc.threadId) : eq(lc.threadId, live.threadId);
  const linked = await ctx.db
    .update(lc)
    .set({ threadId: made!.id })
    .where(and(key, was))
    .returning({ id: lc.threadId })
    .all();
  if (linked.length) return made!.id;
  // Another request linked its own thread first: use that one.
  await ctx.db.delete(lt).where(eq(lt.id, made!.id));
  const winner = await ctx.db.select({ threadId: lc.threadId }).from(lc).where(key).get();
  return winner?.threadId ?? made!.id;
}

/** What an inbox action means for the conversation's thread. */
export interface ThreadTouch {
  /** The holder who took part (`a:<id>` or `o:<uid>`). */
  holder: string;
  /** An inbox reply: the thread's first one is its first response. */
  replied?: boolean;
  /** The conversation was closed. */
  closed?: boolean;
}

/** Records an inbox action on the conversation's open thread (opening one if needed); answers its id. */
export async function threadTouched(
  ctx: ServiceCtx,
  pid: string,
  live: LiveConversationRow,
  touch: ThreadTouch,
): Promise<number> {
  const id = await openThread(ctx, pid, live);
  const now = ctx.now();
  const replied = touch.replied === true;
  const closed = touch.closed === true;
  await ctx.db
    .update(lt)
    .set({
      participants: sql`case when exists (select 1 from json_each(${lt.participants}) where value = ${touch.holder})
        then ${lt.participants} else json_insert(${lt.participants}, '$[#]', ${touch.holder}) end`,
      // Only a reply names the first response's columns: the reports' trigger on them is then not compiled.
      ...(replied
        ? {
            firstResponseAt: sql`coalesce(${lt.firstResponseAt}, ${now})`,
            firstResponder: sql`case when ${lt.firstResponseAt} is null then ${touch.holder} else ${lt.firstResponder} end`,
          }
        : {}),
      ...(closed ? { closedAt: now, closer: touch.holder } : {}),
    })
    .where(eq(lt.id, id));
  return id;
}
