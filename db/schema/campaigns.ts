import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CAMPAIGN_STATUSES, RECIPIENT_STATUSES } from '../../src/shared/campaign-states';
import { products } from './products';

export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/**
 * A campaign: one message to many recipients (issue 41). The counters hold how many recipients are in
 * each state; the trigger of migration 0025 moves them on every change of a recipient's status, so
 * the campaign's page reads one row however many recipients run.
 */
export const campaigns = sqliteTable(
  'campaigns',
  {
    id: text().primaryKey(),
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    status: text({ enum: CAMPAIGN_STATUSES }).notNull(),
    /** The message as sendMessage takes it, with `{{var}}` placeholders (no `to_number`). */
    message: text({ mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    phoneIds: text({ mode: 'json' }).$type<number[]>().notNull(),
    scheduleAt: integer().notNull(),
    startedAt: integer(),
    finishedAt: integer(),
    total: integer().notNull(),
    duplicates: integer().notNull().default(0),
    /** The dispatcher's hold on the campaign (claimDue). */
    leaseUntil: integer().notNull().default(0),
    createdAt: integer().notNull(),
    nPending: integer().notNull().default(0),
    nQueued: integer().notNull().default(0),
    nSent: integer().notNull().default(0),
    nDelivered: integer().notNull().default(0),
    nRead: integer().notNull().default(0),
    nReplied: integer().notNull().default(0),
    nFailed: integer().notNull().default(0),
    nOptedOut: integer().notNull().default(0),
    nInvalid: integer().notNull().default(0),
    nCancelled: integer().notNull().default(0),
  },
  (t) => [index('campaigns_pid_idx').on(t.pid, t.createdAt), index('campaigns_due_idx').on(t.status, t.scheduleAt)],
);
export type CampaignRow = typeof campaigns.$inferSelect;

/**
 * A campaign's recipients, in the order given (`seq`). `msg_id` is written in the same transaction as
 * the message row it names, and only while the recipient is still `pending`: each gets one message.
 */
export const campaignRecipients = sqliteTable(
  'campaign_recipients',
  {
    campaignId: text()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    /** International digits (no +); an invalid entry keeps what was written. */
    number: text().notNull(),
    /** The phone it goes from (a stable spread of the number over the campaign's phones). */
    phoneId: integer().notNull(),
    variables: text().notNull().default('{}'),
    status: text({ enum: RECIPIENT_STATUSES }).notNull(),
    msgId: text(),
    error: text(),
    updatedAt: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.seq] }),
    index('campaign_recipients_status_idx').on(t.campaignId, t.status, t.seq),
    index('campaign_recipients_phone_idx').on(t.campaignId, t.phoneId, t.status, t.seq),
    index('campaign_recipients_msg_idx')
      .on(t.msgId)
      .where(sql`msg_id is not null`),
    /** Replies: a number's recipients on the phone it wrote to. */
    index('campaign_recipients_reply_idx').on(t.phoneId, t.number),
  ],
);
export type CampaignRecipientRow = typeof campaignRecipients.$inferSelect;
