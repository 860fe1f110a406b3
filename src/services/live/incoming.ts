import { and, eq, sql } from 'drizzle-orm';
import { chats, liveConversations, type PhoneRow } from '../../../db/schema';
import type { IncomingMessage } from '../../engines/types';
import type { ServiceCtx } from '../context';
import { conversationId, sharedView } from './conversations';
import { hasLivePackage, recordLiveEvent } from './events';

const lc = liveConversations;
/** The inbox holds one-to-one chats only: groups and broadcasts stay in the API. */
const isOneToOne = (jid: string) => !jid.endsWith('@g.us') && !jid.endsWith('@broadcast');

/**
 * A customer's message puts its conversation in the waiting group (when it had no interaction or
 * was closed) and counts it unread; either way the account's inbox streams get the message.
 */
export async function liveIncoming(ctx: ServiceCtx, phone: PhoneRow, id: string, m: IncomingMessage): Promise<void> {
  const jid = m.key.chatId;
  if (!isOneToOne(jid) || !(await hasLivePackage(ctx, phone.pid))) return;
  const now = ctx.now();
  const key = and(eq(lc.phoneId, phone.id), eq(lc.chatJid, jid));
  let waiting = false;
  if (!m.key.fromMe) {
    const [created] = await ctx.db
      .insert(lc)
      .values({
        phoneId: phone.id,
        chatJid: jid,
        pid: phone.pid,
        state: 'waiting',
        lastIncomingAt: now,
        unread: 1,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ phoneId: lc.phoneId })
      .all();
    const [reopened] = created
      ? []
      : await ctx.db
          .update(lc)
          .set({
            state: 'waiting',
            holder: '',
            holderEmail: '',
            takenAt: null,
            closedAt: null,
            unread: 1,
            lastIncomingAt: now,
            updatedAt: now,
          })
          .where(and(key, eq(lc.state, 'closed')))
          .returning({ phoneId: lc.phoneId })
          .all();
    if (!created && !reopened)
      await ctx.db
        .update(lc)
        .set({ unread: sql`${lc.unread} + 1`, lastIncomingAt: now, updatedAt: now })
        .where(key);
    waiting = Boolean(created || reopened);
  }
  const message = { ...m.message, from: m.from, id, fromMe: m.key.fromMe, timestamp: m.timestamp, status: 'received' };
  // The conversation's unread count after this message: the console sets it (the same event applied twice counts once).
  const unread = (await ctx.db.select({ unread: lc.unread }).from(lc).where(key).get())?.unread ?? 0;
  await recordLiveEvent(ctx, phone.pid, 'message', { conversationId: conversationId(phone.id, jid), message, unread });
  if (!waiting) return;
  const chat = await ctx.db
    .select()
    .from(chats)
    .where(and(eq(chats.phoneId, phone.id), eq(chats.jid, jid)))
    .get();
  const live = await ctx.db.select().from(lc).where(key).get();
  if (chat && live)
    await recordLiveEvent(ctx, phone.pid, 'conversation', {
      event: 'waiting',
      conversation: sharedView(chat, live, phone),
    });
}

/** A sent message's ack (sent / delivered / read ticks) reaches the account's inbox streams. */
export async function liveAck(
  ctx: ServiceCtx,
  phone: PhoneRow,
  msgId: string,
  ack: number,
  chatId: string,
): Promise<void> {
  if (!isOneToOne(chatId) || !(await hasLivePackage(ctx, phone.pid))) return;
  await recordLiveEvent(ctx, phone.pid, 'ack', { conversationId: conversationId(phone.id, chatId), msgId, ack });
}
