import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { ResultSet } from '@libsql/client';
import type { Db } from '../../../db/client';
import { chats, messages, type MessageRow } from '../../../db/schema';
import type { AckGuard, Consequences } from '../events/consequence';
import type { Ack, ChatSummary, IncomingMessage } from '../../engines/types';
import {
  conditionOf,
  END_OF_TURN,
  groupCommit,
  insertRow,
  rowMatches,
  type Condition,
  type Statement,
} from '../group-commit';
import { templateSummary, templateText } from '../../shared/cloud';

/** The API's id of an incoming message: WhatsApp's serialized key (`false_<chat>_<id>`). */
export function serializedId(fromMe: boolean, chatId: string, waId: string, participant?: string): string {
  return `${fromMe}_${chatId}_${waId}${participant ? `_${participant}` : ''}`;
}

/** Short text of a message for chat lists and the screen. */
export function previewText(body: Record<string, unknown>): string {
  const type = String(body.type ?? 'text');
  const text = typeof body.text === 'string' ? body.text : typeof body.message === 'string' ? body.message : '';
  if (type === 'text' || type === 'link') return text;
  const template = type === 'template' ? templateSummary(body.template) : null;
  if (template) return templateText(template);
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

/** What an incoming message means besides its row (services/events/incoming.ts), given its API id and "not stored yet". */
export type IncomingConsequences = (id: string, isNew: Condition) => Promise<Consequences>;

/**
 * Stores an incoming message and its chat, with the `consequences` its arrival has elsewhere
 * (services/events/incoming.ts): one transaction, so a crash leaves all of them or none. Returns the
 * row id, or null when it was already stored: a redelivered message writes nothing, without a read
 * before the write (each statement of the consequences carries the condition, checked in the
 * transaction before the row goes in).
 */
export async function recordIncoming(
  db: Db,
  pid: string,
  phoneId: number,
  m: IncomingMessage,
  now: number,
  consequences?: IncomingConsequences,
): Promise<string | null> {
  const id = serializedId(m.key.fromMe, m.key.chatId, m.key.id, m.key.participant);
  const isNewSql = sql`not exists (select 1 from ${messages} where ${messages.id} = ${id})`;
  const isNew = conditionOf(isNewSql);
  const body = { ...m.message, from: m.from, ...(m.quoted ? { quoted: m.quoted } : {}), timestamp: m.timestamp };
  const chatId = m.key.chatId;
  const work = consequences ? await consequences(id, isNew) : { stmts: [] };
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
 * reason, while `fence` holds; answers the row when it changed. `consequences` are what the failure
 * means besides its row (services/events/failed.ts: its log row and webhooks), given the row and the
 * condition their statements must carry; their follow-up runs once they committed.
 */
export async function failAfterSent(
  db: Db,
  phoneId: number,
  waId: string,
  reason: string,
  now: number,
  fence?: SQL,
  consequences?: (row: MessageRow, onlyIf: Condition) => Promise<Consequences>,
): Promise<MessageRow | undefined> {
  const mine = and(
    eq(messages.phoneId, phoneId),
    eq(messages.waId, waId),
    eq(messages.direction, 'out'),
    inArray(messages.status, ['sending', 'sent']),
    fence,
  );
  const update = db.update(messages).set({ status: 'failed', error: reason, updatedAt: now }).where(mine).returning();
  if (!consequences) return update.get();
  // Its consequences (its log row and webhooks) name the row: read it, then write them with it, or neither.
  const row = await db.select().from(messages).where(mine).get();
  if (!row) return undefined;
  const work = await consequences(row, rowMatches(messages, mine));
  const results = await groupCommit(db).run([...work.stmts, update]);
  const changed = (results.at(-1) as MessageRow[])[0];
  if (changed) await work.committed?.(results.slice(0, -1) as ResultSet[]);
  return changed;
}

/** Acks are many (sent, delivered, read per message) and in no hurry: they wait this long for company. */
const ACK_WAIT_MS = 100;

/**
 * Raises an outgoing message's ack (acks only move forward) while `fence` holds (the runner's lease),
 * with its `consequences` (services/events/ack.ts: its webhook, its inbox event) in the same
 * transaction: they go first, on the condition that the ack raises the row, and name the row by an
 * SQL expression, so nothing is read before the write. Answers the row's id when it changed.
 */
export async function recordAck(
  db: Db,
  phoneId: number,
  ack: Ack,
  now: number,
  fence?: SQL,
  consequences?: (guard: () => AckGuard) => Promise<Consequences>,
): Promise<string | undefined> {
  const mine = and(
    eq(messages.phoneId, phoneId),
    eq(messages.waId, ack.waId),
    eq(messages.direction, 'out'),
    lt(messages.ack, ack.ack),
    fence,
  );
  let guard: AckGuard | undefined;
  const guardOf = () =>
    (guard ??= {
      onlyIf: rowMatches(messages, mine),
      msgId: conditionOf(sql`(select ${messages.id} from ${messages} where ${mine} limit 1)`),
    });
  const work = consequences ? await consequences(guardOf) : { stmts: [] };
  const update = db.update(messages).set({ ack: ack.ack, updatedAt: now }).where(mine).returning({ id: messages.id });
  const results = await groupCommit(db).run([...work.stmts, update], ACK_WAIT_MS);
  const changed = (results.at(-1) as { id: string }[])[0];
  if (changed) await work.committed?.(results.slice(0, work.stmts.length) as ResultSet[]);
  return changed?.id;
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
