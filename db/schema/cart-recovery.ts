import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

/**
 * One row per user whose checkout failed or was abandoned, computed from their footprint events
 * (payment-declined, checkout-close, checkout-success) so the abandoned-cart dashboard pages on
 * indexes instead of grouping every footprint. `nextDueAt` is when the recovery job looks again.
 */
export const cartRecovery = sqliteTable(
  'cart_recovery',
  {
    uid: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull().default(''),
    paymentFailures: integer().notNull().default(0),
    checkoutCloses: integer().notNull().default(0),
    checkoutSuccess: integer().notNull().default(0),
    /** Start of the current abandoned episode (the first failure or close after the last payment): the schedule counts from it. */
    anchorAt: integer().notNull(),
    lastAbandonAt: integer().notNull(),
    lastSuccessAt: integer(),
    /** The footprint category of the last failure or close. */
    lastLabel: text().notNull(),
    planId: text(),
    /** The last attempt's price in cents and its currency. */
    price: integer().notNull(),
    currency: text().notNull().default('USD'),
    riskLevel: text({ enum: ['high', 'medium', 'low'] }).notNull(),
    status: text({ enum: ['high_risk', 'medium_risk', 'pending', 'recovered'] }).notNull(),
    /** Cents paid by the checkout that recovered this cart. */
    recoveredAmount: integer().notNull().default(0),
    extra: text({ mode: 'json' })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    note: text().notNull().default(''),
    unsubscribeToken: text().notNull(),
    unsubscribedAt: integer(),
    nextDueAt: integer(),
    updatedAt: integer().notNull(),
  },
  (t) => [
    index('cart_recovery_last_idx').on(t.lastAbandonAt),
    index('cart_recovery_status_idx').on(t.status, t.lastAbandonAt),
    index('cart_recovery_risk_idx').on(t.riskLevel, t.lastAbandonAt),
    index('cart_recovery_email_idx').on(t.email),
    index('cart_recovery_due_idx').on(t.nextDueAt),
    uniqueIndex('cart_recovery_token_idx').on(t.unsubscribeToken),
  ],
);
export type CartRecoveryRow = typeof cartRecovery.$inferSelect;

/**
 * Recovery e-mails sent, by the job or by staff. `stepKey` is the step's template for the first send
 * of that step: unique per user, and inserted in the same batch as the mail, so a step goes out once
 * across restarts and runners. Repeated manual sends carry no key.
 */
export const cartRecoverySends = sqliteTable(
  'cart_recovery_sends',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    uid: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    template: text().notNull(),
    stepKey: text(),
    /** The last event when it was sent (payment-declined or checkout-close). */
    event: text().notNull().default(''),
    source: text({ enum: ['job', 'staff'] }).notNull(),
    staffEmail: text().notNull().default(''),
    mailId: integer(),
    checkoutUrl: text(),
    at: integer().notNull(),
  },
  (t) => [
    uniqueIndex('cart_recovery_sends_step_idx').on(t.uid, t.stepKey),
    index('cart_recovery_sends_uid_idx').on(t.uid, t.at),
  ],
);

/** How far the footprint events have been folded into `cart_recovery` (one row, id 1). */
export const cartRecoveryCursor = sqliteTable('cart_recovery_cursor', {
  id: integer().primaryKey(),
  lastFootprintId: integer().notNull().default(0),
});
