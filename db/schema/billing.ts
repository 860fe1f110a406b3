import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { products } from './products';

/** Company and VAT details given at checkout (Purchase company form in 1-console §3). */
export interface CheckoutCompany {
  vatNumber?: string;
  companyName?: string;
  companyStreet?: string;
  companyCity?: string;
  companyState?: string;
  companyCountry?: string;
  companyPostCode?: string;
  phonenumber?: string;
}

/**
 * A subscription as billing events leave it. It changes only when a verified provider event (or the
 * sandbox's same event) is applied; `eventAt` is the occurrence time of the newest applied event, so
 * an older event arriving late changes nothing.
 */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text().primaryKey(),
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    uid: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text({ enum: ['sandbox', 'paddle'] }).notNull(),
    planId: text().notNull(),
    status: text({ enum: ['active', 'past_due', 'paused', 'deleted', 'temporary'] }).notNull(),
    quantity: integer().notNull(),
    /** Price of one unit per period, in cents. */
    unitPrice: integer().notNull(),
    currency: text().notNull().default('USD'),
    periodStart: integer().notNull(),
    nextBillDate: integer(),
    /** A reduction waiting for the period end, and the phones it disables then. */
    scheduledQuantity: integer(),
    scheduledPhoneIds: text({ mode: 'json' }).$type<number[]>(),
    attemptNumber: integer().notNull().default(0),
    nextRetryDate: integer(),
    /** Sandbox only: the card on file decides how the next charges go. */
    card: text(),
    email: text().notNull().default(''),
    trialType: text(),
    feedback: text({ mode: 'json' }).$type<{ option: string; text: string } | null>(),
    eventAt: integer().notNull(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
    endedAt: integer(),
    /** A cancel scheduled for the end of the paid period (Paddle's `scheduled_change` of action cancel); null when none. */
    cancelAt: integer(),
  },
  (t) => [
    index('subscriptions_pid_idx').on(t.pid, t.status),
    index('subscriptions_due_idx').on(t.status, t.nextBillDate),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Charges of a subscription: paid or failed, with their receipt. */
export const payments = sqliteTable(
  'payments',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    subscriptionId: text()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    pid: text().notNull(),
    /** The provider's transaction id (or the sandbox's), unique: a replayed payment event adds nothing. */
    txnId: text().notNull().unique(),
    kind: text({ enum: ['checkout', 'renewal', 'proration', 'retry', 'restart', 'custom'] }).notNull(),
    amount: integer().notNull(),
    currency: text().notNull().default('USD'),
    isPaid: integer({ mode: 'boolean' }).notNull(),
    quantity: integer().notNull(),
    receiptUrl: text(),
    at: integer().notNull(),
  },
  (t) => [index('payments_sub_idx').on(t.subscriptionId, t.id)],
);
export type PaymentRow = typeof payments.$inferSelect;

/** Checkouts started from the console (or a staff custom link); paid ones become subscriptions. */
export const checkouts = sqliteTable(
  'checkouts',
  {
    id: text().primaryKey(),
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    uid: integer().notNull(),
    provider: text({ enum: ['sandbox', 'paddle'] }).notNull(),
    planId: text().notNull(),
    quantity: integer().notNull(),
    amount: integer().notNull(),
    email: text().notNull(),
    company: text({ mode: 'json' }).$type<CheckoutCompany | null>(),
    country: text(),
    postcode: text(),
    /** Staff custom links: their own price, title and message. */
    title: text(),
    message: text(),
    /** For a payment-method update: the subscription whose card changes. */
    subscriptionId: text(),
    /** A percentage off the first payment (cart-recovery links) and the code it goes by at the provider. */
    discountPercent: integer(),
    discountCode: text(),
    status: text({ enum: ['open', 'paid', 'declined', 'closed'] }).notNull(),
    providerRef: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  // status + createdAt: the back-office's Checkout Error page lists old open checkouts.
  (t) => [index('checkouts_pid_idx').on(t.pid), index('checkouts_status_idx').on(t.status, t.createdAt)],
);
export type CheckoutRow = typeof checkouts.$inferSelect;

/** Applied provider events by id: a duplicated or replayed event finds its id here and changes nothing. */
export const billingEvents = sqliteTable('billing_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  subscriptionId: text(),
  occurredAt: integer().notNull(),
  payload: text({ mode: 'json' })
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'`),
  appliedAt: integer().notNull(),
});

/** The sandbox's clock: how far tests and demos moved billing time ahead of the wall clock. */
export const sandboxClock = sqliteTable('sandbox_clock', {
  id: integer().primaryKey(),
  offsetMs: integer().notNull().default(0),
});

/** What a user did around checkouts and cancellations (footprint events); the back-office reads them. */
export const footprints = sqliteTable(
  'footprints',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    uid: integer().references(() => users.id, { onDelete: 'cascade' }),
    category: text().notNull(),
    label: text().notNull().default(''),
    extra: text({ mode: 'json' })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    at: integer().notNull(),
  },
  // (category, label, at): the back-office's feedback page counts and filters by reason from the index alone.
  (t) => [
    index('footprints_uid_idx').on(t.uid, t.at),
    index('footprints_category_idx').on(t.category, t.at),
    index('footprints_label_idx').on(t.category, t.label, t.at),
  ],
);
