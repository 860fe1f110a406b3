import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { products } from './products';

/**
 * A product's opt-out list (issue 41): numbers that asked not to be messaged by campaigns. `number`
 * is the digits of the international number (no +). `source`: `keyword` (the customer wrote STOP or
 * one of the product's words), `api` (added with POST /optouts).
 */
export const optouts = sqliteTable(
  'optouts',
  {
    pid: text('pid')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    source: text({ enum: ['keyword', 'api'] }).notNull(),
    /** The phone a keyword arrived on (null when added by the API). */
    phoneId: integer(),
    createdAt: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.pid, t.number] })],
);

/** The words besides STOP and UNSUBSCRIBE that opt a customer out, per product (JSON array of strings). */
export const optoutSettings = sqliteTable('optout_settings', {
  pid: text()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  words: text().notNull().default('[]'),
});
