import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { checkouts, subscriptions, type CheckoutRow, type SubscriptionRow } from '../../../db/schema';
import type { ServiceCtx } from '../../services/context';

/** What we already hold of a Paddle subscription (its product, user and our own fields Paddle does not keep). */
export function storedSubscription(ctx: ServiceCtx, id: string): Promise<SubscriptionRow | undefined> {
  return ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id)).get();
}

/** The checkout a Paddle entity points back to: by our id in its `custom_data`, else by Paddle's transaction id. */
export async function checkoutFor(
  ctx: ServiceCtx,
  checkoutId: string | undefined,
  transactionId: string | undefined,
): Promise<CheckoutRow | undefined> {
  if (checkoutId) {
    const row = await ctx.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).get();
    if (row) return row;
  }
  if (!transactionId) return undefined;
  return ctx.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.provider, 'paddle'), eq(checkouts.providerRef, transactionId)))
    .get();
}

/** Remembers the Paddle transaction of a checkout, so its subscription is found even without `custom_data`. */
export async function rememberTransaction(ctx: ServiceCtx, checkoutId: string, transactionId: string): Promise<void> {
  await ctx.db
    .update(checkouts)
    .set({ providerRef: transactionId, updatedAt: ctx.now() })
    .where(eq(checkouts.id, checkoutId));
}

/** Records which subscription a paid checkout became (`checkSubscription` answers it). */
export async function linkCheckout(ctx: ServiceCtx, checkoutId: string, subscriptionId: string): Promise<void> {
  await ctx.db.update(checkouts).set({ subscriptionId, updatedAt: ctx.now() }).where(eq(checkouts.id, checkoutId));
}

/**
 * Paddle subscriptions with a reduction scheduled for a period ending by `until`. One set to end at
 * that period end (a cancel) keeps its reduction held here, unsent, until the cancel is taken back.
 */
export function dueReductions(ctx: ServiceCtx, until: number): Promise<SubscriptionRow[]> {
  return ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'paddle'),
        inArray(subscriptions.status, ['active', 'past_due']),
        isNotNull(subscriptions.scheduledQuantity),
        isNull(subscriptions.cancelAt),
        lte(subscriptions.nextBillDate, until),
      ),
    )
    .limit(100)
    .all();
}
