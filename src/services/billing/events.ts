import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { billingEvents, checkouts, payments, subscriptions, type SubscriptionRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { plans } from './catalogue';
import { saveCheckoutCompany } from './company';
import { GRANTING, settle } from './limits';
import { mailBillingEvent, mailReceipt } from './mails';

/** The subscription as an event carries it: the whole entity, as Paddle's subscription events do. */
export type SubscriptionSnapshot = Omit<SubscriptionRow, 'eventAt' | 'createdAt' | 'updatedAt' | 'cancelAt'> & {
  /** A cancel scheduled for the period end; an event that leaves it out keeps what is stored. */
  cancelAt?: number | null;
};

/** A stored subscription as an event carries it (the bookkeeping columns left out). */
export function snapshotOf(sub: SubscriptionRow): SubscriptionSnapshot {
  const { eventAt: _e, createdAt: _c, updatedAt: _u, ...rest } = sub;
  return rest;
}

export interface PaymentRecord {
  txnId: string;
  subscriptionId: string;
  pid: string;
  kind: 'checkout' | 'renewal' | 'proration' | 'retry' | 'restart' | 'custom';
  amount: number;
  isPaid: boolean;
  quantity: number;
  receiptUrl: string | null;
}

const EVENT_TYPES = [
  'subscription.created',
  'subscription.updated',
  'subscription.past_due',
  'subscription.paused',
  'subscription.resumed',
  'subscription.cancelled',
  'payment.succeeded',
  'payment.failed',
] as const;

/**
 * A verified billing event in our terms. Paddle's webhooks and the sandbox both produce these and
 * both go through `applyEvent`, so the sandbox exercises the same path production does.
 */
export interface BillingEvent {
  id: string;
  type: (typeof EVENT_TYPES)[number];
  occurredAt: number;
  subscription?: SubscriptionSnapshot;
  payment?: PaymentRecord;
  /** The checkout this event completes. */
  checkoutId?: string;
  /** Phones the change disables (a reduction reaching its period end). */
  disablePhoneIds?: number[];
}

export type Applied = 'applied' | 'duplicate' | 'stale';

function isDuplicate(err: unknown): boolean {
  const text = `${String(err)} ${String((err as { cause?: unknown })?.cause ?? '')}`;
  return /UNIQUE constraint failed: billing_events\.id|SQLITE_CONSTRAINT_PRIMARYKEY/.test(text);
}

/**
 * Applies an event once. The event's id, the subscription, the payment and the checkout are written
 * in one transaction whose first statement records the id: a duplicate fails that insert and the
 * whole transaction with it, so 50 concurrent deliveries apply once. A subscription snapshot older
 * than the one applied last (by occurrence time) changes nothing.
 */
export async function applyEvent(ctx: ServiceCtx, ev: BillingEvent): Promise<Applied> {
  const now = ctx.now();
  const record = ctx.db.insert(billingEvents).values({
    id: ev.id,
    type: ev.type,
    subscriptionId: ev.subscription?.id ?? ev.payment?.subscriptionId ?? null,
    occurredAt: ev.occurredAt,
    payload: JSON.parse(JSON.stringify(ev)) as Record<string, unknown>,
    appliedAt: now,
  });
  const rest = [];
  if (ev.subscription) {
    const s = ev.subscription;
    const { id: _id, ...changes } = s;
    rest.push(
      ctx.db
        .insert(subscriptions)
        .values({ ...s, eventAt: ev.occurredAt, createdAt: ev.occurredAt, updatedAt: now })
        .onConflictDoUpdate({
          target: subscriptions.id,
          set: { ...changes, eventAt: ev.occurredAt, updatedAt: now },
          setWhere: sql`${subscriptions.eventAt} <= ${ev.occurredAt}`,
        }),
    );
  }
  // The payment answers its id only when this event records it first: that one mails the receipt.
  const paymentAt = ev.payment ? rest.length + 1 : -1;
  if (ev.payment)
    rest.push(
      ctx.db
        .insert(payments)
        .values({ ...ev.payment, at: ev.occurredAt })
        .onConflictDoNothing()
        .returning({ txnId: payments.txnId }),
    );
  if (ev.checkoutId)
    rest.push(
      ctx.db
        .update(checkouts)
        .set({ status: 'paid', updatedAt: now, ...(ev.subscription ? { subscriptionId: ev.subscription.id } : {}) })
        .where(eq(checkouts.id, ev.checkoutId)),
    );
  let results: unknown[];
  try {
    results = await ctx.db.batch([record, ...rest]);
  } catch (err) {
    if (isDuplicate(err)) return 'duplicate';
    throw err;
  }
  const newPayment = paymentAt >= 0 && ((results[paymentAt] as unknown[] | undefined)?.length ?? 0) > 0;
  const outcome = await settleApplied(ctx, ev);
  if (newPayment) await mailReceipt(ctx, ev);
  return outcome;
}

/** What follows an applied event: limits, a trial a purchase ends, the company a checkout gave, the mail. */
async function settleApplied(ctx: ServiceCtx, ev: BillingEvent): Promise<Applied> {
  if (!ev.subscription) {
    await mailBillingEvent(ctx, ev);
    return 'applied';
  }
  const row = await ctx.db
    .select({ eventAt: subscriptions.eventAt })
    .from(subscriptions)
    .where(eq(subscriptions.id, ev.subscription.id))
    .get();
  if (row && row.eventAt > ev.occurredAt) return 'stale';
  await settle(ctx, ev.subscription.pid, ev.disablePhoneIds ?? []);
  // A base plan bought ends the trial; an add-on (an agent, an Instagram account) is bought beside it.
  const bought = plans(ctx).get(ev.subscription.planId);
  if (
    !ev.subscription.trialType &&
    bought &&
    !bought.addon &&
    (GRANTING as readonly string[]).includes(ev.subscription.status)
  )
    await endTrialsBought(ctx, ev.subscription.pid, ev.occurredAt);
  if (ev.type === 'subscription.created' && ev.checkoutId) await saveCheckoutCompany(ctx, ev.checkoutId);
  await mailBillingEvent(ctx, ev);
  return 'applied';
}

/**
 * A purchase of a base plan ends the running trial (issue 22): its seat stops counting at once, the banner goes,
 * and nothing is disabled later by the trial running out. One id per trial: applied once.
 */
async function endTrialsBought(ctx: ServiceCtx, pid: string, at: number): Promise<void> {
  const running = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.pid, pid), isNotNull(subscriptions.trialType), eq(subscriptions.status, 'active')))
    .all();
  for (const t of running) {
    const when = Math.max(at, t.eventAt);
    await applyEvent(ctx, {
      id: `evt_local_trial_bought_${t.id}`,
      type: 'subscription.cancelled',
      occurredAt: when,
      subscription: { ...snapshotOf(t), status: 'deleted', endedAt: when, nextBillDate: null },
    });
  }
}
