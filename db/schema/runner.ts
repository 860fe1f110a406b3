import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { phones } from './phones';

/** Runner processes that host phone sessions; a heartbeat older than the lease time means gone. */
export const runners = sqliteTable('runners', {
  id: text().primaryKey(),
  host: text().notNull(),
  pid: integer().notNull(),
  startedAt: integer().notNull(),
  heartbeatAt: integer().notNull(),
  /** Where the runner takes wake-up nudges (`http://host:port`), null when it serves no HTTP. */
  address: text(),
});

/** Which runner hosts a phone's session, until when. Renewed by the holder, taken over when expired. */
export const phoneLeases = sqliteTable(
  'phone_leases',
  {
    phoneId: integer()
      .primaryKey()
      .references(() => phones.id, { onDelete: 'cascade' }),
    runnerId: text().notNull(),
    leaseUntil: integer().notNull(),
    acquiredAt: integer().notNull(),
    /** Set by the holder once the session has started (instance_status readyReplicas). */
    readyAt: integer(),
    /**
     * The fencing token: raised by every claim, so a runner that lost the lease (and may not know it
     * yet) carries an older number, and its writes, which all require the number it holds, change nothing.
     */
    generation: integer().notNull().default(0),
  },
  (t) => [index('phone_leases_runner_idx').on(t.runnerId)],
);

/**
 * Work for the runner that holds a phone: API calls that need the live session (pairing code, number
 * check, groups, simulator controls) are rows, so any runner process can serve them.
 */
export const phoneCommands = sqliteTable(
  'phone_commands',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    phoneId: integer()
      .notNull()
      .references(() => phones.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    args: text({ mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text({ enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    result: text({ mode: 'json' }).$type<unknown>(),
    error: text(),
    errorCode: text(),
    createdAt: integer().notNull(),
    expiresAt: integer().notNull(),
    doneAt: integer(),
  },
  (t) => [index('phone_commands_pending_idx').on(t.status, t.phoneId)],
);
export type CommandRow = typeof phoneCommands.$inferSelect;
