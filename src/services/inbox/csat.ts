import type { InStatement } from '@libsql/client';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { liveConversations, liveThreads, type PhoneRow } from '../../../db/schema';
import type { IncomingMessage } from '../../engines/types';
import { LIVE_AUTO_MSG } from '../../shared/live-auto-messages';
import type { ServiceCtx } from '../context';
import type { Condition } from '../group-commit';
import { autoReply } from './auto-reply';
import { conversationId } from './conversations';
import { liveEventRow } from './events';
import { getLiveSettings } from './settings';

/** How long after the question a customer's 1-5 counts as the rating. */
const CSAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A customer's whole text when it is just a rating 1-5 (spaces around allowed); null otherwise. */
function ratingOf(m: IncomingMessage): number | null {
  if (m.key.fromMe || m.message.type !== 'text') return null;
  const match = /^\s*([1-5])\s*$/.exec(m.message.text ?? '');
  return match ? Number(match[1]) : null;
}

/** "The chat's closed conversation asked for a rating less than a day ago and has none yet", in SQL. */
function pendingQuestion(phoneId: number, jid: string, since: number): Condition {
  return {
    sql: `exists (select 1 from live_conversations c join live_threads t on t.id = c.thread_id
      where c.phone_id = ? and c.chat_jid = ? and c.state = 'closed' and t.csat_asked_at >= ? and t.csat_rating is null)`,
    args: [phoneId, jid, since],
  };
}

const both = (a: Condition, b: Condition): Condition => ({
  sql: `(${a.sql}) and (${b.sql})`,
  args: [...a.args, ...b.args],
});
const not = (c: Condition): Condition => ({ sql: `not (${c.sql})`, args: c.args });

/**
 * A customer's reply to the rating question, for the incoming message's transaction: `onlyIf` is
 * the condition the inbox's own writes take instead of `isNew` (the conversation does not open
 * again, and no message event goes out, when the reply is a rating); `stmts` go last: the `csat` event and the rating on
 * the thread, both only when it is. `rated(results)` tells, after the commit, whether it was.
 */
export function csatIncoming(ctx: ServiceCtx, phone: PhoneRow, m: IncomingMessage, isNew: Condition) {
  const rating = ratingOf(m);
  if (rating === null) return null;
  const jid = m.key.chatId;
  const now = ctx.now();
  const pending = pendingQuestion(phone.id, jid, now - CSAT_WINDOW_MS);
  const when = both(isNew, pending);
  const data = { conversationId: conversationId(phone.id, jid), rating };
  const stmts: InStatement[] = [
    liveEventRow(ctx, phone.pid, 'csat', data, when),
    {
      sql: `update live_threads set csat_rating = ?, csat_at = ?
        where id = (select thread_id from live_conversations where phone_id = ? and chat_jid = ?) and ${when.sql}`,
      args: [rating, now, phone.id, jid, ...when.args],
    },
  ];
  return {
    onlyIf: both(isNew, not(pending)),
    stmts,
    rated: (results: { rowsAffected: number }[]) => (results.at(-1)?.rowsAffected ?? 0) > 0,
  };
}

/**
 * With CSAT on, a conversation that closed gets the rating question (once per thread: the thread
 * records when it was asked), sent from its phone through the send queue.
 */
export async function askCsat(ctx: ServiceCtx, phone: PhoneRow, jid: string): Promise<void> {
  if (!(await getLiveSettings(ctx, phone.pid)).csat) return;
  const lc = liveConversations;
  const t = liveThreads;
  const [asked] = await ctx.db
    .update(t)
    .set({ csatAskedAt: ctx.now() })
    .where(
      and(
        eq(t.id, sql`(select ${lc.threadId} from ${lc} where ${lc.phoneId} = ${phone.id} and ${lc.chatJid} = ${jid})`),
        isNull(t.csatAskedAt),
      ),
    )
    .returning({ id: t.id })
    .all();
  if (asked) await autoReply(ctx, phone, jid, LIVE_AUTO_MSG.csatQuestion);
}
