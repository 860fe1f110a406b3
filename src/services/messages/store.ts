import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { InStatement, ResultSet } from '@libsql/client';
import type { Db } from '../../../db/client';
import { chats, messages, type MessageRow } from '../../../db/schema';
import type { Ack, ChatSummary, IncomingMessage } from '../../engines/types';
import { conditionOf, END_OF_TURN, groupCommit, insertRow, type Condition, type Statement } from '../group-commit';

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

/**
 * A message on its chat (the chat list and the screen show it), as a query for a batch: the chat
 * created, or its preview and time moved on; an incoming message adds `unreadDelta` to its unread
 * count (a sent one clears it) and renames it after its sender (`name`). Only while `onlyIf` holds
 * (an incoming message is new; the runner holds the phone's lease).
 */
function chatTouchQuery(
  db: Db,
  phoneId: number,
  jid: string,
  name: string | undefined,
  text: string,
  at: number,
  unreadDelta: number,
  onlyIf: SQL,
) {
  const preview = text.slice(0, 200);
  const unread = unreadDelta > 0 ? sql`unread = unread + ${unreadDelta}` : sql`unread = 0`;
  return db.run(sql`insert into chats (phone_id, jid, name, type, last_text, last_at, unread)
    select ${phoneId}, ${jid}, ${name ?? ''}, ${chatType(jid)}, ${preview}, ${at}, ${Math.max(0, unreadDelta)} where ${onlyIf}
    on conflict (phone_id, jid) do update set last_text = excluded.last_text, last_at = excluded.last_at, ${unread}${name ? sql`, name = excluded.name` : sql``}`);
}

/**
 * What an incoming message means elsewhere (its log row and webhook, its inbox conversation, its
 * agent's queue): `stmts` commit with its row, each only if `isNew` holds (the message is not stored
 * yet, checked in the transaction); `committed` follows once they have, with their results (it is
 * not called for a redelivered message, which writes nothing).
 */
export interface IncomingWork {
  stmts: InStatement[];
  committed?(results: ResultSet[]): void | Promise<void>;
}
export type IncomingCompanions = (id: string, isNew: Condition) => Promise<IncomingWork>;

/** Several parts' work as one: their writes in order; once committed, each part's follow-up with its own results, in turn. */
export function allOf(parts: readonly IncomingWork[]): IncomingWork {
  return {
    stmts: parts.flatMap((p) => p.stmts),
    async committed(results) {
      let at = 0;
      for (const p of parts) {
        const mine = results.slice(at, (at += p.stmts.length));
        await p.committed?.(mine);
      }
    },
  };
}

/**
 * Stores an incoming message and its chat, with the `companions` its arrival means elsewhere: one
 * transaction, so a crash leaves all of them or none. Returns the row id, or null when it was already
 * stored: a redelivered message writes nothing, without a read before the write (each companion
 * carries the condition, checked in the transaction before the row goes in).
 */
export async function recordIncoming(
  db: Db,
  pid: string,
  phoneId: number,
  m: IncomingMessage,
  now: number,
  companions?: IncomingCompanions,
): Promise<string | null> {
  const id = serializedId(m.key.fromMe, m.key.chatId, m.key.id, m.key.participant);
  const isNewSql = sql`not exists (select 1 from ${messages} where ${messages.id} = ${id})`;
  const isNew = conditionOf(isNewSql);
  const body = { ...m.message, from: m.from, ...(m.quoted ? { quoted: m.quoted } : {}), timestamp: m.timestamp };
  const chatId = m.key.chatId;
  const work = companions ? await companions(id, isNew) : { stmts: [] };
  const stmts: Statement[] = [...work.stmts];
  // Ban protection: the chat answered, so the chats it opened no longer count as unanswered.
  if (!m.key.fromMe) {
    stmts.push({
      sql: `update messages set answered_at = ? where phone_id = ? and chat_id = ? and opened_at is not null and answered_at is null and ${isNew.sql}`,
      args: [now, phoneId, chatId, ...isNew.args],
    });
  }
  const chatName = m.chatName ?? (chatId.endsWith('@g.us') ? undefined : m.from.name);
  const at = m.timestamp * 1000 || now;
  const unread = m.key.fromMe ? 0 : 1;
  stmts.push(chatTouchQuery(db, phoneId, chatId, chatName, previewText(m.message), at, unread, isNewSql));
  stmts.push(
    insertRow(
      'insert into messages (id, pid, phone_id, direction, chat_id, wa_id, type, body, status, created_at, updated_at)',
      [id, pid, phoneId, 'in', chatId, m.key.id, m.message.type, JSON.stringify(body), 'received', now, now],
      undefined,
      'on conflict do nothing',
    ),
  );
  const results = await groupCommit(db).run(stmts, END_OF_TURN);
  if ((results.at(-1) as ResultSet).rowsAffected !== 1) return null;
  await work.committed?.(results.slice(0, work.stmts.length) as ResultSet[]);
  return id;
}

/**
 * Records a sent message on its chat, as a query for the runner's batch, only while `fence` holds (a
 * runner that lost the phone's lease settles its sends in the same batch as the rows, and must change nothing).
 */
export function sentOnChatQuery(
  db: Db,
  phoneId: number,
  chatId: string,
  body: Record<string, unknown>,
  at: number,
  fence: SQL,
) {
  return chatTouchQuery(db, phoneId, chatId, undefined, previewText(body), at, 0, fence);
}

/**
 * A sent message the network gave up on afterwards (the Cloud API's `failed` status): failed with the
 * reason, while `fence` holds; answers the row when it changed. `companions` are the writes that go
 * with it (its log row and webhooks), given the row and the condition they must carry.
 */
export async function failAfterSent(
  db: Db,
  phoneId: number,
  waId: string,
  reason: string,
  now: number,
  fence?: SQL,
  companions?: (row: MessageRow, onlyIf: Condition) => Promise<InStatement[]>,
): Promise<MessageRow | undefined> {
  const mine = and(
    eq(messages.phoneId, phoneId),
    eq(messages.waId, waId),
    eq(messages.direction, 'out'),
    inArray(messages.status, ['sending', 'sent']),
    fence,
  );
  const update = db.update(messages).set({ status: 'failed', error: reason, updatedAt: now }).where(mine).returning();
  if (!companions) return update.get();
  // The writes that go with it (its log row and webhooks) name the row: read it, then write them with it, or neither.
  const row = await db.select().from(messages).where(mine).get();
  if (!row) return undefined;
  const before = await companions(row, conditionOf(sql`exists (select 1 from ${messages} where ${mine})`));
  const results = await groupCommit(db).run([...before, update]);
  return (results.at(-1) as MessageRow[])[0];
}

/** Raises an outgoing message's ack (acks only move forward), as a query for a batch; its row (API id) when it changed. `fence`: the runner's lease condition. */
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
