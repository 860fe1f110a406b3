import type { WebhookDeliveryRow } from '../../db/schema';
import type { ServiceCtx } from '../services/context';
import { metrics } from '../services/metrics/registry';
import { claimDeliveries, recordAttempt } from '../services/webhooks/outbox';
import { webhookSecretOf } from '../services/webhooks/secret';
import { signWebhook } from '../services/webhooks/sign';
import type { PostWebhook } from '../services/webhooks/port';
import { runAgain } from '../services/run-again';
import type { Job } from './job';

/** A claimed delivery is someone's for this long (longer than the 15 s timeout). */
const CLAIM_MS = 60_000;
const BATCH = 20;

export { RETRY_SCHEDULE_MS } from '../services/webhooks/outbox';

/** One attempt: signed POST, the attempt recorded, the next one scheduled or the delivery closed. */
export async function attemptDelivery(ctx: ServiceCtx, post: PostWebhook, d: WebhookDeliveryRow): Promise<boolean> {
  const body = JSON.stringify(d.payload);
  const secret = await webhookSecretOf(ctx, d.pid);
  const signed = await signWebhook(secret, d.eventId, Math.floor(ctx.now() / 1000), body);
  const res = await post(d.url, body, {
    'content-type': 'application/json',
    'user-agent': 'Wapi-Webhooks/1.0',
    ...signed,
  });
  const outcome = await recordAttempt(ctx, d, res);
  metrics.webhooks.inc({ outcome });
  metrics.webhookLatency.observe({ outcome }, res.durationMs / 1000);
  return outcome === 'delivered';
}

/** Runs the outbox: every second, and at once when the bus says something was queued. Returns a stop function. */
export const startWebhookDeliverer: Job<{ post: PostWebhook }> = (o) =>
  runAgain(
    {
      everyMs: o.pollMs ?? 1_000,
      wakeOn: { bus: o.ctx.bus, topic: 'outbox' },
      failMsg: 'webhook deliverer failed',
      log: o.log,
    },
    async () => {
      const batch = await claimDeliveries(o.ctx, BATCH, CLAIM_MS);
      await Promise.all(
        batch.map((d) =>
          attemptDelivery(o.ctx, o.post, d).catch((err: unknown) =>
            o.log?.({ level: 'error', msg: 'webhook delivery failed', id: d.id, err: String(err) }),
          ),
        ),
      );
      return batch.length === BATCH;
    },
  );
