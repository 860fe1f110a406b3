import { planCatalogue, QUANTITY_MAX, QUANTITY_MIN, trialPlanId, type Plan } from '../../../src/shared/billing/plans';
import type { SubscriptionEntry } from '../../../src/shared/schemas/billing';
import { statusView as statusOf } from '../../lib/billing-format';
import type { Phone } from '../../lib/phones';

/** The rules of the subscription tables and modals that need no network (1-console §4, §5, §9). */

export type Entry = SubscriptionEntry;
const DAY_MS = 86_400_000;

/** The plan of an entry in the brand's catalogue (undefined for an id the console does not know). */
export function planOfEntry(brand: string, e: Entry): Plan | undefined {
  return planCatalogue(brand).get(e.data.subscription_plan_id);
}

/** Whole days until a trial's end day, 0 on the day itself. */
function trialDaysLeft(trialEnds: string, now = Date.now()): number {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  return Math.max(0, Math.round((Date.parse(`${trialEnds}T00:00:00Z`) - today) / DAY_MS));
}

/** 'today' or '{n} days remaining' (1-console §4 Trial). */
export function trialRemainingText(trialEnds: string | null, now = Date.now()): string {
  if (!trialEnds) return '';
  const days = trialDaysLeft(trialEnds, now);
  return days === 0 ? 'Ends today' : `${days} day${days === 1 ? '' : 's'} remaining`;
}

/**
 * The subscriptions to cancel before `sub` can be (1-console §6: a base plan waits for the others):
 * the others still running and not already ending; none for an add-on or a trial.
 */
export function cancelFirst(brand: string, sub: Entry, active: readonly Entry[]): Entry[] {
  const plan = planOfEntry(brand, sub);
  if (!plan || plan.addon || sub.data.trialType) return [];
  return active.filter(
    (o) =>
      o.data.subscription_id !== sub.data.subscription_id &&
      !o.data.trialType &&
      (o.data.status === 'active' || o.data.status === 'past_due') &&
      !o.data.cancel_at,
  );
}

/** The status column: its text and colour. */
export const statusView = (e: Entry) => statusOf(e.data);

/** Quantity choices 1 to 300; from the current quantity when the product is `update_limited`. */
export function quantityOptions(current: number, updateLimited: boolean): number[] {
  const from = updateLimited ? Math.max(QUANTITY_MIN, current) : QUANTITY_MIN;
  return Array.from({ length: QUANTITY_MAX - from + 1 }, (_, i) => from + i);
}

/** The plans a phone subscription may move to (the monthly API, six-monthly and annual plans), not its own. */
export function planTargets(brand: string, e: Entry): Plan[] {
  const all = planCatalogue(brand);
  return [`${brand}-api`, `${brand}-phone-six-monthly`, `${brand}-api-annually`]
    .filter((id) => id !== e.data.subscription_plan_id)
    .map((id) => all.get(id)!);
}

/** The trial a running trial switches to: the API trial, or Live chat when it already is the API one. */
export function trialTarget(brand: string, e: Entry): string {
  const api = trialPlanId(brand, 'api');
  return e.data.trialType === api ? trialPlanId(brand, 'live') : api;
}

/** Which phones an update picks from: WhatsApp phones, Instagram accounts, or none (agents). */
export function pickKind(plan: Plan | undefined): Phone['type'] | null {
  if (plan?.grants.phone) return 'whatsapp';
  if (plan?.grants.instagram) return 'instagram';
  return null;
}

/**
 * What the update preview asks of the phone selection (1-console §4 Changes, §5). A raise offers the
 * disabled phones to activate, at most the added units; a reduction offers the enabled ones and needs
 * exactly as many as would stay above the new limit (never more than the removed units).
 */
export function phoneChoice(
  plan: Plan | undefined,
  phones: readonly Phone[],
  oldQuantity: number,
  quantity: number,
  limit: number,
) {
  const kind = pickKind(plan);
  const per = plan ? Math.max(plan.grants.phone, plan.grants.instagram) : 0;
  const units = Math.abs(quantity - oldQuantity) * per;
  const raise = quantity > oldQuantity;
  const own = kind ? phones.filter((p) => p.type === kind && !p.data.sandbox && !p.deleted) : [];
  const enabled = own.filter((p) => p.active);
  const candidates = raise ? own.filter((p) => !p.active) : enabled;
  const required = raise ? 0 : Math.min(units, Math.max(0, enabled.length - (limit - units)));
  return { raise, candidates, max: units, required };
}
