import { ApiError } from '../../errors';
import { applyEvent, type Applied } from '../../services/billing/events';
import type { ServiceCtx } from '../../services/context';
import { checkoutDeclined, checkoutPaid, declinedCheckoutOf } from './paddle-checkouts';
import { billingEventOf } from './paddle-map';
import { verifySignature } from './paddle-signature';
import type { PaddleEvent } from './paddle-types';

/** What became of a delivered notification; Paddle only needs a 2xx for each. */
export type WebhookOutcome = Applied | 'ignored';

/** Largest notification body we read (a transaction with its items and payments is a few kilobytes). */
export const WEBHOOK_MAX_BYTES = 256 * 1024;

function parseEvent(rawBody: string): PaddleEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new ApiError('BAD_REQUEST', 'The notification is not valid JSON.');
  }
  const ev = body as Partial<PaddleEvent> | null;
  if (!ev || typeof ev.event_id !== 'string' || !ev.event_id || typeof ev.event_type !== 'string' || typeof ev.occurred_at !== 'string' || Number.isNaN(Date.parse(ev.occurred_at)) || typeof ev.data !== 'object' || ev.data === null) {
    throw new ApiError('BAD_REQUEST', 'The notification is not a Paddle event.');
  }
  return ev as PaddleEvent;
}

/**
 * Receives one Paddle notification: the signature is checked against the raw body first (a forged
 * or stale one changes nothing and answers 401), then the event is mapped to ours and applied once
 * by its id; duplicates and events older than what we hold answer success and change nothing. A
 * checkout's declined card or completed purchase also leaves its footprint (paddle-checkouts.ts).
 */
export async function receivePaddleWebhook(ctx: ServiceCtx, rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
  const secret = ctx.config.PADDLE_WEBHOOK_SECRET;
  if (ctx.config.billing !== 'paddle' || !secret) throw new ApiError('NOT_CONFIGURED', 'Paddle is not configured on this server.');
  if (!(await verifySignature(secret, signature, rawBody, ctx.now()))) throw new ApiError('UNAUTHORIZED', 'The Paddle-Signature is missing, wrong or too old.');
  const parsed = parseEvent(rawBody);
  const declined = await declinedCheckoutOf(ctx, parsed);
  if (declined) return checkoutDeclined(ctx, parsed, declined);
  const event = await billingEventOf(ctx, parsed);
  if (!event) return 'ignored';
  const outcome = await applyEvent(ctx, event);
  if (outcome === 'applied' && event.checkoutId && event.subscription) await checkoutPaid(ctx, event.checkoutId, event.subscription.id);
  return outcome;
}
