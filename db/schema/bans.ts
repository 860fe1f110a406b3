import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

/** Why staff banned a number (4-admin §3 "Ban"): trial abuse (the default) or a ban from the service. */
export const BAN_REASONS = ['trial-abuse', 'banned'] as const;
export type BanReason = (typeof BAN_REASONS)[number];

/**
 * Phone numbers staff banned (4-admin "Numbers"). `banned` numbers cannot be linked; `trial-abuse`
 * numbers cannot be linked on a trial and keep their accounts from starting one.
 */
export const numberBans = sqliteTable(
  'number_bans',
  {
    /** Digits only, country code first, as phones keep them. */
    number: text().primaryKey(),
    reason: text({ enum: BAN_REASONS }).notNull().default('trial-abuse'),
    staffUid: integer('staff_uid').references(() => users.id, { onDelete: 'set null' }),
    at: integer().notNull(),
  },
  (t) => [index('number_bans_at_idx').on(t.at)],
);
export type NumberBanRow = typeof numberBans.$inferSelect;
