import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { phones } from './phones';
import { products } from './products';

/**
 * The warming pool (3-developer §3 "Warming record"): a phone of a product that, while its record is
 * active, exchanges messages with the other active phones of the same product's pool. The warming job
 * claims due records with a lease, sends one message through the send queue and schedules the next.
 */
export const warmingPhones = sqliteTable(
  'warming_phones',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    phoneId: integer()
      .notNull()
      .references(() => phones.id, { onDelete: 'cascade' }),
    status: text({ enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    /** When the phone joined the pool: its daily cap grows with the days since. */
    joinedAt: integer().notNull(),
    /** Earliest time of the phone's next warming message. */
    nextAt: integer().notNull(),
    leaseUntil: integer().notNull().default(0),
    /** The UTC day (days since the epoch) `sentToday` counts. */
    day: integer().notNull().default(0),
    sentToday: integer().notNull().default(0),
    sentTotal: integer().notNull().default(0),
    lastError: text(),
  },
  (t) => [
    uniqueIndex('warming_phones_phone_idx').on(t.phoneId),
    index('warming_phones_due_idx').on(t.status, t.nextAt),
  ],
);
export type WarmingRow = typeof warmingPhones.$inferSelect;
