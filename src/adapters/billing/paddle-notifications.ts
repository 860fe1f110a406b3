import { ApiError } from '../../errors';
import { checkoutRefusal } from '../../services/billing/checkout';
import { getCheckout } from '../../services/billing/checkout-rows';
import { applyEvent, type Applied } from '../../services/billing/events';
import { recordAudit } from '../../services/staff/audit';
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
  if (
    !ev ||
    typeof ev.event_id !== 'string' ||
    !ev.event_id ||
    typeof ev.event_type !== 'string' ||
    typeof ev.occurred_at !== 'string' ||
    Number.isNaN(Date.parse(ev.occurred_at)) ||
    typeof ev.data !== 'object' ||
    ev.data === null
  ) {
    throw new ApiError('BAD_REQUEST', 'The notification is not a Paddle event.');
  }
  return ev as PaddleEvent;
}

/**
 * Receives one Paddle notification: the signature is checked against the raw body first (a forged
 * or stale one changes nothing and answers 401), then the event is mapped to ours and applied once
 * by its id; duplicates and events older than what we hold answer success and change nothing. A
 * checkout's declined card or completed purchase also leaves its footprint (paddle-checkouts.ts);
 * a purchase the account could no longer make when it paid is kept and flagged for staff.
 */
export async function receivePaddleWebhook(
  ctx: ServiceCtx,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const secret = ctx.config.PADDLE_WEBHOOK_SECRET;
  if (ctx.config.billing !== 'paddle' || !secret)
    throw new ApiError('NOT_CONFIGURED', 'Paddle is not configured on this server.');
  if (!(await verifySignature(secret, signature, rawBody, ctx.now())))
    throw new ApiError('UNAUTHORIZED', 'The Paddle-Signature is missing, wrong or too old.');
  const parsed = parseEvent(rawBody);
  const declined = await declinedCheckoutOf(ctx, parsed);
  if (declined) return checkoutDeclined(ctx, parsed, declined);
  const event = await billingEventOf(ctx, parsed);
  if (!event) return 'ignored';
  // The purchase's rule as the account is when it paid (issue 21), read before the subscription counts.
  const refusal =
    event.type === 'subscription.created' && event.checkoutId
      ? await checkoutRefusal(ctx, await getCheckout(ctx, event.checkoutId))
      : null;
  const outcome = await applyEvent(ctx, event);
  if (outcome === 'applied' && event.checkoutId && event.subscription) {
    await checkoutPaid(ctx, event.checkoutId, event.subscription.id);
    if (refusal) await flagNotAllowed(ctx, event.checkoutId, event.subscription.id, refusal);
  }
  return outcome;
}

/**
 * Paddle has taken the money for a plan the account could no longer buy when it paid (the phones a
 * PHONE15 needs went between the link and the payment). The subscription is kept as Paddle bills it,
 * so our records match what was charged, and staff find it in the audit log (`planNotAllowed`) to
 * move, refund or keep it: a staff decision, as a custom price is.
 */
async function flagNotAllowed(
  ctx: ServiceCtx,
  checkoutId: string,
  subscriptionId: string,
  message: string,
): Promise<void> {
  const c = await getCheckout(ctx, checkoutId);
  await recordAudit(ctx, null, 'planNotAllowed', c.email ?? subscriptionId, {
    subscription_id: subscriptionId,
    checkout_id: c.id,
    pid: c.pid,
    plan_id: c.planId,
    quantity: c.quantity,
    message,
  });
}
