import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { phones } from './phones';

/**
 * What Meta's webhook delivered for official numbers (engine `cloud`), kept before the delivery is
 * answered: one row per inbound message and per status change, routed to its phone by
 * `metadata.phone_number_id`. The unique event id (the message's wamid, or `<wamid>:<status>`) makes a
 * retried delivery a no-op; the runner that hosts the phone's session turns pending rows into
 * messages and acks, in the order they arrived, and marks them done.
 */
export const cloudInbox = sqliteTable(
  'cloud_inbox',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    phoneId: integer()
      .notNull()
      .references(() => phones.id, { onDelete: 'cascade' }),
    /** `quality`: a `phone_number_quality_update` (the number's tier is read again). */
    kind: text({ enum: ['message', 'status', 'quality'] }).notNull(),
    eventId: text().notNull(),
    /** The message or status object as Meta sent it, with the entry's `contacts` beside a message. */
    payload: text({ mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    receivedAt: integer().notNull(),
    doneAt: integer(),
  },
  (t) => [
    uniqueIndex('cloud_inbox_event_idx').on(t.phoneId, t.kind, t.eventId),
    index('cloud_inbox_pending_idx').on(t.phoneId, t.doneAt, t.id),
  ],
);
export type CloudInboxRow = typeof cloudInbox.$inferSelect;
