import { and, desc, eq, inArray } from 'drizzle-orm';
import { payments, products, subscriptions, users } from '../../../db/schema';
import { ApiError } from '../../errors';
import { BILLING_MSG } from '../../shared/billing/messages';
import type { PausedSub } from '../../shared/schemas/staff/subs';
import { planOf, plans } from '../billing/catalogue';
import { reactivate } from '../billing/changes';
import { billingProvider } from '../billing/provider';
import { ownSubscriptionAnyProduct } from '../billing/subscriptions';
import { dollars } from '../billing/time';
import type { ServiceCtx } from '../context';
import { getProduct } from '../products/products';
import { recordAudit, type Actor } from './audit';

/** Paused subscriptions listed at most (the tab shows them all in one scrolling panel). */
const PAUSED_LIST_MAX = 1000;
/** Restarts one bulk call makes at most; each is a provider charge, so the rest wait for another run. */
const BULK_RESTART_MAX = 100;

/** Every paused subscription with its owner, newest pause first (4-admin §3 "Paused subscription"). */
export async function listPausedSubs(ctx: ServiceCtx): Promise<PausedSub[]> {
  const rows = await ctx.db
    .select({ sub: subscriptions, email: users.email, settings: products.settings })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.uid))
    .innerJoin(products, eq(products.id, subscriptions.pid))
    .where(eq(subscriptions.status, 'paused'))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(PAUSED_LIST_MAX)
    .all();
  const ids = rows.map((r) => r.sub.id);
  const failed = ids.length
    ? await ctx.db
        .select({ sub: payments.subscriptionId, amount: payments.amount })
        .from(payments)
        .where(and(inArray(payments.subscriptionId, ids), eq(payments.isPaid, false)))
        .orderBy(payments.id)
        .all()
    : [];
  const lastFailed = new Map(failed.map((p) => [p.sub, p.amount]));
  const all = plans(ctx);
  return rows.map(({ sub, email, settings }) => {
    const price = sub.quantity * sub.unitPrice;
    return {
      charge_id: sub.id,
      email,
      pid: sub.pid,
      created_at: new Date(sub.createdAt).toISOString(),
      phone_limit_now: Number(settings.phone_limit ?? 0),
      data: {
        paddle_email: sub.email,
        subscription_plan_id: sub.planId,
        amount: dollars(lastFailed.get(sub.id) ?? price),
        new_price: dollars(price),
        quantity: sub.quantity,
      },
      settings: { phone_limit: sub.quantity * (all.get(sub.planId)?.grants.phone ?? 0), plan_id: sub.planId },
    };
  });
}

/** Restarts one paused subscription through the billing port (charged now); the attempt is audited either way. */
export async function restartPausedSub(
  ctx: ServiceCtx,
  actor: Actor,
  pid: string,
  subscriptionId: string,
  bulk = false,
): Promise<string> {
  const product = await getProduct(ctx, pid);
  try {
    if (!product) throw new ApiError('NOT_FOUND', BILLING_MSG.noSubscription);
    const message = await reactivate(ctx, product, subscriptionId, { staff: true });
    await recordAudit(ctx, actor, 'restartSub', subscriptionId, { pid, ok: true, bulk });
    return message;
  } catch (err) {
    await recordAudit(ctx, actor, 'restartSub', subscriptionId, {
      pid,
      ok: false,
      bulk,
      message: err instanceof ApiError ? err.message : 'Unknown error',
    });
    throw err;
  }
}

/** Restarts the paused subscriptions (all, or only owners left with no phone limit), reporting each success and failure. */
export async function restartAllPausedSubs(ctx: ServiceCtx, actor: Actor, filter: 'all' | 'zero_limit') {
  const chosen = (await listPausedSubs(ctx)).filter((s) => filter === 'all' || s.phone_limit_now === 0);
  const batch = chosen.slice(0, BULK_RESTART_MAX);
  const successful = [];
  const failed = [];
  for (const s of batch) {
    const who = { charge_id: s.charge_id, pid: s.pid, email: s.email };
    try {
      successful.push({ ...who, message: await restartPausedSub(ctx, actor, s.pid, s.charge_id, true) });
    } catch (err) {
      failed.push({ ...who, message: err instanceof ApiError ? err.message : 'Unknown error' });
    }
  }
  const remaining = chosen.length - batch.length;
  const message = `Restarted ${successful.length} of ${batch.length} paused subscriptions; ${failed.length} failed.${remaining ? ` ${remaining} left for another run.` : ''}`;
  await recordAudit(ctx, actor, 'restartAllSubs', filter, {
    successful: successful.length,
    failed: failed.length,
    remaining,
  });
  return { success: batch.length === 0 || successful.length > 0, message, data: { successful, failed, remaining } };
}

/**
 * Changes what a paused subscription's restart charges and grants (`updatePausedSub`), through the
 * billing port: its plan, its quantity (phones it grants) and its price per period.
 */
export async function updatePausedSub(
  ctx: ServiceCtx,
  actor: Actor,
  input: { charge_id: string; phone_limit: number; new_price: number; plan_id: string },
): Promise<string> {
  const sub = await ownSubscriptionAnyProduct(ctx, input.charge_id);
  if (!sub) throw new ApiError('NOT_FOUND', BILLING_MSG.noSubscription);
  if (sub.status !== 'paused') throw new ApiError('CONFLICT', 'Only a paused subscription can be changed here.');
  const plan = planOf(ctx, input.plan_id);
  const perUnit = plan.grants.phone;
  if (plan.trial || perUnit === 0)
    throw new ApiError('VALIDATION', 'plan_id must be a paid phone plan.', { fields: { plan_id: 'not a phone plan' } });
  if (input.phone_limit % perUnit)
    throw new ApiError('VALIDATION', `phone_limit must be a multiple of ${perUnit} on this plan.`, {
      fields: { phone_limit: 'not a multiple' },
    });
  const quantity = input.phone_limit / perUnit;
  const unitPrice = Math.round((input.new_price * 100) / quantity);
  const provider = billingProvider(ctx, sub.provider);
  if (plan.id !== sub.planId) await provider.changePlan(ctx, sub, plan, unitPrice);
  const fresh = (await ownSubscriptionAnyProduct(ctx, sub.id))!;
  await provider.changeQuantity(ctx, fresh, { quantity, unitPrice, immediate: 0, phoneIds: [] });
  await recordAudit(ctx, actor, 'updatePausedSub', sub.id, {
    pid: sub.pid,
    before: { plan_id: sub.planId, quantity: sub.quantity, price: dollars(sub.quantity * sub.unitPrice) },
    after: { plan_id: plan.id, quantity, price: dollars(quantity * unitPrice) },
  });
  return 'Paused subscription updated.';
}
