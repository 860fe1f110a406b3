import { and, eq, inArray } from 'drizzle-orm';
import { phones, products, subscriptions, type ProductRow, type SubscriptionRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { BILLING_MSG } from '../../shared/billing/messages';
import {
  FEEDBACK_MIN_TEXT,
  FEEDBACK_REASONS,
  purchaseUnitPrice,
  updateUnitPrice,
  type Plan,
} from '../../shared/billing/plans';
import type { CancelInput, UpdateInput } from '../../shared/schemas/billing';
import type { ServiceCtx } from '../context';
import { enable } from '../phones/lifecycle';
import { planOf, plans } from './catalogue';
import { assertChangeable, assertNoPhone19Block, assertQuantityChange } from './change-rules';
import { assertDiscountsHold, assertPlanAllowed, assertPlanChange, assertUndoCancel } from './eligibility';
import { cancelLocally } from './trials';
import { addFootprint } from './footprint';
import { billingProvider } from './provider';
import { ownSubscription, productSubscriptions } from './subscriptions';
import { billingNow, dayString, dollars, quote } from './time';

/** What a quantity or plan change would cost (`checkpreview`): now (raises) and at the next payment. */
export async function previewChange(
  ctx: ServiceCtx,
  product: ProductRow,
  input: { subscription_id: string; quantity?: number | undefined; plan_id?: string | undefined },
) {
  const sub = await ownSubscription(ctx, product.id, input.subscription_id);
  const now = await billingNow(ctx);
  if (input.plan_id !== undefined && input.quantity === undefined) {
    assertChangeable(sub);
    const plan = planOf(ctx, input.plan_id);
    assertPlanChange(ctx, product, sub, plan, await productSubscriptions(ctx, product.id));
    await assertNoPhone19Block(ctx, sub, planOf(ctx, sub.planId));
    // The next payment is for the quantity it will bill: a scheduled reduction counts (issue 22).
    const unit = purchaseUnitPrice(plan, product.settings);
    return {
      next_payment: {
        amount: dollars((sub.scheduledQuantity ?? sub.quantity) * unit),
        date: dayString(sub.nextBillDate ?? now),
      },
      unit_price: dollars(unit),
    };
  }
  const quantity = input.quantity ?? sub.quantity;
  const plan = await assertQuantityChange(ctx, product, sub, quantity, [], { inUse: false });
  const unit = changeUnitPrice(plan, product, sub, quantity);
  const q = quote(sub, unit, quantity, now);
  return {
    // The unit price the change charges, named so the console can say it (1-console §9: a raise buys at
    // 30, not the card's 29.90; a reduction keeps the price the phones kept were bought at).
    unit_price: dollars(unit),
    ...(q.immediate
      ? { immediate_payment: { amount: dollars(q.immediate.amount), date: dayString(q.immediate.date) } }
      : {}),
    next_payment: { amount: dollars(q.next.amount), date: dayString(q.next.date) },
  };
}

/**
 * The unit price a quantity change bills from the next payment (issue 38): a raise buys at the update
 * price (30.00 a phone where the card sells at 29.90), which the preview names; a reduction keeps the
 * price the phones kept were bought at, so lowering the quantity never raises what they cost.
 */
function changeUnitPrice(plan: Plan, product: ProductRow, sub: SubscriptionRow, quantity: number): number {
  return quantity > sub.quantity ? updateUnitPrice(plan, product.settings) : sub.unitPrice;
}

/**
 * Changes a subscription's quantity (`updateSubscription`): a raise is charged now by the same
 * `quote` the preview showed and enables the phones the customer picked; a reduction is scheduled
 * for the period end with the phones it will disable.
 */
/**
 * Claims the subscription as it was read: of two changes sent at once (two tabs, a double submit
 * past the console's guard) only the first goes on, so one raise is never charged twice.
 */
async function claim(ctx: ServiceCtx, sub: SubscriptionRow): Promise<void> {
  const res = await ctx.db
    .update(subscriptions)
    .set({ updatedAt: Math.max(ctx.now(), sub.updatedAt + 1) })
    .where(
      and(
        eq(subscriptions.id, sub.id),
        eq(subscriptions.updatedAt, sub.updatedAt),
        eq(subscriptions.quantity, sub.quantity),
      ),
    );
  if (res.rowsAffected === 0) throw new ApiError('CONFLICT', BILLING_MSG.changedMeanwhile);
}

export async function updateQuantity(ctx: ServiceCtx, product: ProductRow, input: UpdateInput): Promise<string> {
  const sub = await ownSubscription(ctx, product.id, input.subscription_id);
  // The quantity the customer saw: another change landed since (a second tab, a double submit).
  if (input.old_quantity !== undefined && input.old_quantity !== sub.quantity)
    throw new ApiError('CONFLICT', BILLING_MSG.changedMeanwhile);
  const picked = [...new Set(input.phone_ids ?? [])];
  const raise = input.quantity > sub.quantity;
  const plan = await assertQuantityChange(ctx, product, sub, input.quantity, raise ? [] : picked);
  const unitPrice = changeUnitPrice(plan, product, sub, input.quantity);
  const q = quote(sub, unitPrice, input.quantity, await billingNow(ctx));
  await claim(ctx, sub);
  await billingProvider(ctx, sub.provider).changeQuantity(ctx, sub, {
    quantity: input.quantity,
    unitPrice,
    immediate: raise ? (q.immediate?.amount ?? 0) : null,
    phoneIds: raise ? [] : picked,
  });
  if (raise && picked.length) {
    const fresh = (await ctx.db.select().from(products).where(eq(products.id, product.id)).get())!;
    const rows = await ctx.db
      .select()
      .from(phones)
      .where(and(eq(phones.pid, product.id), inArray(phones.id, picked)))
      .all();
    for (const row of rows) await enable(ctx, fresh, row);
  }
  return BILLING_MSG.updateOk;
}

/** Moves a subscription to another plan from its next payment (`updateplanid`). */
export async function changePlan(
  ctx: ServiceCtx,
  product: ProductRow,
  subscriptionId: string,
  planId: string,
): Promise<string> {
  const sub = await ownSubscription(ctx, product.id, subscriptionId);
  assertChangeable(sub);
  const plan = planOf(ctx, planId);
  // The purchase's rules (services/billing/eligibility.ts), priced as the purchase would be.
  assertPlanChange(ctx, product, sub, plan, await productSubscriptions(ctx, product.id));
  await assertNoPhone19Block(ctx, sub, planOf(ctx, sub.planId));
  await billingProvider(ctx, sub.provider).changePlan(ctx, sub, plan, purchaseUnitPrice(plan, product.settings));
  return BILLING_MSG.processOk;
}

/**
 * Cancels with feedback (`cancelSubscription`). A base subscription cannot go while others are
 * active, nor any subscription whose phones a PHONE19 or PHONE15 add-on needs (assertDiscountsHold); reasons that ask for an explanation need 20 characters; the feedback is recorded. A paid
 * subscription ends at the end of its paid period (`cancel_at`, undone with `undoCancel`); a trial,
 * a past-due or a paused one ends now.
 */
export async function cancelSubscription(ctx: ServiceCtx, product: ProductRow, input: CancelInput): Promise<string> {
  const sub = await ownSubscription(ctx, product.id, input.subscription_id);
  if (sub.status === 'deleted') throw new ApiError('CONFLICT', BILLING_MSG.alreadyEnded);
  if (sub.cancelAt !== null) throw new ApiError('CONFLICT', BILLING_MSG.cancelScheduled);
  const reason = FEEDBACK_REASONS.find((r) => r.state === input.feedbackOption);
  const text = input.feedbackText?.trim() ?? '';
  if (input.feedbackOption !== undefined && !reason)
    throw new ApiError('VALIDATION', 'feedbackOption is not one of the reasons.', {
      fields: { feedbackOption: 'unknown' },
    });
  if (reason?.explain && text.length < FEEDBACK_MIN_TEXT)
    throw new ApiError('VALIDATION', BILLING_MSG.feedbackShort, { fields: { feedbackText: 'too short' } });
  const plan = plans(ctx).get(sub.planId);
  if (!sub.trialType) {
    const others = await productSubscriptions(ctx, product.id);
    if (plan && !plan.addon) {
      if (blockingOthers(sub, others).length) throw new ApiError('FORBIDDEN', BILLING_MSG.otherSubscriptions);
      await assertNoPhone19Block(ctx, sub, plan);
    }
    // Its phones may be what a PHONE19 or PHONE15 add-on's price stands on (issue 21): gone at its end.
    assertDiscountsHold(ctx, product, others, sub, 0);
  }
  const feedback = reason ? { option: reason.state, text } : null;
  if (feedback) await addFootprint(ctx, product.uid, 'feedback', reason!.state, { subscription_id: sub.id, text });
  if (sub.trialType) await cancelLocally(ctx, { ...sub, feedback });
  else await billingProvider(ctx, sub.provider).cancel(ctx, { ...sub, feedback });
  return BILLING_MSG.unsubscribeOk;
}

/**
 * Restarts a paused subscription (`reactiveSubscription`): charged now, a new cycle from today. Its
 * plan must still be one the account may have (a PHONE15 restarts once 90 phones besides it are
 * back); staff restarts (`opts.staff`) are a staff edit and skip that.
 */
export async function reactivate(
  ctx: ServiceCtx,
  product: ProductRow,
  subscriptionId: string,
  opts: { staff?: boolean } = {},
): Promise<string> {
  const sub = await ownSubscription(ctx, product.id, subscriptionId);
  if (sub.status !== 'paused') throw new ApiError('CONFLICT', BILLING_MSG.notPaused);
  if (!opts.staff)
    assertPlanAllowed(ctx, product, planOf(ctx, sub.planId), {
      from: sub,
      subs: await productSubscriptions(ctx, product.id),
    });
  if (!(await billingProvider(ctx, sub.provider).resume(ctx, sub)))
    throw new ApiError('PAYMENT_REQUIRED', BILLING_MSG.reactivateFailed);
  return BILLING_MSG.reactivateOk;
}

/** The subscriptions that must be cancelled before `sub` (a base plan) can be: the others still running and not already ending. */
function blockingOthers(sub: SubscriptionRow, others: readonly SubscriptionRow[]): SubscriptionRow[] {
  return others.filter(
    (o) => o.id !== sub.id && !o.trialType && (o.status === 'active' || o.status === 'past_due') && o.cancelAt === null,
  );
}

/**
 * Takes back a cancel scheduled for the period end (`undoCancel`): the subscription renews as before.
 * A discounted add-on only where the phones it needs are still there then (assertUndoCancel).
 */
export async function undoCancel(ctx: ServiceCtx, product: ProductRow, subscriptionId: string): Promise<string> {
  const sub = await ownSubscription(ctx, product.id, subscriptionId);
  if (sub.status === 'deleted') throw new ApiError('CONFLICT', BILLING_MSG.alreadyEnded);
  if (sub.cancelAt === null || sub.status !== 'active') throw new ApiError('CONFLICT', BILLING_MSG.notEnding);
  // A discounted add-on goes on at its price only where the phones it needs stay (issue 21).
  assertUndoCancel(ctx, product, await productSubscriptions(ctx, product.id), sub);
  await billingProvider(ctx, sub.provider).undoCancel(ctx, sub);
  return BILLING_MSG.cancelUndone;
}

/** The payment-method update link of a subscription (`getsubsdetails`). */
export async function subscriptionDetails(ctx: ServiceCtx, product: ProductRow, subscriptionId: string) {
  const sub = await ownSubscription(ctx, product.id, subscriptionId);
  assertChangeable(sub);
  if (sub.trialType) throw new ApiError('CONFLICT', BILLING_MSG.updateCannot);
  return [
    {
      subscription_id: sub.id,
      update_url: await billingProvider(ctx, sub.provider).paymentMethodUrl(ctx, sub),
      cancel_url: null,
    },
  ];
}
