import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The product's log (GET /logs): API calls (incoming), webhook deliveries (outgoing), failures
 * (error), message events (message) and phone status changes (status).
 */
export const logs = sqliteTable(
  'logs',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    pid: text().notNull(),
    phoneId: integer(),
    type: text({ enum: ['incoming', 'outgoing', 'error', 'message', 'status'] }).notNull(),
    data: text({ mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer().notNull(),
  },
  (t) => [index('logs_pid_idx').on(t.pid, t.id), index('logs_pid_type_idx').on(t.pid, t.type, t.id)],
);

/** Group membership events of a product's phones (the group action logs page). */
export const groupEvents = sqliteTable(
  'group_events',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    pid: text().notNull(),
    phoneId: integer().notNull(),
    groupId: text().notNull(),
    groupName: text().notNull().default(''),
    subtype: text().notNull(),
    participant: text().notNull(),
    by: text(),
    createdAt: integer().notNull(),
  },
  (t) => [index('group_events_pid_idx').on(t.pid, t.phoneId, t.subtype, t.id)],
);

/** Media of messages (received, or sent by base64), served at /media/<id>. */
export const media = sqliteTable(
  'media',
  {
    id: text().primaryKey(),
    pid: text().notNull(),
    phoneId: integer(),
    mime: text().notNull(),
    filename: text().notNull(),
    size: integer().notNull(),
    data: text().notNull(),
    createdAt: integer().notNull(),
  },
  (t) => [index('media_pid_idx').on(t.pid)],
);
