import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The webhook outbox: one row per event and endpoint, written in the same moment as the event. The
 * deliverer claims due rows with a lease, posts them signed, and records every attempt.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** Stable across retries and redeliveries: receivers drop duplicates by it (webhook-id). */
    eventId: text().notNull(),
    pid: text().notNull(),
    phoneId: integer(),
    kind: text({ enum: ['message', 'ack', 'status', 'error', 'live_event', 'test', 'campaign'] }).notNull(),
    url: text().notNull(),
    payload: text({ mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text({ enum: ['pending', 'delivered', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: integer().notNull(),
    leaseUntil: integer().notNull().default(0),
    lastStatus: integer(),
    lastError: text(),
    createdAt: integer().notNull(),
    deliveredAt: integer(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_pid_idx').on(t.pid, t.id),
    uniqueIndex('webhook_deliveries_event_url_idx').on(t.eventId, t.url),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Every attempt of a delivery, with what the receiver answered. */
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    deliveryId: integer()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: integer().notNull(),
    statusCode: integer(),
    error: text(),
    durationMs: integer().notNull(),
    response: text(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
