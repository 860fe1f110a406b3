import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { phones } from './phones';

/**
 * Ban protection of a phone (issue 26): the budgets the runner's claim enforces. No row: protection
 * is off. `*_state` is the last state a `protection` event was emitted for, so the 80 % / 100 % /
 * cleared events go out once each.
 */
export const phoneProtection = sqliteTable('phone_protection', {
  phoneId: integer()
    .primaryKey()
    .references(() => phones.id, { onDelete: 'cascade' }),
  enabled: integer({ mode: 'boolean' }).notNull().default(true),
  /** New chats allowed on the number's first day (the day of its first 'active'). */
  rampStart: integer().notNull().default(20),
  /** Added each day after the first. */
  rampStep: integer().notNull().default(20),
  /** The top of the ramp: a number linked long ago starts here. */
  rampMax: integer().notNull().default(250),
  /** Chats written to in the last 30 days that never answered. */
  unansweredLimit: integer().notNull().default(300),
  onLimit: text({ enum: ['hold', 'refuse'] })
    .notNull()
    .default('hold'),
  newChatsState: text({ enum: ['ok', 'warning', 'reached'] })
    .notNull()
    .default('ok'),
  unansweredState: text({ enum: ['ok', 'warning', 'reached'] })
    .notNull()
    .default('ok'),
  updatedAt: integer().notNull(),
});
export type ProtectionRow = typeof phoneProtection.$inferSelect;
