import { and, eq, inArray } from 'drizzle-orm';
import { phones, type ProductRow, type SubscriptionRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { BILLING_MSG } from '../../shared/billing/messages';
import type { Plan } from '../../shared/billing/plans';
import { OWNER_SEAT } from '../../shared/agent-seats';
import { agentCount, agentLimit } from '../agents/seats';
import type { ServiceCtx } from '../context';
import { countedPhones } from '../phones/phones';
import { planOf, plans } from './catalogue';
import { assertDiscountsHold, assertPlanAllowed } from './eligibility';
import { productSubscriptions } from './subscriptions';

const PHONE_PLANS = new Set(['PHONE', 'NEWPHONE']);

/** A subscription that can change: granting, not waiting for its first payment. */
export function assertChangeable(sub: SubscriptionRow): void {
  if (sub.status === 'deleted') throw new ApiError('CONFLICT', BILLING_MSG.alreadyEnded);
  if (sub.status === 'temporary') throw new ApiError('CONFLICT', BILLING_MSG.pending);
  if (sub.cancelAt !== null) throw new ApiError('CONFLICT', BILLING_MSG.endingNoChange);
}

/** PHONE subscriptions cannot be edited or cancelled while a PHONE19 subscription exists (1-console §6). */
export async function assertNoPhone19Block(ctx: ServiceCtx, sub: SubscriptionRow, plan: Plan): Promise<void> {
  if (!PHONE_PLANS.has(plan.name)) return;
  const all = plans(ctx);
  const others = await productSubscriptions(ctx, sub.pid);
  if (others.some((o) => o.status !== 'deleted' && all.get(o.planId)?.name === 'PHONE19'))
    throw new ApiError('FORBIDDEN', BILLING_MSG.phone19Block);
}

/**
 * The rules of a quantity change (1-console §5, §6): trials, partners and enterprise plans cannot
 * raise, and a raise buys at the plan's price only where a purchase could (services/billing/eligibility.ts);
 * `update_limited` cannot reduce; a reduction keeps the phones other discounted add-ons need; a reduction may not leave more phones or Instagram accounts
 * enabled than the new limit, counting the phones chosen to be disabled. Answers the plan. A preview
 * passes `inUse: false`: the customer picks the phones to disable after seeing it.
 */
export async function assertQuantityChange(
  ctx: ServiceCtx,
  product: ProductRow,
  sub: SubscriptionRow,
  quantity: number,
  disableIds: readonly number[],
  opts: { inUse?: boolean } = {},
): Promise<Plan> {
  assertChangeable(sub);
  const plan = planOf(ctx, sub.planId);
  if (sub.trialType) throw new ApiError('FORBIDDEN', BILLING_MSG.trialNoRaise);
  await assertNoPhone19Block(ctx, sub, plan);
  if (quantity === sub.quantity) throw new ApiError('VALIDATION', BILLING_MSG.updateCannot);
  if (quantity > sub.quantity) {
    if (product.settings.partner) throw new ApiError('FORBIDDEN', BILLING_MSG.partnerNoRaise);
    if (plan.name === 'CUSTOM') throw new ApiError('FORBIDDEN', BILLING_MSG.enterpriseNoRaise);
    // More units are bought at this plan's price: the purchase's rules (PHONE19, PHONE15) hold.
    assertPlanAllowed(ctx, product, plan, { from: sub, subs: await productSubscriptions(ctx, sub.pid) });
    return plan;
  }
  if (product.settings.update_limited) throw new ApiError('FORBIDDEN', BILLING_MSG.updateLimited);
  assertDiscountsHold(ctx, product, await productSubscriptions(ctx, sub.pid), sub, quantity);
  const less = sub.quantity - quantity;
  if (disableIds.length > less * Math.max(plan.grants.phone, plan.grants.instagram))
    throw new ApiError('VALIDATION', BILLING_MSG.phonesToDisable);
  if (disableIds.length) {
    const own = await ctx.db
      .select({ id: phones.id })
      .from(phones)
      .where(and(eq(phones.pid, product.id), inArray(phones.id, [...disableIds])))
      .all();
    if (own.length !== new Set(disableIds).size) throw new ApiError('NOT_FOUND', 'Phone not found.');
  }
  if (opts.inUse === false) return plan;
  const limit = (k: 'phone_limit' | 'instagram_limit') => Number(product.settings[k] ?? 0);
  if (
    plan.grants.phone &&
    (await countedPhones(ctx, product.id, disableIds, 'whatsapp')) > limit('phone_limit') - plan.grants.phone * less
  ) {
    throw new ApiError('CONFLICT', BILLING_MSG.phonesInUse);
  }
  if (
    plan.grants.instagram &&
    (await countedPhones(ctx, product.id, disableIds, 'instagram')) >
      limit('instagram_limit') - plan.grants.instagram * less
  ) {
    throw new ApiError('CONFLICT', BILLING_MSG.instagramInUse);
  }
  if (plan.grants.agent) {
    const registered = await agentCount(ctx, product.id);
    if (registered > 0 && registered + OWNER_SEAT > agentLimit(product) - plan.grants.agent * less)
      throw new ApiError('CONFLICT', BILLING_MSG.agentsInUse);
  }
  return plan;
}
