import type { SubscriptionRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { BillingEvent, PaymentRecord, SubscriptionSnapshot } from '../../services/billing/events';
import type { ServiceCtx } from '../../services/context';
import { planOfPrice } from './paddle-api';
import { paddleReceiptPath } from './paddle-receipts';
import { checkoutFor, storedSubscription } from './paddle-store';
import type {
  PaddleEvent,
  PaddleSubscription,
  PaddleSubscriptionStatus,
  PaddleTransaction,
  PaddleTransactionOrigin,
} from './paddle-types';

const STATUS: Record<PaddleSubscriptionStatus, SubscriptionRow['status']> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  paused: 'paused',
  canceled: 'deleted',
};

/** Paddle's subscription events and the event each is in our terms. */
const SUBSCRIPTION_EVENTS: Record<string, BillingEvent['type']> = {
  'subscription.created': 'subscription.created',
  'subscription.updated': 'subscription.updated',
  'subscription.activated': 'subscription.updated',
  'subscription.trialing': 'subscription.updated',
  'subscription.resumed': 'subscription.resumed',
  'subscription.paused': 'subscription.paused',
  'subscription.past_due': 'subscription.past_due',
  'subscription.canceled': 'subscription.cancelled',
};

/** `transaction.paid` and `transaction.completed` describe the same payment: its transaction id makes the second add nothing. */
const PAYMENT_EVENTS: Record<string, BillingEvent['type']> = {
  'transaction.paid': 'payment.succeeded',
  'transaction.completed': 'payment.succeeded',
  'transaction.payment_failed': 'payment.failed',
};

const KIND: Record<PaddleTransactionOrigin, PaymentRecord['kind']> = {
  web: 'checkout',
  api: 'checkout',
  subscription_recurring: 'renewal',
  subscription_update: 'proration',
  subscription_charge: 'proration',
  subscription_payment_method_change: 'retry',
};

const time = (s: string | null | undefined): number | null => (s ? Date.parse(s) : null);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const int = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v ? Number(v) : Number.NaN;
  return Number.isInteger(n) ? n : undefined;
};

export interface MappedSubscription {
  snapshot: SubscriptionSnapshot;
  /** The checkout this subscription came from, when known. */
  checkoutId: string | undefined;
  /** The phones a scheduled reduction disables, once Paddle's quantity has reached it. */
  disablePhoneIds: number[];
}

/**
 * Our subscription as a Paddle subscription entity describes it. Product and user come from the
 * `custom_data` we gave the checkout's transaction, else from the checkout row or what we hold;
 * fields Paddle does not keep (feedback, a scheduled reduction) come from what we hold. Null when
 * the subscription is not one of ours (made elsewhere, or for a price we do not sell).
 */
export async function subscriptionOf(ctx: ServiceCtx, sub: PaddleSubscription): Promise<MappedSubscription | null> {
  const stored = await storedSubscription(ctx, sub.id);
  const custom = sub.custom_data ?? {};
  const checkout = await checkoutFor(ctx, text(custom.checkout_id), sub.transaction_id);
  const pid = text(custom.pid) ?? checkout?.pid ?? stored?.pid;
  const uid = int(custom.uid) ?? checkout?.uid ?? stored?.uid;
  const item = sub.items.find((i) => planOfPrice(ctx.config, i.price.id)) ?? sub.items[0];
  const planId =
    (item && planOfPrice(ctx.config, item.price.id)) ?? text(custom.plan_id) ?? checkout?.planId ?? stored?.planId;
  if (!pid || uid === undefined || !planId || !item) return null;
  const status = STATUS[sub.status] ?? 'active';
  const reached = stored?.scheduledQuantity != null && stored.scheduledQuantity === item.quantity;
  const keepSchedule = !reached && status !== 'deleted';
  const unit = Number(item.price.unit_price.amount);
  const snapshot: SubscriptionSnapshot = {
    id: sub.id,
    pid,
    uid,
    provider: 'paddle',
    planId,
    status,
    quantity: item.quantity,
    unitPrice: Number.isFinite(unit) ? Math.round(unit) : (stored?.unitPrice ?? 0),
    currency: sub.currency_code,
    periodStart:
      time(sub.current_billing_period?.starts_at) ??
      stored?.periodStart ??
      time(sub.started_at) ??
      Date.parse(sub.created_at),
    nextBillDate: time(sub.next_billed_at),
    scheduledQuantity: keepSchedule ? (stored?.scheduledQuantity ?? null) : null,
    scheduledPhoneIds: keepSchedule ? (stored?.scheduledPhoneIds ?? null) : null,
    attemptNumber: status === 'past_due' ? Math.max(1, stored?.attemptNumber ?? 0) : 0,
    nextRetryDate: null,
    card: null,
    email: stored?.email || checkout?.email || '',
    trialType: null,
    feedback: stored?.feedback ?? null,
    endedAt: status === 'deleted' ? (time(sub.canceled_at) ?? Date.parse(sub.updated_at)) : null,
    cancelAt:
      status !== 'deleted' && sub.scheduled_change?.action === 'cancel'
        ? time(sub.scheduled_change.effective_at)
        : null,
  };
  return { snapshot, checkoutId: checkout?.id, disablePhoneIds: reached ? (stored.scheduledPhoneIds ?? []) : [] };
}

