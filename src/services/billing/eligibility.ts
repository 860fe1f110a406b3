import type { ProductRow, SubscriptionRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { boughtPlan } from '../../shared/billing/bought';
import { BILLING_MSG } from '../../shared/billing/messages';
import { sameGrants } from '../../shared/billing/plan-change';
import { PHONE15_MIN_LIMIT, PHONE19_MIN_LIMIT, type Plan } from '../../shared/billing/plans';
import type { ServiceCtx } from '../context';
import { planOf, plans } from './catalogue';
import { GRANTING } from './limits';

/**
 * What an account may buy, move a subscription to, raise or restart (1-console §6, §9): the one rule
 * the purchase (`custompaddlelink`) and every customer call that changes a plan or a price
 * (`updateplanid`, `checkpreview`, `updateSubscription`, `reactiveSubscription`, `changetrial`,
 * and for the discounts `cancelSubscription` and `undoCancel`) go through, and a checkout's payment
 * again (`assertCheckoutAllowed` in checkout.ts). Staff edits (a staff member's custom link, the
 * back-office's paused-subscription edit and restarts) are the exception the spec makes.
 */

/** Discounted phone add-ons: the flag they need and the phone limit the account must already have. */
const DISCOUNTED = {
  PHONE19: {
    flag: 'phone19',
    min: PHONE19_MIN_LIMIT,
    message: BILLING_MSG.phone19Needs,
    held: BILLING_MSG.phone19Held,
  },
  PHONE15: {
    flag: 'phone15',
    min: PHONE15_MIN_LIMIT,
    message: BILLING_MSG.phone15Needs,
    held: BILLING_MSG.phone15Held,
  },
} as const;

const granting = (s: Pick<SubscriptionRow, 'status'>) => (GRANTING as readonly string[]).includes(s.status);

/** The quantity a subscription bills from its next payment: none once a cancel at its period end is set. */
const billed = (s: SubscriptionRow) => (s.cancelAt !== null ? 0 : (s.scheduledQuantity ?? s.quantity));

export interface PlanRequest {
  /** A staff member asks (their custom link): the enterprise plan and partner accounts are theirs to sell. */
  staff?: boolean;
  /** The subscription that would take the plan (a change, a raise, a restart); none for a purchase. */
  from?: SubscriptionRow;
  /** The account's subscriptions: their cancels and reductions already scheduled count as made. */
  subs?: readonly SubscriptionRow[];
}

/**
 * The product's phone limit without what `sub` grants now: the phones the account has besides it,
 * less what the cancels and reductions scheduled on the others in `subs` will take at their period end.
 */
function phonesBesides(
  ctx: ServiceCtx,
  product: ProductRow,
  sub: SubscriptionRow | undefined,
  subs: readonly SubscriptionRow[] = [],
): number {
  const all = plans(ctx);
  const perUnit = (s: SubscriptionRow) => all.get(s.planId)?.grants.phone ?? 0;
  const going = subs
    .filter((s) => s.id !== sub?.id && granting(s))
    .reduce((n, s) => n + perUnit(s) * (s.quantity - billed(s)), 0);
  const limit = Number(product.settings.phone_limit ?? 0) - going;
  if (!sub || !granting(sub)) return limit;
  return limit - perUnit(sub) * sub.quantity;
}

/**
 * May this account have `plan` (bought, changed to, raised or restarted)? A trial plan is only started
 * with createFreeTrial; the enterprise plan only through staff; PHONE19 needs the phone19 setting and
 * 45 phones besides, PHONE15 the phone15 setting and 90 (the subscription taking the discount never
 * counts toward its own threshold; with `subs`, what is scheduled to go does not count either); a
 * partner account cannot add phones. Refusals are the purchase's.
 */
export function assertPlanAllowed(ctx: ServiceCtx, product: ProductRow, plan: Plan, req: PlanRequest = {}): void {
  const { from, staff = false, subs } = req;
  const kept = from?.planId === plan.id;
  if (plan.trial && !kept)
    throw new ApiError('VALIDATION', BILLING_MSG.trialNotSold, { fields: { plan_id: 'trial plan' } });
  if (plan.name === 'CUSTOM' && !kept && !staff) throw new ApiError('FORBIDDEN', BILLING_MSG.staffOnly);
  const discount = plan.name === 'PHONE19' || plan.name === 'PHONE15' ? DISCOUNTED[plan.name] : null;
  if (discount && !(product.settings[discount.flag] && phonesBesides(ctx, product, from, subs) >= discount.min))
    throw new ApiError('FORBIDDEN', discount.message);
  if (
    product.settings.partner &&
    !staff &&
    plan.grants.phone > 0 &&
    !(from && planOf(ctx, from.planId).grants.phone >= plan.grants.phone)
  ) {
    throw new ApiError('FORBIDDEN', BILLING_MSG.partnerNoRaise);
  }
}

/**
 * A customer's plan change (`updateplanid`, and the plan preview of `checkpreview`): from the next
 * payment, so it keeps what the subscription grants (adding phones, agents or Instagram accounts is a
 * purchase; giving them up, a cancellation); never on a trial (changetrial switches those) nor off or
 * onto the enterprise plan; and the plan must be one the account may buy.
 */
export function assertPlanChange(
  ctx: ServiceCtx,
  product: ProductRow,
  sub: SubscriptionRow,
  plan: Plan,
  subs?: readonly SubscriptionRow[],
): void {
  if (sub.trialType) throw new ApiError('FORBIDDEN', BILLING_MSG.trialNoRaise);
  const current = planOf(ctx, sub.planId);
  if (plan.id === current.id)
    throw new ApiError('VALIDATION', BILLING_MSG.samePlan, { fields: { plan_id: 'current plan' } });
  if (current.name === 'CUSTOM') throw new ApiError('FORBIDDEN', BILLING_MSG.enterpriseContact);
  assertPlanAllowed(ctx, product, plan, { from: sub, ...(subs ? { subs } : {}) });
  if (!sameGrants(plan, current))
    throw new ApiError('VALIDATION', BILLING_MSG.planGrantsDiffer, { fields: { plan_id: 'grants differ' } });
}

/** A free trial adds no limits on top of a paid subscription that grants (trials cannot raise limits, 1-console §6). */
export function assertTrialStart(subs: readonly SubscriptionRow[]): void {
  if (subs.some((s) => !s.trialType && granting(s))) throw new ApiError('CONFLICT', BILLING_MSG.trialOnPaid);
  // Issue 38: a customer who has bought a plan (since ended or paused) is not a trial's customer either.
  if (subs.some(boughtPlan)) throw new ApiError('CONFLICT', BILLING_MSG.trialBought);
}

/**
 * A running trial switches type (`changetrial`) without raising a limit: to a trial with no more
 * phones or Instagram accounts (API and Live chat both have one phone, 1-console §4; the multi-API
 * trial's three phones are only for a trial started as one).
 */
export function assertTrialSwitch(ctx: ServiceCtx, sub: SubscriptionRow, type: string): void {
  const from = planOf(ctx, sub.planId).grants;
  const to = planOf(ctx, type).grants;
  if (to.phone > from.phone || to.instagram > from.instagram) throw new ApiError('FORBIDDEN', BILLING_MSG.trialNoRaise);
}

/**
 * A quantity reduction of `sub` to `quantity`, or its cancel (`quantity` 0), leaves every other
 * discounted add-on its threshold: the phones besides a PHONE19 (PHONE15) subscription stay at 45
 * (90) or more once what is scheduled has happened, or the change is refused, naming the add-on to
 * cancel or move first. Reductions and cancels already scheduled on other subscriptions count as
 * made; an add-on already ending needs nothing. A subscription that grants nothing now (paused)
 * takes nothing away.
 */
export function assertDiscountsHold(
  ctx: ServiceCtx,
  product: ProductRow,
  subs: readonly SubscriptionRow[],
  sub: SubscriptionRow,
  quantity: number,
): void {
  const all = plans(ctx);
  const perUnit = (s: SubscriptionRow) => all.get(s.planId)?.grants.phone ?? 0;
  if (!granting(sub) || perUnit(sub) * (sub.quantity - quantity) <= 0) return;
  const live = subs.filter(granting);
  const after = (s: SubscriptionRow) => (s.id === sub.id ? quantity : billed(s));
  const lost = live.reduce((n, s) => n + perUnit(s) * (s.quantity - after(s)), 0);
  const limit = Number(product.settings.phone_limit ?? 0) - lost;
  for (const d of live) {
    const name = all.get(d.planId)?.name;
    if (d.id === sub.id || d.cancelAt !== null || (name !== 'PHONE19' && name !== 'PHONE15')) continue;
    const rule = DISCOUNTED[name];
    if (limit - perUnit(d) * after(d) < rule.min)
      throw new ApiError('FORBIDDEN', rule.held, { subscription_id: d.id, plan: name });
  }
}

/**
 * Taking back the cancel of a discounted add-on (`undoCancel`) keeps it at its price from the next
 * payment: the purchase's rule over the phones that will be left besides it, counting the cancels
 * and reductions scheduled on the others as made (PHONE15 cannot outlive the PHONE subscription
 * cancelled while it was ending).
 */
export function assertUndoCancel(
  ctx: ServiceCtx,
  product: ProductRow,
  subs: readonly SubscriptionRow[],
  sub: SubscriptionRow,
): void {
  const all = plans(ctx);
  const name = all.get(sub.planId)?.name;
  if (name !== 'PHONE19' && name !== 'PHONE15') return;
  const rule = DISCOUNTED[name];
  if (!(product.settings[rule.flag] && phonesBesides(ctx, product, sub, subs) >= rule.min))
    throw new ApiError('FORBIDDEN', rule.message);
}
