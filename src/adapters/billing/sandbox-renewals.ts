import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { subscriptions, type SubscriptionRow } from '../../../db/schema';
import { PAYMENT_ATTEMPTS, RETRY_DAYS } from '../../shared/billing/plans';
import { plans } from '../../services/billing/catalogue';
import { applyEvent, snapshotOf } from '../../services/billing/events';
import { addMonths, DAY_MS } from '../../services/billing/time';
import type { ServiceCtx } from '../../services/context';
import { charges, sandboxPayment } from './sandbox-events';

/** When a subscription next needs the sandbox: its renewal, or its next retry while past due. */
function dueAt(s: SubscriptionRow): number {
  return (s.status === 'past_due' ? s.nextRetryDate : s.nextBillDate) ?? Number.POSITIVE_INFINITY;
}

/**
 * One renewal or retry at its due time; a cancel scheduled for the period end ends it instead. A renewal first applies a scheduled reduction (and disables
 * the phones chosen for it), then charges the card on file: paid, the next cycle starts; failed, the
 * subscription is past due and retried every few days, and paused after the fourth failed attempt.
 */
async function step(ctx: ServiceCtx, s: SubscriptionRow, at: number): Promise<void> {
  if (s.cancelAt !== null && s.status === 'active' && s.cancelAt <= at) {
    // A cancel scheduled for this period end: the paid days are over, nothing is charged.
    await applyEvent(ctx, {
      id: `evt_sbx_cancel_${s.id}_${s.cancelAt}`,
      type: 'subscription.cancelled',
      occurredAt: s.cancelAt,
      subscription: {
        ...snapshotOf(s),
        status: 'deleted',
        endedAt: s.cancelAt,
        nextBillDate: null,
        nextRetryDate: null,
        scheduledQuantity: null,
        scheduledPhoneIds: null,
        cancelAt: null,
      },
    });
    return;
  }
  const months = plans(ctx).get(s.planId)?.months ?? 1;
  const quantity = s.scheduledQuantity ?? s.quantity;
  const amount = quantity * s.unitPrice;
  const base = { ...snapshotOf(s), quantity, scheduledQuantity: null, scheduledPhoneIds: null };
  const disablePhoneIds = s.scheduledPhoneIds ?? [];
  const renewal = s.status !== 'past_due';
  const attempt = renewal ? 1 : s.attemptNumber + 1;
  const kind = renewal ? 'renewal' : 'retry';
  // Ids from the subscription and the due time: two runners reaching the same renewal make the same
  // event, and the second one is a duplicate that changes nothing (no second charge).
  const id = `evt_sbx_${kind}_${s.id}_${at}_${attempt}`;
  const payment = (paid: boolean) =>
    sandboxPayment(s, kind, amount, quantity, paid, `txn_sbx_${kind}_${s.id}_${at}_${attempt}`);
  if (charges(s.card, true)) {
    await applyEvent(ctx, {
      id,
      type: 'subscription.updated',
      occurredAt: at,
      subscription: {
        ...base,
        status: 'active',
        periodStart: at,
        nextBillDate: addMonths(at, months),
        attemptNumber: 0,
        nextRetryDate: null,
      },
      payment: payment(true),
      disablePhoneIds,
    });
    return;
  }
  const paused = attempt >= PAYMENT_ATTEMPTS;
  await applyEvent(ctx, {
    id,
    type: paused ? 'subscription.paused' : 'subscription.past_due',
    occurredAt: at,
    subscription: paused
      ? { ...base, status: 'paused', attemptNumber: attempt, nextRetryDate: null, nextBillDate: null }
      : { ...base, status: 'past_due', attemptNumber: attempt, nextRetryDate: at + RETRY_DAYS * DAY_MS },
    payment: payment(false),
    disablePhoneIds,
  });
}

/** Runs every sandbox renewal and retry due up to `until`, oldest first, each at its own time. */
export async function runSandboxDue(ctx: ServiceCtx, until: number): Promise<number> {
  let ran = 0;
  for (; ran < 10_000; ran++) {
    const due = await ctx.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, 'sandbox'),
          isNull(subscriptions.trialType),
          or(
            and(eq(subscriptions.status, 'active'), lte(subscriptions.nextBillDate, until)),
            and(eq(subscriptions.status, 'past_due'), lte(subscriptions.nextRetryDate, until)),
          ),
        ),
      )
      .limit(50)
      .all();
    const next = due.sort((a, b) => dueAt(a) - dueAt(b))[0];
    if (!next) break;
    await step(ctx, next, dueAt(next));
  }
  return ran;
}

/** A past-due subscription whose card just changed is charged again at once. */
export async function retryNow(ctx: ServiceCtx, s: SubscriptionRow, at: number): Promise<void> {
  if (s.status === 'past_due') await step(ctx, s, at);
}
