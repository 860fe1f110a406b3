import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { phones } from './phones';
import { products } from './products';

/**
 * Who handles a chat in the live-chat inbox. The chat and its messages stay in `chats` / `messages`
 * (what the API reads); this row only adds the assignment. A chat without a row has had no
 * interaction. `holder` is `a:<agent id>` or `o:<owner uid>`, empty when nobody holds it.
 */
export const liveConversations = sqliteTable(
  'live_conversations',
  {
    phoneId: integer()
      .notNull()
      .references(() => phones.id, { onDelete: 'cascade' }),
    chatJid: text().notNull(),
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    state: text({ enum: ['waiting', 'taken', 'closed', 'snoozed'] }).notNull(),
    holder: text().notNull().default(''),
    holderEmail: text().notNull().default(''),
    takenAt: integer(),
    closedAt: integer(),
    lastIncomingAt: integer().notNull().default(0),
    unread: integer().notNull().default(0),
    updatedAt: integer().notNull(),
    /** Team inbox (issue 42): how urgent it is, when a snooze ends, the open thread (`live_threads.id`). */
    priority: text({ enum: ['none', 'low', 'medium', 'high', 'urgent'] })
      .notNull()
      .default('none'),
    snoozedUntil: integer(),
    threadId: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.phoneId, t.chatJid] }),
    index('live_conversations_pid_state_idx').on(t.pid, t.state, t.updatedAt),
    /** Analytics per agent: covers what takenInfoByAgents reads, grouped by holder without a sort. */
    index('live_conversations_holder_idx').on(t.pid, t.holderEmail, t.state, t.updatedAt, t.takenAt, t.closedAt),
    /** Analytics: conversations closed in a range (covering). */
    index('live_conversations_closed_idx').on(t.pid, t.state, t.closedAt),
    /** Analytics: a conversation's state by its key without reading the row (statusInfo's join). */
    index('live_conversations_state_idx').on(t.phoneId, t.chatJid, t.state),
    /** Snoozed conversations whose time has come. */
    index('live_conversations_snooze_idx').on(t.state, t.snoozedUntil),
  ],
);
export type LiveConversationRow = typeof liveConversations.$inferSelect;

/** Private notes on a conversation: agents of the account read them, the customer never does. */
export const liveNotes = sqliteTable(
  'live_notes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    phoneId: integer()
      .notNull()
      .references(() => phones.id, { onDelete: 'cascade' }),
    chatJid: text().notNull(),
    authorEmail: text().notNull(),
    text: text().notNull(),
    createdAt: integer().notNull(),
  },
  (t) => [index('live_notes_chat_idx').on(t.phoneId, t.chatJid, t.id)],
);

/** Canned replies of an account, inserted in the composer with `/shortcut`. */
export const liveCannedReplies = sqliteTable(
  'live_canned_replies',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shortcut: text().notNull(),
    text: text().notNull(),
    createdAt: integer().notNull(),
  },
  (t) => [index('live_canned_replies_pid_idx').on(t.pid, t.shortcut)],
);

/**
 * The inbox's event log per account: the SSE stream replays it from `Last-Event-ID`, so a dropped
 * connection misses nothing.
 */
export const liveEvents = sqliteTable(
  'live_events',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    pid: text().notNull(),
    type: text().notNull(),
    data: text({ mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer().notNull(),
  },
  (t) => [index('live_events_pid_idx').on(t.pid, t.id)],
);
