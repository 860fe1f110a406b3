import { eq } from 'drizzle-orm';
import { subscriptions, type CheckoutRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { BILLING_MSG } from '../../shared/billing/messages';
import { planOf } from '../../services/billing/catalogue';
import { assertCheckoutAllowed } from '../../services/billing/checkout';
import { markCheckout, payableCheckout } from '../../services/billing/checkout-rows';
import { applyEvent, snapshotOf } from '../../services/billing/events';
import { chargeOf } from '../../services/billing/discount';
import { addFootprint } from '../../services/billing/footprint';
import { addMonths, billingNow } from '../../services/billing/time';
import type { ServiceCtx } from '../../services/context';
import { charges, eventId, sandboxPayment, TEST_CARDS } from './sandbox-events';
import { retryNow } from './sandbox-renewals';

const CARD_LIST =
  'Use a test card: 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined), 4000 0000 0000 0341 (fails at the next renewal).';

/** Digits of a card number as typed; only the sandbox's test cards are taken. */
function testCard(raw: string): string {
  const card = raw.replace(/\D/g, '');
  if (!(card in TEST_CARDS)) throw new ApiError('VALIDATION', CARD_LIST, { fields: { card: 'not a test card' } });
  return card;
}

/** A paid checkout for a new subscription: the events Paddle sends after a first payment. */
async function subscribe(ctx: ServiceCtx, c: CheckoutRow, card: string, now: number): Promise<string> {
  const plan = planOf(ctx, c.planId);
  const id = `sub_sbx_${crypto.randomUUID().replace(/-/g, '')}`;
  const sub = {
    id,
    pid: c.pid,
    uid: c.uid,
    provider: 'sandbox' as const,
    planId: plan.id,
    status: 'active' as const,
    quantity: c.quantity,
    unitPrice: Math.round(c.amount / c.quantity),
    currency: 'USD',
    periodStart: now,
    nextBillDate: addMonths(now, plan.months),
    scheduledQuantity: null,
    scheduledPhoneIds: null,
    attemptNumber: 0,
    nextRetryDate: null,
    card,
    email: c.email,
    trialType: null,
    feedback: null,
    endedAt: null,
  };
  await applyEvent(ctx, {
    id: eventId(),
    type: 'subscription.created',
    occurredAt: now,
    subscription: sub,
    payment: sandboxPayment(sub, c.title ? 'custom' : 'checkout', chargeOf(c), c.quantity, true),
    checkoutId: c.id,
  });
  return id;
}

/** A new card for an existing subscription; a past-due one is charged again at once. */
async function replaceCard(ctx: ServiceCtx, c: CheckoutRow, card: string, now: number): Promise<string> {
  const sub = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, c.subscriptionId!)).get();
  if (!sub || sub.status === 'deleted') throw new ApiError('GONE', BILLING_MSG.checkoutGone);
  await applyEvent(ctx, {
    id: eventId(),
    type: 'subscription.updated',
    occurredAt: now,
    subscription: { ...snapshotOf(sub), card },
    checkoutId: c.id,
  });
  await retryNow(ctx, { ...sub, card }, now);
  return sub.id;
}

/**
 * The sandbox checkout's pay action. A plan the account may no longer buy (`assertCheckoutAllowed`)
 * is refused with the purchase's words and nothing is charged. The succeeding cards pay and emit
 * the provider's events through `applyEvent`; the declined card marks the checkout declined, records a payment-declined footprint
 * and answers 402, leaving the checkout open for another card.
 */
export async function payCheckout(
  ctx: ServiceCtx,
  checkoutId: string,
  rawCard: string,
): Promise<{ subscriptionId: string }> {
  const c = await payableCheckout(ctx, checkoutId);
  const card = testCard(rawCard);
  // What the account may buy is checked again as it is now, before any charge (issue 21).
  await assertCheckoutAllowed(ctx, c);
  if (!charges(card, false)) {
    await markCheckout(ctx, c.id, 'declined');
    await addFootprint(ctx, c.uid, 'payment-declined', c.planId, { checkout_id: c.id, amount: c.amount });
    throw new ApiError('PAYMENT_REQUIRED', BILLING_MSG.declined);
  }
  const now = await billingNow(ctx);
  const subscriptionId = c.subscriptionId ? await replaceCard(ctx, c, card, now) : await subscribe(ctx, c, card, now);
  await addFootprint(ctx, c.uid, 'checkout-success', c.planId, { checkout_id: c.id, amount: chargeOf(c) });
  return { subscriptionId };
}

/** The customer left the checkout without paying (the console records the checkout-close footprint, as it does for Paddle's overlay). */
export async function closeCheckout(ctx: ServiceCtx, checkoutId: string): Promise<void> {
  const c = await payableCheckout(ctx, checkoutId);
  await markCheckout(ctx, c.id, 'closed');
}
