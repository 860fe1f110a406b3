import type { SubscriptionRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { applyEvent, type BillingEvent, type SubscriptionSnapshot, snapshotOf } from '../../services/billing/events';
import type { BillingProvider } from '../../services/billing/port';
import { billingNow } from '../../services/billing/time';
import type { ServiceCtx } from '../../services/context';
import { BILLING_MSG } from '../../shared/billing/messages';
import { paddle, PaddleError, priceOf, providerFailure } from './paddle-api';
import { partyOf } from './paddle-customers';
import { paddleDiscountId } from './paddle-discounts';
import { subscriptionOf } from './paddle-map';
import { dueReductions, rememberTransaction, storedSubscription } from './paddle-store';
import type { PaddleSubscription, PaddleTransaction } from './paddle-types';

/**
 * How long before a period ends its scheduled reduction is sent to Paddle. Paddle renews on its
 * own at `next_billed_at`, so the reduction must be there first; the due job runs well within this.
 */
export const REDUCTION_LEAD_MS = 60 * 60 * 1000;

const subPath = (id: string, action = '') => `/subscriptions/${encodeURIComponent(id)}${action}`;

/** A call whose refusal becomes the one error shape (a declined card 402, anything else 503). */
async function call<T>(run: () => Promise<T>, declined: string = BILLING_MSG.declined): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw providerFailure(err, declined);
  }
}

/**
 * Applies the subscription Paddle answered with, as an event like its webhook's, so the change shows
 * at once; the webhook for the same change then finds nothing newer to apply.
 */
async function applyAnswer(
  ctx: ServiceCtx,
  type: BillingEvent['type'],
  sub: PaddleSubscription,
  ours: Partial<SubscriptionSnapshot> = {},
  disable?: number[],
  /** Names the change, so two made in the same millisecond (an undone cancel, then its held reduction) are two events. */
  tag = '',
): Promise<void> {
  const mapped = await subscriptionOf(ctx, sub);
  if (!mapped) return;
  const occurredAt = Date.parse(sub.updated_at);
  const disablePhoneIds = disable ?? mapped.disablePhoneIds;
  await applyEvent(ctx, {
    id: `paddle_api_${sub.id}_${occurredAt}_${type}${tag}`,
    type,
    occurredAt,
    subscription: { ...mapped.snapshot, ...ours },
    ...(disablePhoneIds.length ? { disablePhoneIds } : {}),
  });
}

/** Sets a subscription's one item to a price and quantity; `mode` is Paddle's proration billing mode. */
function setItem(
  ctx: ServiceCtx,
  sub: SubscriptionRow,
  priceId: string,
  quantity: number,
  mode: 'prorated_immediately' | 'do_not_bill',
) {
  return paddle<PaddleSubscription>(ctx.config, 'PATCH', subPath(sub.id), {
    items: [{ price_id: priceId, quantity }],
    proration_billing_mode: mode,
    ...(mode === 'prorated_immediately' ? { on_payment_failure: 'prevent_change' } : {}),
  });
}

/** Sends a held reduction to Paddle (no charge) and applies its answer, disabling the phones chosen for it. */
async function sendReduction(ctx: ServiceCtx, s: SubscriptionRow): Promise<void> {
  const answer = await setItem(ctx, s, priceOf(ctx.config, s.planId), s.scheduledQuantity!, 'do_not_bill');
  await applyAnswer(
    ctx,
    'subscription.updated',
    answer,
    { scheduledQuantity: null, scheduledPhoneIds: null },
    s.scheduledPhoneIds ?? [],
    '_reduction',
  );
}

