import type { InStatement } from '@libsql/client';
import { and, eq } from 'drizzle-orm';
import { chats, liveContacts, liveConversations, type PhoneRow } from '../../../db/schema';
import type { Ack, IncomingMessage } from '../../engines/types';
import type { ServiceCtx } from '../context';
import { insertRow, jsonSet, type Condition } from '../group-commit';
import type { AckGuard, Consequences } from '../events/consequence';
import { conversationId, named, sharedView } from './conversations';
import { labelsOfOne } from './label-rows';
import { hasLivePackage, liveEventRow, liveEventsStored, recordLiveEvent } from './events';
import { openThreadStmts } from './threads';
import { seatsChanged } from './auto-assign';
import { awayReply } from './away';
import { csatIncoming } from './csat';

const lc = liveConversations;
/** The inbox holds one-to-one chats only: groups and broadcasts stay in the API. */
const isOneToOne = (jid: string) => !jid.endsWith('@g.us') && !jid.endsWith('@broadcast');

/**
 * A customer's message puts its conversation in the waiting group (when it had no interaction or was
 * closed) and counts it unread; either way the account's inbox streams get the message. The
 * conversation's change and the 'message' event commit with the message (each only if `isNew`
 * holds), so a crash cannot leave a stored message the inbox never counted; the 'waiting' event
 * follows the commit (a stream that misses it still gets the message, for a conversation it does not
 * list, and reads the list again).
 */
export async function liveIncoming(
  ctx: ServiceCtx,
  phone: PhoneRow,
  id: string,
  m: IncomingMessage,
  isNew: Condition,
): Promise<Consequences> {
  const jid = m.key.chatId;
  if (!isOneToOne(jid) || !(await hasLivePackage(ctx, phone.pid))) return { stmts: [] };
  const now = ctx.now();
  const stmts: InStatement[] = [];
  const fromCustomer = !m.key.fromMe;
  // A 1-5 reply to the rating question (csat.ts) is stored on its thread: it opens and counts nothing.
  const csat = fromCustomer ? csatIncoming(ctx, phone, m, isNew) : null;
  const opens = csat?.onlyIf ?? isNew;
  if (fromCustomer) {
    // What the conversation was before this message (none: it had no interaction): read in the transaction.
    stmts.push({
      sql: 'select state from live_conversations where phone_id = ? and chat_jid = ?',
      args: [phone.id, jid],
    });
    stmts.push(
      insertRow(
        'insert into live_conversations (phone_id, chat_jid, pid, state, last_incoming_at, unread, updated_at)',
        [phone.id, jid, phone.pid, 'waiting', now, 1, now],
        opens,
        REOPEN_OR_COUNT,
      ),
      ...openThreadStmts(phone.pid, phone.id, jid, now, isNew),
    );
  }
  const message = { ...m.message, from: m.from, id, fromMe: m.key.fromMe, timestamp: m.timestamp, status: 'received' };
  // The conversation's unread count after this message (the console sets it: the same event applied twice counts once).
  const unread = {
    sql: 'coalesce((select unread from live_conversations where phone_id = ? and chat_jid = ?), 0)',
    args: [phone.id, jid],
  };
  const data = { conversationId: conversationId(phone.id, jid), message };
  stmts.push(liveEventRow(ctx, phone.pid, 'message', jsonSet(data, '$.unread', unread), opens));
  if (csat) stmts.push(...csat.stmts);
  return {
    stmts,
    async committed(results) {
      liveEventsStored(ctx, phone.pid);
      if (csat?.rated(results)) return;
      const before = results[0]?.rows[0] as { state?: string } | undefined;
      if (fromCustomer && (!before || before.state === 'closed')) {
        await conversationWaiting(ctx, phone, jid);
        // Outside business hours the away message answers; round robin hands it to an agent with room.
        await awayReply(ctx, phone, jid).catch(() => {});
        await seatsChanged(ctx, phone.pid);
      }
      // A snoozed conversation the customer writes to opens again (issue 42).
      if (fromCustomer && before?.state === 'snoozed') {
        await conversationWaiting(ctx, phone, jid, 'unsnoozed');
        await seatsChanged(ctx, phone.pid);
      }
    },
  };
}

/**
 * The upsert's conflict clause: a closed conversation opens again as waiting (nobody holds it, one
 * unread); a snoozed one wakes (taken by its holder if it had one, else waiting); any other counts
 * one more unread. Every expression reads the row as it was.
 */
const REOPEN_OR_COUNT = `on conflict (phone_id, chat_jid) do update set
  state = case when state = 'closed' then 'waiting'
    when state = 'snoozed' then (case when holder <> '' then 'taken' else 'waiting' end) else state end,
  snoozed_until = case when state = 'snoozed' then null else snoozed_until end,
  holder = case when state = 'closed' then '' else holder end,
  holder_email = case when state = 'closed' then '' else holder_email end,
  taken_at = case when state = 'closed' then null else taken_at end,
  closed_at = case when state = 'closed' then null else closed_at end,
  unread = case when state = 'closed' then 1 else unread + 1 end,
  last_incoming_at = excluded.last_incoming_at,
  updated_at = excluded.updated_at`;

/** The inbox streams hear that a conversation is waiting (its shared row as every agent sees it). */
async function conversationWaiting(ctx: ServiceCtx, phone: PhoneRow, jid: string, event = 'waiting'): Promise<void> {
  const row = await ctx.db
    .select({ chat: chats, saved: liveContacts.name })
    .from(chats)
    .leftJoin(liveContacts, and(eq(liveContacts.pid, phone.pid), eq(liveContacts.chatJid, chats.jid)))
    .where(and(eq(chats.phoneId, phone.id), eq(chats.jid, jid)))
    .get();
  const chat = row && named(row.chat, row.saved);
  const live = await ctx.db
    .select()
    .from(lc)
    .where(and(eq(lc.phoneId, phone.id), eq(lc.chatJid, jid)))
    .get();
  if (chat && live)
    await recordLiveEvent(ctx, phone.pid, 'conversation', {
      event,
      conversation: sharedView(chat, live, phone, await labelsOfOne(ctx, phone.pid, phone.id, jid)),
    });
}

/**
 * A sent message's ack (sent / delivered / read ticks) reaches the account's inbox streams: the event
 * commits with the ack's write (its condition and the message id read in the transaction come from `guard`).
 */
export async function liveAck(ctx: ServiceCtx, phone: PhoneRow, a: Ack, guard: () => AckGuard): Promise<Consequences> {
  if (!isOneToOne(a.chatId) || !(await hasLivePackage(ctx, phone.pid))) return { stmts: [] };
  const { onlyIf, msgId } = guard();
  const data = { conversationId: conversationId(phone.id, a.chatId), msgId: '', ack: a.ack };
  return {
    stmts: [liveEventRow(ctx, phone.pid, 'ack', jsonSet(data, '$.msgId', msgId), onlyIf)],
    committed: () => liveEventsStored(ctx, phone.pid),
  };
}
