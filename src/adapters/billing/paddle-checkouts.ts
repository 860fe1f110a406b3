import { type CheckoutRow, getCheckout, markCheckout } from '../../services/billing/checkout-rows';
import { chargeOf } from '../../services/billing/discount';
import { applyEvent, type Applied } from '../../services/billing/events';
import { addFootprint } from '../../services/billing/footprint';
import type { ServiceCtx } from '../../services/context';
import { checkoutFor, linkCheckout } from './paddle-store';
import type { PaddleEvent, PaddleTransaction } from './paddle-types';

/*
 * With Paddle the card step happens on Paddle's page, so only its notifications tell a declined card
 * or a completed purchase. They leave the same footprints the sandbox's page leaves, which the
 * back-office's cart recovery reads.
 */

/** The checkout of ours whose first payment failed (a checkout transaction has no subscription yet); null for any other event. */
export async function declinedCheckoutOf(ctx: ServiceCtx, ev: PaddleEvent): Promise<CheckoutRow | null> {
  if (ev.event_type !== 'transaction.payment_failed') return null;
  const txn = ev.data as PaddleTransaction;
  if (txn.subscription_id) return null;
  const id = txn.custom_data?.checkout_id;
  return (await checkoutFor(ctx, typeof id === 'string' ? id : undefined, txn.id)) ?? null;
}

/**
 * A card declined on Paddle's checkout: applied once by the event's id, then the checkout is marked
 * declined with a payment-declined footprint. A checkout already paid (a later attempt succeeded and
 * its notification came first) keeps its state and gets no footprint.
 */
export async function checkoutDeclined(ctx: ServiceCtx, ev: PaddleEvent, checkout: CheckoutRow): Promise<Applied> {
  const outcome = await applyEvent(ctx, {
    id: ev.event_id,
    type: 'payment.failed',
    occurredAt: Date.parse(ev.occurred_at),
  });
  if (outcome !== 'applied' || checkout.status === 'paid') return outcome;
  await markCheckout(ctx, checkout.id, 'declined');
  await addFootprint(ctx, checkout.uid, 'payment-declined', checkout.planId, {
    checkout_id: checkout.id,
    amount: checkout.amount,
  });
  return outcome;
}

/** A checkout that became a subscription: linked to it (`checkSubscription` answers it) and a checkout-success footprint. */
export async function checkoutPaid(ctx: ServiceCtx, checkoutId: string, subscriptionId: string): Promise<void> {
  await linkCheckout(ctx, checkoutId, subscriptionId);
  const c = await getCheckout(ctx, checkoutId);
  await addFootprint(ctx, c.uid, 'checkout-success', c.planId, {
    checkout_id: c.id,
    amount: chargeOf(c),
    subscription_id: subscriptionId,
  });
}
