import { and, desc, eq } from 'drizzle-orm';
import { subscriptions, type ProductRow, type SubscriptionRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { BILLING_MSG } from '../../shared/billing/messages';
import { displayName } from '../../shared/billing/plans';
import type { SubscriptionEntry } from '../../shared/schemas/billing';
import type { ServiceCtx } from '../context';
import { plans } from './catalogue';
import { dayString, dollars } from './time';

/** A product's subscriptions, newest first. */
export function productSubscriptions(ctx: ServiceCtx, pid: string): Promise<SubscriptionRow[]> {
  return ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.pid, pid))
    .orderBy(desc(subscriptions.createdAt))
    .all();
}

/** One of the product's subscriptions; another product's answers exactly like a missing one. */
export async function ownSubscription(ctx: ServiceCtx, pid: string, id: string): Promise<SubscriptionRow> {
  const row = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.pid, pid)))
    .get();
  if (!row) throw new ApiError('NOT_FOUND', BILLING_MSG.noSubscription);
  return row;
}

/** A subscription as the console reads it (1-console §3 "Subscription entry"). */
function entryOf(ctx: ServiceCtx, s: SubscriptionRow, product: ProductRow): SubscriptionEntry {
  const plan = plans(ctx).get(s.planId);
  const granting = s.status === 'active' || s.status === 'past_due';
  const ending = granting && s.cancelAt !== null;
  // A reduction scheduled before a cancel stays held for `undoCancel`; while the cancel stands the entry shows the end only.
  const scheduled = s.scheduledQuantity !== null && s.scheduledQuantity !== s.quantity && !ending;
  return {
    created_at: new Date(s.createdAt).toISOString(),
    custom_data: { subscription_plan_id: s.planId },
    name: displayName(plan, s.quantity, Number(product.settings.agent_limit ?? 0)),
    data: {
      subscription_plan_id: s.planId,
      subscription_id: s.id,
      user_id: s.uid,
      product_id: s.pid,
      status: s.status,
      quantity: s.quantity,
      new_quantity: scheduled ? s.scheduledQuantity : null,
      scheduled_quantity: s.scheduledQuantity,
      pending_update: scheduled,
      new_payment_amount: scheduled ? dollars(s.scheduledQuantity! * s.unitPrice) : null,
      phone_ids: s.scheduledPhoneIds ?? [],
      next_bill_date: granting && !ending && !s.trialType && s.nextBillDate ? dayString(s.nextBillDate) : null,
      next_payment_amount:
        granting && !ending && !s.trialType ? dollars((s.scheduledQuantity ?? s.quantity) * s.unitPrice) : null,
      unit_price: dollars(s.unitPrice),
      amount: dollars(s.quantity * s.unitPrice),
      event_time: new Date(s.eventAt).toISOString(),
      next_retry_date: s.nextRetryDate ? dayString(s.nextRetryDate) : null,
      attempt_number: s.attemptNumber,
      email: s.email,
      trialType: s.trialType,
      trial_ends: s.trialType && s.nextBillDate ? dayString(s.nextBillDate) : null,
      cancel_at: ending ? dayString(s.cancelAt!) : null,
      nobuttons: s.status === 'temporary',
    },
  };
}

/** `activeSubs` (everything not ended) and `deletedSubs` of the product answer. */
export async function subscriptionLists(ctx: ServiceCtx, product: ProductRow) {
  const rows = await productSubscriptions(ctx, product.id);
  const entries = rows.map((r) => entryOf(ctx, r, product));
  return {
    activeSubs: entries.filter((e) => e.data.status !== 'deleted'),
    deletedSubs: entries.filter((e) => e.data.status === 'deleted'),
  };
}

/** A subscription by id whatever its product (receipts are reached by their unguessable transaction id). */
export function ownSubscriptionAnyProduct(ctx: ServiceCtx, id: string): Promise<SubscriptionRow | undefined> {
  return ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id)).get();
}
