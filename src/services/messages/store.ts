import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chats, messages, type MessageRow } from '../../../db/schema';
import type { Ack, ChatSummary, IncomingMessage } from '../../engines/types';

/** The API's id of an incoming message: WhatsApp's serialized key (`false_<chat>_<id>`). */
export function serializedId(fromMe: boolean, chatId: string, waId: string, participant?: string): string {
  return `${fromMe}_${chatId}_${waId}${participant ? `_${participant}` : ''}`;
}

/** Short text of a message for chat lists and the screen. */
export function previewText(body: Record<string, unknown>): string {
  const type = String(body.type ?? 'text');
  const text = typeof body.text === 'string' ? body.text : typeof body.message === 'string' ? body.message : '';
  if (type === 'text' || type === 'link') return text;
  // Incoming media carry `caption`; a send carries its caption in `text` (`message` is the file).
  const captionText =
    typeof body.caption === 'string' && body.caption ? body.caption : typeof body.text === 'string' ? body.text : '';
  return `[${type}]${captionText ? `: ${captionText}` : ''}`;
}

/** A chat's kind from its id. */
const chatType = (jid: string) => (jid.endsWith('@g.us') ? 'group' : jid.endsWith('@broadcast') ? 'broadcast' : 'chat');

async function touchChat(
  db: Db,
  phoneId: number,
  jid: string,
  name: string | undefined,
  text: string,
  at: number,
  unreadDelta: number,
): Promise<void> {
  const type = chatType(jid);
  await db
    .insert(chats)
    .values({
      phoneId,
      jid,
      name: name ?? '',
      type,
      lastText: text.slice(0, 200),
      lastAt: at,
      unread: Math.max(0, unreadDelta),
    })
    .onConflictDoUpdate({
      target: [chats.phoneId, chats.jid],
      set: {
        lastText: text.slice(0, 200),
        lastAt: at,
        unread: unreadDelta > 0 ? sql`${chats.unread} + ${unreadDelta}` : 0,
        ...(name ? { name } : {}),
      },
    });
}

/** Stores an incoming message and its chat; returns the row id, or null when it was already stored. */
export async function recordIncoming(
  db: Db,
  pid: string,
  phoneId: number,
  m: IncomingMessage,
  now: number,
): Promise<string | null> {
  const id = serializedId(m.key.fromMe, m.key.chatId, m.key.id, m.key.participant);
  const body = { ...m.message, from: m.from, ...(m.quoted ? { quoted: m.quoted } : {}), timestamp: m.timestamp };
  // The unique id makes a redelivered message a no-op, without a read before the write.
  const res = await db
    .insert(messages)
    .values({
      id,
      pid,
      phoneId,
      direction: 'in',
      chatId: m.key.chatId,
      waId: m.key.id,
      type: m.message.type,
      body,
      status: 'received',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  if (res.rowsAffected === 0) return null;
  // Ban protection: the chat answered, so the chats it opened no longer count as unanswered.
  if (!m.key.fromMe) {
    await db
      .update(messages)
      .set({ answeredAt: now })
      .where(
        and(
          eq(messages.phoneId, phoneId),
          eq(messages.chatId, m.key.chatId),
          sql`${messages.openedAt} is not null`,
          sql`${messages.answeredAt} is null`,
        ),
      );
  }
  const chatName = m.chatName ?? (m.key.chatId.endsWith('@g.us') ? undefined : m.from.name);
  await touchChat(
    db,
    phoneId,
    m.key.chatId,
    chatName,
    previewText(m.message),
    m.timestamp * 1000 || now,
    m.key.fromMe ? 0 : 1,
  );
  return id;
}

/**
 * Records a sent message on its chat (the chat list and the screen show it), as a query for the
 * runner's batch: what touchChat writes for an outgoing message, only while `fence` holds (a runner
 * that lost the phone's lease settles its sends in the same batch as the rows, and must change nothing).
 */
export function sentOnChatQuery(
  db: Db,
  phoneId: number,
  chatId: string,
  body: Record<string, unknown>,
  at: number,
  fence: SQL,
) {
  const text = previewText(body).slice(0, 200);
  return db.run(sql`insert into chats (phone_id, jid, name, type, last_text, last_at, unread)
    select ${phoneId}, ${chatId}, '', ${chatType(chatId)}, ${text}, ${at}, 0 where ${fence}
    on conflict (phone_id, jid) do update set last_text = excluded.last_text, last_at = excluded.last_at, unread = 0`);
}

/** Raises an outgoing message's ack (acks only move forward), as a query for a batch; its row (API id) when it changed. `fence`: the runner's lease condition. */
/**
 * A sent message the network gave up on afterwards (the Cloud API's `failed` status): failed with the
 * reason, while `fence` holds; answers the row when it changed.
 */
export function failAfterSent(
  db: Db,
  phoneId: number,
  waId: string,
  reason: string,
  now: number,
  fence?: SQL,
): Promise<MessageRow | undefined> {
  return db
    .update(messages)
    .set({ status: 'failed', error: reason, updatedAt: now })
    .where(
      and(
        eq(messages.phoneId, phoneId),
        eq(messages.waId, waId),
        eq(messages.direction, 'out'),
        inArray(messages.status, ['sending', 'sent']),
        fence,
      ),
    )
    .returning()
    .get();
}

export function ackQuery(db: Db, phoneId: number, ack: Ack, now: number, fence?: SQL) {
  return db
    .update(messages)
    .set({ ack: ack.ack, updatedAt: now })
    .where(
      and(
        eq(messages.phoneId, phoneId),
        eq(messages.waId, ack.waId),
        eq(messages.direction, 'out'),
        lt(messages.ack, ack.ack),
        fence,
      ),
    )
    .returning({ id: messages.id, ack: messages.ack });
}

export async function recordChats(db: Db, phoneId: number, list: ChatSummary[]): Promise<void> {
  for (const c of list.slice(0, 5_000)) {
    await db
      .insert(chats)
      .values({ phoneId, jid: c.id, name: c.name, type: c.type })
      .onConflictDoUpdate({ target: [chats.phoneId, chats.jid], set: c.name ? { name: c.name } : { type: c.type } });
  }
}

/** A stored message by its row number (a quote or forward being sent). */
export function messageBySeq(db: Db, seq: number): Promise<MessageRow | undefined> {
  return db.select().from(messages).where(eq(messages.seq, seq)).get();
}