/** Paddle Billing over its REST API; its signed webhooks (`paddle-notifications.ts`) bring every later change. */
export const paddleBilling: BillingProvider = {
  name: 'paddle',
  async createCheckout(ctx, checkout, plan) {
    const priceId = priceOf(ctx.config, plan.id);
    const txn = await call(async () =>
      paddle<PaddleTransaction>(ctx.config, 'POST', '/transactions', {
        items: [{ price_id: priceId, quantity: checkout.quantity }],
        ...(checkout.discountPercent && checkout.discountCode
          ? {
              discount_id: await paddleDiscountId(ctx.config, {
                percent: checkout.discountPercent,
                code: checkout.discountCode,
              }),
            }
          : {}),
        ...(await partyOf(ctx.config, checkout)),
        collection_mode: 'automatic',
        custom_data: { pid: checkout.pid, uid: checkout.uid, checkout_id: checkout.id, plan_id: plan.id },
      }),
    );
    if (!txn.checkout?.url)
      throw new ApiError('NOT_CONFIGURED', 'Paddle gave no checkout URL: set a default payment link in Paddle.');
    await rememberTransaction(ctx, checkout.id, txn.id);
    return { url: txn.checkout.url, providerRef: txn.id };
  },
  async changeQuantity(ctx, sub, change) {
    if (change.immediate === null) {
      // Paddle has no scheduled quantity change: we hold it and runDue sends it before the renewal.
      const occurredAt = Math.max(await billingNow(ctx), sub.eventAt);
      await applyEvent(ctx, {
        id: `paddle_local_${crypto.randomUUID()}`,
        type: 'subscription.updated',
        occurredAt,
        subscription: { ...snapshotOf(sub), scheduledQuantity: change.quantity, scheduledPhoneIds: change.phoneIds },
      });
      return;
    }
    const answer = await call(() =>
      setItem(ctx, sub, priceOf(ctx.config, sub.planId), change.quantity, 'prorated_immediately'),
    );
    await applyAnswer(ctx, 'subscription.updated', answer, { scheduledQuantity: null, scheduledPhoneIds: null });
  },
  async changePlan(ctx, sub, plan) {
    const answer = await call(() => setItem(ctx, sub, priceOf(ctx.config, plan.id), sub.quantity, 'do_not_bill'));
    await applyAnswer(ctx, 'subscription.updated', answer);
  },
  async cancel(ctx, sub) {
    // An active subscription keeps what was paid: Paddle ends it at the period end (its scheduled_change).
    const atPeriodEnd =
      sub.status === 'active' && sub.nextBillDate !== null && sub.nextBillDate > (await billingNow(ctx));
    const answer = await call(() =>
      paddle<PaddleSubscription>(ctx.config, 'POST', subPath(sub.id, '/cancel'), {
        effective_from: atPeriodEnd ? 'next_billing_period' : 'immediately',
      }),
    );
    // A reduction scheduled before stays held (unsent: dueReductions skips an ending subscription), so
    // undoCancel can give it back; a cancel that ends the subscription now drops it (subscriptionOf).
    await applyAnswer(ctx, answer.status === 'canceled' ? 'subscription.cancelled' : 'subscription.updated', answer, {
      feedback: sub.feedback,
    });
  },
  async undoCancel(ctx, sub) {
    // Removing the scheduled change takes the cancel back (Paddle: PATCH with scheduled_change null).
    const answer = await call(() =>
      paddle<PaddleSubscription>(ctx.config, 'PATCH', subPath(sub.id), { scheduled_change: null }),
    );
    await applyAnswer(ctx, 'subscription.updated', answer);
    // The reduction held through the cancel goes back to Paddle as before it: at once when its period
    // end is already within the lead (the due job would otherwise have sent it already), else by runDue.
    const held = await storedSubscription(ctx, sub.id);
    if (held?.scheduledQuantity != null && held.nextBillDate !== null) {
      if (held.nextBillDate <= (await billingNow(ctx)) + REDUCTION_LEAD_MS)
        await call(() => sendReduction(ctx, held), BILLING_MSG.updateFailed);
    }
  },
  async resume(ctx, sub) {
    let answer: PaddleSubscription;
    try {
      answer = await paddle<PaddleSubscription>(ctx.config, 'POST', subPath(sub.id, '/resume'), {
        effective_from: 'immediately',
        on_resume: 'start_new_billing_period',
      });
    } catch (err) {
      if (err instanceof PaddleError && err.declined) return false;
      throw providerFailure(err, BILLING_MSG.reactivateFailed);
    }
    await applyAnswer(ctx, answer.status === 'active' ? 'subscription.resumed' : 'subscription.updated', answer);
    return answer.status === 'active';
  },
  async paymentMethodUrl(ctx, sub) {
    const txn = await call(() =>
      paddle<PaddleTransaction>(ctx.config, 'GET', subPath(sub.id, '/update-payment-method-transaction')),
    );
    if (!txn.checkout?.url)
      throw new ApiError('NOT_CONFIGURED', 'Paddle gave no checkout URL: set a default payment link in Paddle.');
    return txn.checkout.url;
  },
  async runDue(ctx, until) {
    let ran = 0;
    let failure: unknown;
    for (const s of await dueReductions(ctx, until + REDUCTION_LEAD_MS)) {
      try {
        await sendReduction(ctx, s);
        ran++;
      } catch (err) {
        // One refused reduction must not hold back the others; it is tried again on the next run.
        failure ??= providerFailure(err, BILLING_MSG.updateFailed);
      }
    }
    if (failure) throw failure;
    return ran;
  },
};
