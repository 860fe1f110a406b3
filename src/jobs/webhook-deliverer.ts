import { and, eq, lt, lte } from 'drizzle-orm';
import { logs, webhookAttempts, webhookDeliveries, type WebhookDeliveryRow } from '../../db/schema';
import { claimDue } from '../services/claim';
import type { ServiceCtx } from '../services/context';
import { metrics } from '../services/metrics/registry';
import { webhookSecretOf } from '../services/webhooks/secret';
import { signWebhook } from '../services/webhooks/sign';
import type { PostWebhook } from '../services/webhooks/fetch-post';
import { runAgain, type Job } from './run-again';

/** Retries after the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; then the delivery is dead. */
export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const;
/** A claimed delivery is someone's for this long (longer than the 15 s timeout). */
const CLAIM_MS = 60_000;
const BATCH = 20;

/** Claims due deliveries (a lease, so two processes never post the same attempt). */
function claimDeliveries(ctx: ServiceCtx): Promise<WebhookDeliveryRow[]> {
  const now = ctx.now();
  return claimDue(ctx.db, webhookDeliveries, {
    due: and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now), lt(webhookDeliveries.leaseUntil, now)),
    order: 'nextAttemptAt',
    limit: BATCH,
    leaseUntil: now + CLAIM_MS,
  });
}

/** One attempt: signed POST, the attempt recorded, the next one scheduled or the delivery closed. */
export async function attemptDelivery(ctx: ServiceCtx, post: PostWebhook, d: WebhookDeliveryRow): Promise<boolean> {
  const body = JSON.stringify(d.payload);
  const secret = await webhookSecretOf(ctx, d.pid);
  const signed = await signWebhook(secret, d.eventId, Math.floor(ctx.now() / 1000), body);
  const res = await post(d.url, body, { 'content-type': 'application/json', 'user-agent': 'Wapi-Webhooks/1.0', ...signed });
  const ok = res.status !== null && res.status >= 200 && res.status < 300;
  const now = ctx.now();
  const attempts = d.attempts + 1;
  const error = ok ? null : (res.error ?? `HTTP ${res.status}`);
  await ctx.db.insert(webhookAttempts).values({ deliveryId: d.id, at: now, statusCode: res.status, error, durationMs: res.durationMs, response: res.body });
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
  const outcome = ok ? 'delivered' : retryIn === undefined ? 'dead' : 'retry';
  metrics.webhooks.inc({ outcome });
  metrics.webhookLatency.observe({ outcome }, res.durationMs / 1000);
  await ctx.db.insert(logs).values({
    pid: d.pid,
    phoneId: d.phoneId,
    type: ok ? 'outgoing' : 'error',
    data: { event: d.eventId, kind: d.kind, attempt: attempts, webhook: d.url, body: d.payload, response: { statusCode: res.status, body: res.body }, ...(error ? { message: error } : {}) },
    createdAt: now,
  });
  return ok;
}

/** Runs the outbox: every second, and at once when the bus says something was queued. Returns a stop function. */
export const startWebhookDeliverer: Job<{ post: PostWebhook }> = (o) =>
  runAgain({ everyMs: o.pollMs ?? 1_000, wakeOn: { bus: o.ctx.bus, topic: 'outbox' }, failMsg: 'webhook deliverer failed', log: o.log }, async () => {
    const batch = await claimDeliveries(o.ctx);
    await Promise.all(batch.map((d) => attemptDelivery(o.ctx, o.post, d).catch((err: unknown) => o.log?.({ level: 'error', msg: 'webhook delivery failed', id: d.id, err: String(err) }))));
    return batch.length === BATCH;
  });
