/**
 * A campaign's and a recipient's states, the counts the campaign's page shows and the recipients
 * limit (issue 41), defined once: the db columns (db/schema/campaigns.ts), the API schemas
 * (schemas/campaigns.ts) and the console (web/lib/campaigns.ts) read them. No imports: db/ may read it.
 */
export const CAMPAIGN_STATUSES = ['scheduled', 'running', 'paused', 'completed', 'cancelled'] as const;

/** A recipient's states, in the order a message moves through them (`pending`: not on a phone's queue yet). */
export const RECIPIENT_STATUSES = [
  'pending',
  'queued',
  'sent',
  'delivered',
  'read',
  'replied',
  'failed',
  'opted_out',
  'invalid',
  'cancelled',
] as const;

/** What the counts name, in the order the page shows them (`held`: waiting for the schedule or a spent ban-protection budget). */
export const COUNT_NAMES = [
  'queued',
  'held',
  'sent',
  'delivered',
  'read',
  'replied',
  'failed',
  'opted_out',
  'invalid',
  'cancelled',
] as const;

/** Most recipients one campaign takes. */
export const CAMPAIGN_RECIPIENTS_MAX = 100_000;
