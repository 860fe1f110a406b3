import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { liveNotes } from './live';
import { phones } from './phones';
import { products } from './products';

/**
 * What organises a team's inbox (issue 42). A "holder" is `a:<agent id>` or `o:<owner uid>`, as in
 * `live_conversations.holder`. Times are epoch milliseconds.
 */

/**
 * One conversation from the customer's first waiting message to its close: a chat has many over
 * time (the contact panel lists them; reports read first response, resolution and CSAT from them).
 * `participants` is a JSON array of the holders who took part (took, answered, transferred, closed).
 * Triggers keep the reports' rollup (`live_report_counts`, `live_report_hist`) in step with every write.
 */
export const liveThreads = sqliteTable(
  'live_threads',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    phoneId: integer()
      .notNull()
      .references(() => phones.id, { onDelete: 'cascade' }),
    chatJid: text().notNull(),
    createdAt: integer().notNull(),
    firstResponseAt: integer(),
    firstResponder: text(),
    closedAt: integer(),
    closer: text(),
    participants: text({ mode: 'json' }).$type<string[]>().notNull().default([]),
    awaySentAt: integer(),
    csatAskedAt: integer(),
    csatRating: integer(),
    csatAt: integer(),
  },
  (t) => [
    index('live_threads_chat_idx').on(t.phoneId, t.chatJid, t.id),
    /** The contact panel: a customer's threads on every line of the account, newest first. */
    index('live_threads_contact_idx').on(t.pid, t.chatJid, t.id),
    /** Closed By Agents (analytics): the threads closed in a range. Reports read `live_report_*` instead. */
    index('live_threads_closed_idx').on(t.pid, t.closedAt),
  ],
);
export type LiveThreadRow = typeof liveThreads.$inferSelect;

/** An account's labels: the owner defines them, agents apply them to conversations. */
export const liveLabels = sqliteTable(
  'live_labels',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    color: text().notNull(),
    createdAt: integer().notNull(),
  },
  (t) => [uniqueIndex('live_labels_pid_name_idx').on(t.pid, t.name)],
);

/** Labels applied to a conversation (a chat on a phone line). */
export const liveConversationLabels = sqliteTable(
  'live_conversation_labels',
  {
    phoneId: integer()
      .notNull()
      .references(() => phones.id, { onDelete: 'cascade' }),
    chatJid: text().notNull(),
    labelId: integer()
      .notNull()
      .references(() => liveLabels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.phoneId, t.chatJid, t.labelId] }),
    index('live_conversation_labels_label_idx').on(t.labelId),
  ],
);

/** What the team knows about a customer of the account, beyond the chat's name and number. */
export const liveContacts = sqliteTable(
  'live_contacts',
  {
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    chatJid: text().notNull(),
    name: text(),
    email: text(),
    attributes: text({ mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    updatedAt: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.pid, t.chatJid] })],
);

/** The owner's inbox settings. No row means the defaults (auto-assignment off, no CSAT, no hours). */
export const liveSettings = sqliteTable('live_settings', {
  pid: text()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  autoAssign: text({ enum: ['round_robin', 'off'] })
    .notNull()
    .default('off'),
  maxOpenPerAgent: integer().notNull().default(10),
  csat: integer({ mode: 'boolean' }).notNull().default(false),
  awayMessage: text().notNull().default(''),
  /** `{timezone, days: {mon: [{from: "09:00", to: "17:00"}], ...}}`, null when always open. */
  businessHours: text({ mode: 'json' }).$type<Record<string, unknown> | null>(),
  updatedAt: integer().notNull(),
});

/**
 * Who of the account is reachable. `chosen` is what the holder last picked (online until they pick);
 * `status` is what the team sees: the choice while one of their inbox streams is open, offline when
 * the last one closes (so opening the inbox again brings the choice back, and a chosen offline stays).
 */
export const livePresence = sqliteTable(
  'live_presence',
  {
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    holder: text().notNull(),
    status: text({ enum: ['online', 'busy', 'offline'] }).notNull(),
    chosen: text({ enum: ['online', 'busy', 'offline'] })
      .notNull()
      .default('online'),
    /** The last time a seat was given to this holder (round robin breaks ties by it). */
    lastAssignedAt: integer().notNull().default(0),
    updatedAt: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.pid, t.holder] })],
);

/**
 * One open inbox event stream of a holder. Its process touches `seen_at` while it runs, so a stream
 * that died with its process (a crash, a kill, an evicted Worker) is known by its age and swept
 * (inbox/presence-streams.ts) instead of keeping its holder online for ever.
 */
export const liveStreams = sqliteTable(
  'live_streams',
  {
    id: text().primaryKey(),
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    holder: text().notNull(),
    email: text().notNull(),
    openedAt: integer().notNull(),
    seenAt: integer().notNull(),
  },
  (t) => [index('live_streams_holder_idx').on(t.pid, t.holder, t.seenAt), index('live_streams_seen_idx').on(t.seenAt)],
);

/** A note's `@Name`: the mentioned holder sees it live and under `GET /api/live/mentions`. */
export const liveMentions = sqliteTable(
  'live_mentions',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    holder: text().notNull(),
    noteId: integer()
      .notNull()
      .references(() => liveNotes.id, { onDelete: 'cascade' }),
    phoneId: integer().notNull(),
    chatJid: text().notNull(),
    byEmail: text().notNull(),
    createdAt: integer().notNull(),
    readAt: integer(),
  },
  (t) => [index('live_mentions_holder_idx').on(t.pid, t.holder, t.id)],
);
