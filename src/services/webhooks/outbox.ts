import type { InStatement } from '@libsql/client';
import { and, eq, inArray, lt, lte } from 'drizzle-orm';
import { webhookAttempts, webhookDeliveries, type WebhookDeliveryRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { claimDue } from '../claim';
import { insertRow, type Condition, type Expr } from '../group-commit';
import type { ServiceCtx } from '../context';
import { writeLog } from '../logs/write';

/**
 * The webhook outbox (`webhook_deliveries` and its attempts): its one owner. A row is the promise to
 * deliver an event; the deliverer job claims due rows, posts them and records each attempt here.
 */

type Kind = (typeof webhookDeliveries.$inferInsert)['kind'];

/** Retries after the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; then the delivery is dead. */
export const RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

/** A new stable event id. */
export function eventId(): string {
  return `evt_${crypto.randomUUID().replace(/-/g, '')}`;
}

/** An event for an endpoint, as the outbox keeps it. */
export interface Delivery {
  pid: string;
  phoneId: number | null;
  kind: Kind;
  url: string;
  payload: Record<string, unknown>;
  eventId?: string;
}

const HEAD =
  'insert into webhook_deliveries (event_id, pid, phone_id, kind, url, payload, next_attempt_at, created_at)';

/**
 * An outbox row as a statement, for a caller that commits it with other writes in one transaction
 * (an incoming message's row and its log row); with `onlyIf`, written only when that holds. Once the
 * transaction committed, `outboxFilled` wakes the deliverer.
 */
export function deliveryRow(
  ctx: Pick<ServiceCtx, 'now'>,
  e: Delivery,
  onlyIf?: Condition,
  /** The payload built in SQL (`jsonSet`: a field read in the transaction) instead of `e.payload`. */
  payload?: Expr,
): InStatement {
  const now = ctx.now();
  const values = [
    e.eventId ?? eventId(),
    e.pid,
    e.phoneId,
    e.kind,
    e.url,
    payload ?? JSON.stringify(e.payload),
    now,
    now,
  ];
  return insertRow(HEAD, values, onlyIf, 'on conflict do nothing');
}

/** Tells the deliverer that the outbox has new rows (it also polls). */
export function outboxFilled(ctx: Pick<ServiceCtx, 'bus'>): void {
  ctx.bus?.emit('outbox', {});
}

/** Puts an event in the outbox for its endpoint (the row is the promise to deliver it). */
export async function enqueueDelivery(ctx: ServiceCtx, e: Delivery): Promise<string> {
  const id = e.eventId ?? eventId();
  await ctx.db.$client.execute(deliveryRow(ctx, { ...e, eventId: id }));
  outboxFilled(ctx);
  return id;
}

/** Claims up to `limit` due deliveries with a lease of `leaseMs` (so two processes never post the same attempt). */
export function claimDeliveries(ctx: ServiceCtx, limit: number, leaseMs: number): Promise<WebhookDeliveryRow[]> {
  const now = ctx.now();
  return claimDue(ctx.db, webhookDeliveries, {
    due: and(
      eq(webhookDeliveries.status, 'pending'),
      lte(webhookDeliveries.nextAttemptAt, now),
      lt(webhookDeliveries.leaseUntil, now),
    ),
    order: 'nextAttemptAt',
    limit,
    leaseUntil: now + leaseMs,
  });
}

/** What one POST of a delivery answered. */
export interface AttemptResult {
  status: number | null;
  error?: string | null;
  durationMs: number;
  body?: string | null;
}

/** Records one attempt: the attempt row, the delivery closed or its next attempt scheduled, and the log entry. */
export async function recordAttempt(
  ctx: ServiceCtx,
  d: WebhookDeliveryRow,
  res: AttemptResult,
): Promise<'delivered' | 'dead' | 'retry'> {
  const ok = res.status !== null && res.status >= 200 && res.status < 300;
  const now = ctx.now();
  const attempts = d.attempts + 1;
  const error = ok ? null : (res.error ?? `HTTP ${res.status}`);
  await ctx.db.insert(webhookAttempts).values({
    deliveryId: d.id,
    at: now,
    statusCode: res.status,
    error,
    durationMs: res.durationMs,
    response: res.body ?? null,
  });
  const retryIn = RETRY_SCHEDULE_MS[attempts - 1];
  await ctx.db
    .update(webhookDeliveries)
    .set(
      ok
        ? { status: 'delivered', attempts, deliveredAt: now, lastStatus: res.status, lastError: null, leaseUntil: 0 }
        : retryIn === undefined
          ? { status: 'dead', attempts, lastStatus: res.status, lastError: error, leaseUntil: 0 }
          : { attempts, nextAttemptAt: now + retryIn, lastStatus: res.status, lastError: error, leaseUntil: 0 },
    )
    .where(eq(webhookDeliveries.id, d.id));
  await writeLog(ctx, d.pid, d.phoneId, ok ? 'outgoing' : 'error', {
    event: d.eventId,
    kind: d.kind,
    attempt: attempts,
    webhook: d.url,
    body: d.payload,
    response: { statusCode: res.status, body: res.body },
    ...(error ? { message: error } : {}),
  });
  return ok ? 'delivered' : retryIn === undefined ? 'dead' : 'retry';
}

/** Puts a delivery back in the queue with its event id (receivers see the same webhook-id). */
export async function redeliver(ctx: ServiceCtx, pid: string, rawId: string): Promise<WebhookDeliveryRow> {
  // Delivery ids are integers; anything else is simply not found.
  const row = /^\d{1,12}$/.test(rawId)
    ? await ctx.db
        .update(webhookDeliveries)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: ctx.now(), leaseUntil: 0 })
        .where(and(eq(webhookDeliveries.id, Number(rawId)), eq(webhookDeliveries.pid, pid)))
        .returning()
        .get()
    : undefined;
  if (!row) throw new ApiError('NOT_FOUND', 'Delivery not found.');
  outboxFilled(ctx);
  return row;
}

/** Deletes finished deliveries created before `before` (their attempts go with them). */
export async function sweepDeliveries(ctx: ServiceCtx, before: number): Promise<void> {
  await ctx.db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['delivered', 'dead']), lt(webhookDeliveries.createdAt, before)));
}
