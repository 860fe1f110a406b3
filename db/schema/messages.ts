import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { phones } from './phones';

/**
 * Every message of a phone, both ways. Outgoing rows are the per-phone send queue: a row exists before
 * the API answers, and the sender loop moves it queued → sending → sent | failed (or purged).
 */
export const messages = sqliteTable(
  'messages',
  {
    seq: integer().primaryKey({ autoIncrement: true }),
    id: text().notNull(),
    pid: text().notNull(),
    phoneId: integer()
      .notNull()
      .references(() => phones.id, { onDelete: 'cascade' }),
    direction: text({ enum: ['out', 'in'] }).notNull(),
    chatId: text().notNull(),
    /** WhatsApp's message id; chosen before sending for outgoing rows. */
    waId: text().notNull(),
    type: text().notNull(),
    /** Outgoing: the request as accepted. Incoming: the message-data of the webhook. */
    body: text({ mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text({ enum: ['queued', 'sending', 'sent', 'failed', 'purged', 'received'] }).notNull(),
    /** What the duplicate filter compares (outgoing rows). */
    contentHash: text(),
    ack: integer().notNull().default(0),
    attempts: integer().notNull().default(0),
    nextAttemptAt: integer().notNull().default(0),
    error: text(),
    createdAt: integer().notNull(),
    sentAt: integer(),
    updatedAt: integer().notNull(),
    /**
     * Ban protection (issue 26): set by the claim on a row that opens a chat (its chat never wrote to
     * the phone and nothing was sent to it), null otherwise. Only while the row is 'sending' or 'sent':
     * the retry, release and failed outcomes clear it. The budgets count these rows.
     */
    openedAt: integer(),
    /** On an opener row: when its chat first answered (an incoming message); null while unanswered. */
    answeredAt: integer(),
  },
  (t) => [
    uniqueIndex('messages_id_idx').on(t.id),
    index('messages_queue_idx').on(t.phoneId, t.status, t.seq),
    index('messages_chat_idx').on(t.phoneId, t.chatId, t.seq),
    index('messages_wa_idx').on(t.phoneId, t.waId),
    /** New chats of a day: an index-only range count, bounded by the day's budget. */
    index('messages_opened_idx')
      .on(t.phoneId, t.openedAt)
      .where(sql`opened_at is not null`),
    /** Unanswered chats of the last 30 days: an index-only range count, bounded by the limit. */
    index('messages_unanswered_idx')
      .on(t.phoneId, t.openedAt)
      .where(sql`opened_at is not null and answered_at is null`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/**
 * Analytics' rollup: per account, UTC day, phone, chat and direction, how many messages. A trigger on
 * `messages` keeps it (every writer, on every entry, without a second statement), so a year reads one
 * row per conversation and day instead of every message. WITHOUT ROWID: the key's b-tree holds the
 * count. A message only bumps `n`; the chat index changes only on a chat's first message of a day.
 */
export const messageChatDays = sqliteTable(
  'message_chat_days',
  {
    pid: text().notNull(),
    /** The UTC day: `created_at / 86_400_000`. */
    day: integer().notNull(),
    phoneId: integer().notNull(),
    chatId: text().notNull(),
    direction: text({ enum: ['out', 'in'] }).notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pid, t.day, t.phoneId, t.chatId, t.direction] }),
    /** Conversations active in a range, grouped per (phone, chat) in index order: no sort. */
    index('message_chat_days_chat_idx').on(t.pid, t.phoneId, t.chatId, t.direction, t.day),
  ],
);

/**
 * sendMessage's Idempotency-Key: the first request with a key records its body's hash and, once
 * accepted, the message it made; a repeat within the window answers that message instead of sending.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    pid: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    state: text({ enum: ['pending', 'done'] }).notNull(),
    msgId: text(),
    chatId: text(),
    createdAt: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.pid, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
