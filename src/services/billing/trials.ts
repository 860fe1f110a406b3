import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { subscriptions, type ProductRow, type SubscriptionRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { BILLING_MSG } from '../../shared/billing/messages';
import { TRIAL_DAYS, TRIAL_KINDS, trialPlanId } from '../../shared/billing/plans';
import { spammyEmail, TRIAL_SPAM_MSG } from '../../shared/billing/trial-email';
import type { ServiceCtx } from '../context';
import { refuseTrialAbuse } from '../staff/bans';
import { assertTrialStart, assertTrialSwitch } from './eligibility';
import { applyEvent, snapshotOf } from './events';
import { productSubscriptions } from './subscriptions';
import { billingNow, DAY_MS } from './time';

const localId = () => `evt_local_${crypto.randomUUID()}`;

/**
 * The trial plan a `type` names: the plan id (`wapi-trial-api`) or its kind alone (`api`, as
 * 3-developer §7's console sends it); anything else is a 422 that lists both spellings.
 */
function trialType(ctx: ServiceCtx, type: string): string {
  const wanted = type.trim();
  const kind = TRIAL_KINDS.find((k) => k === wanted || trialPlanId(ctx.config.BRAND, k) === wanted);
  if (!kind) {
    const ids = TRIAL_KINDS.map((k) => trialPlanId(ctx.config.BRAND, k)).join(', ');
    throw new ApiError('VALIDATION', `type must be one of ${ids} (or ${TRIAL_KINDS.join(', ')}).`, {
      fields: { type: 'unknown trial' },
    });
  }
  return trialPlanId(ctx.config.BRAND, kind);
}

async function runningTrial(ctx: ServiceCtx, pid: string): Promise<SubscriptionRow | undefined> {
  return (await productSubscriptions(ctx, pid)).find((s) => s.trialType && s.status === 'active');
}

/**
 * Starts the free trial (`createFreeTrial`): three days of the trial plan's limits. A product takes
 * one trial: once it has had one (running or over), it cannot start another; a spam-looking e-mail
 * (3-developer §5) cannot start one, nor an account with a banned number or a number that already
 * had a trial with another account (4-admin "Bans").
 */
export async function createTrial(ctx: ServiceCtx, product: ProductRow, email: string, asked: string): Promise<string> {
  const type = trialType(ctx, asked);
  if (spammyEmail(email)) throw new ApiError('FORBIDDEN', TRIAL_SPAM_MSG);
  if (product.trial !== null) throw new ApiError('CONFLICT', BILLING_MSG.trialTaken);
  assertTrialStart(await productSubscriptions(ctx, product.id));
  await refuseTrialAbuse(ctx, product);
  const now = await billingNow(ctx);
  await applyEvent(ctx, {
    id: localId(),
    type: 'subscription.created',
    occurredAt: now,
    subscription: {
      id: `sub_trial_${crypto.randomUUID().replace(/-/g, '')}`,
      pid: product.id,
      uid: product.uid,
      provider: 'sandbox',
      planId: type,
      status: 'active',
      quantity: 1,
      unitPrice: 0,
      currency: 'USD',
      periodStart: now,
      nextBillDate: now + TRIAL_DAYS * DAY_MS,
      scheduledQuantity: null,
      scheduledPhoneIds: null,
      attemptNumber: 0,
      nextRetryDate: null,
      card: null,
      email,
      trialType: type,
      feedback: null,
      endedAt: null,
    },
  });
  return BILLING_MSG.processOk;
}

/** Switches the running trial between its types (`changetrial`) without raising its limits; its end stays. */
export async function changeTrial(ctx: ServiceCtx, product: ProductRow, asked: string): Promise<string> {
  const type = trialType(ctx, asked);
  const sub = await runningTrial(ctx, product.id);
  if (!sub) throw new ApiError('CONFLICT', BILLING_MSG.trialError);
  assertTrialSwitch(ctx, sub, type);
  await applyEvent(ctx, {
    id: localId(),
    type: 'subscription.updated',
    occurredAt: await billingNow(ctx),
    subscription: { ...snapshotOf(sub), planId: type, trialType: type },
  });
  return BILLING_MSG.trialChanged;
}

/** Ends a subscription we keep ourselves (trials): the same event a provider's cancellation makes. */
export async function cancelLocally(ctx: ServiceCtx, sub: SubscriptionRow, at?: number, id = localId()): Promise<void> {
  const when = at ?? (await billingNow(ctx));
  await applyEvent(ctx, {
    id,
    type: 'subscription.cancelled',
    occurredAt: when,
    subscription: { ...snapshotOf(sub), status: 'deleted', endedAt: when, nextBillDate: null },
  });
}

/** Ends the running trial now (`deleteFreeTrial`); the product cannot take another. */
export async function deleteTrial(ctx: ServiceCtx, product: ProductRow): Promise<string> {
  const sub = await runningTrial(ctx, product.id);
  if (!sub) throw new ApiError('CONFLICT', BILLING_MSG.trialError);
  await cancelLocally(ctx, sub);
  return BILLING_MSG.processOk;
}

/** Ends every trial whose three days are over by `until`, each at its own end. */
export async function endTrialsDue(ctx: ServiceCtx, until: number): Promise<number> {
  const due = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.trialType),
        eq(subscriptions.status, 'active'),
        lte(subscriptions.nextBillDate, until),
      ),
    )
    .all();
  // One id per trial end: two runners ending the same trial make one event.
  for (const s of due) await cancelLocally(ctx, s, s.nextBillDate!, `evt_local_trial_end_${s.id}`);
  return due.length;
}