/**
 * A payment of one of our subscriptions. A payment may arrive before the subscription it belongs
 * to: that answers 409 so Paddle delivers it again later, when the subscription is known.
 */
async function paymentOf(
  ctx: ServiceCtx,
  ev: PaddleEvent,
  txn: PaddleTransaction,
  type: BillingEvent['type'],
  occurredAt: number,
): Promise<BillingEvent | null> {
  if (!txn.subscription_id) return null;
  const amount = Math.round(Number(txn.details?.totals.grand_total ?? txn.details?.totals.total ?? 0)) || 0;
  if (txn.origin === 'subscription_payment_method_change' && amount === 0) return null;
  const stored = await storedSubscription(ctx, txn.subscription_id);
  if (!stored)
    throw new ApiError('CONFLICT', 'The subscription of this payment is not known yet; deliver it again later.');
  const checkout = await checkoutFor(ctx, text(txn.custom_data?.checkout_id), txn.id);
  const paid = type === 'payment.succeeded';
  const payment: PaymentRecord = {
    // A transaction is paid once but may fail several times: each failed attempt is its own record.
    txnId: paid ? txn.id : `${txn.id}:${ev.event_id}`,
    subscriptionId: stored.id,
    pid: stored.pid,
    kind: checkout?.title ? 'custom' : (KIND[txn.origin] ?? 'renewal'),
    amount,
    isPaid: paid,
    quantity: txn.items.reduce((n, i) => n + i.quantity, 0) || stored.quantity,
    // Paddle has no invoice for a zero-value transaction.
    receiptUrl: paid && amount > 0 ? paddleReceiptPath(txn.id) : null,
  };
  return { id: ev.event_id, type, occurredAt, payment, ...(paid && checkout ? { checkoutId: checkout.id } : {}) };
}

/** A verified Paddle notification as our event; null for events we do not act on (or entities not ours). */
export async function billingEventOf(ctx: ServiceCtx, ev: PaddleEvent): Promise<BillingEvent | null> {
  const occurredAt = Date.parse(ev.occurred_at);
  const subType = SUBSCRIPTION_EVENTS[ev.event_type];
  if (subType) {
    const mapped = await subscriptionOf(ctx, ev.data as PaddleSubscription);
    if (!mapped) return null;
    const created = subType === 'subscription.created' && mapped.checkoutId;
    return {
      id: ev.event_id,
      type: subType,
      occurredAt,
      subscription: mapped.snapshot,
      ...(created ? { checkoutId: mapped.checkoutId } : {}),
      ...(mapped.disablePhoneIds.length ? { disablePhoneIds: mapped.disablePhoneIds } : {}),
    };
  }
  const payType = PAYMENT_EVENTS[ev.event_type];
  return payType ? paymentOf(ctx, ev, ev.data as PaddleTransaction, payType, occurredAt) : null;
}
