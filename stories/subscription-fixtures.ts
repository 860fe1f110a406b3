import type { SubscriptionEntry } from '../src/shared/schemas/billing';
import type { ProductSettings } from '../web/lib/bootstrap';
import type { PaymentHistory, Preview } from '../web/stores/billing';

/** Mocked data for the subscription stories: no network is touched. */
export function entry(
  over: Partial<SubscriptionEntry['data']> & { subscription_id: string },
  name = 'API · 2 Phones',
): SubscriptionEntry {
  const planId = over.subscription_plan_id ?? 'wapi-api';
  return {
    created_at: '2026-11-24T10:00:00.000Z',
    custom_data: { subscription_plan_id: planId },
    name,
    data: {
      subscription_plan_id: planId,
      user_id: 7,
      product_id: '3f1c2a9e-1111-4222-8333-944455556666',
      status: 'active',
      quantity: 2,
      new_quantity: null,
      scheduled_quantity: null,
      pending_update: false,
      new_payment_amount: null,
      phone_ids: [],
      next_bill_date: '2026-12-24',
      next_payment_amount: 59.8,
      unit_price: 29.9,
      amount: 59.8,
      event_time: '2026-11-24T10:00:00.000Z',
      next_retry_date: null,
      attempt_number: 0,
      email: 'me@example.com',
      trialType: null,
      trial_ends: null,
      cancel_at: null,
      nobuttons: false,
      ...over,
    },
  };
}

export const ACTIVE = entry({ subscription_id: 'sub_active' });
export const PENDING_REDUCTION = entry(
  {
    subscription_id: 'sub_reduce',
    quantity: 3,
    new_quantity: 1,
    scheduled_quantity: 1,
    pending_update: true,
    phone_ids: [102, 103],
    next_payment_amount: 29.9,
  },
  'API · 3 Phones',
);
export const PAST_DUE = entry(
  { subscription_id: 'sub_due', status: 'past_due', attempt_number: 2, next_retry_date: '2026-12-27' },
  'PHONE · 1 Phone',
);
export const PAUSED = entry(
  {
    subscription_id: 'sub_paused',
    status: 'paused',
    next_bill_date: null,
    next_payment_amount: null,
    attempt_number: 4,
  },
  'PHONE · 1 Phone',
);
export const TEMPORARY = entry(
  {
    subscription_id: 'sub_temp',
    status: 'temporary',
    nobuttons: true,
    next_bill_date: null,
    next_payment_amount: null,
  },
  'Agent · 1 Agent',
);
export const TRIAL = entry(
  {
    subscription_id: 'sub_trial',
    subscription_plan_id: 'wapi-trial-live',
    trialType: 'wapi-trial-live',
    quantity: 1,
    unit_price: 0,
    amount: 0,
    next_bill_date: null,
    next_payment_amount: null,
    trial_ends: '2099-01-01',
  },
  'Live Chat Trial',
);
export const CANCELLED = entry(
  { subscription_id: 'sub_gone', status: 'deleted', next_bill_date: null, next_payment_amount: null },
  'LIVE · 1 Phone',
);

export const SETTINGS: ProductSettings = {
  phone_limit: 2,
  agent_limit: 0,
  instagram_limit: 0,
  subscription_package: 'api',
};
export const ELIGIBLE: ProductSettings = { ...SETTINGS, phone_limit: 95, phone19: true, phone15: true };

export const RAISE_PREVIEW: Preview = {
  immediate_payment: { amount: 19.5, date: '2026-12-04' },
  next_payment: { amount: 90, date: '2026-12-24' },
};
export const REDUCE_PREVIEW: Preview = { next_payment: { amount: 30, date: '2026-12-24' } };

export const HISTORY: PaymentHistory = {
  next_payment: { amount: 59.8, date: '2026-12-24' },
  response: [
    {
      id: 3,
      is_paid: 1,
      payout_date: '2026-11-24',
      amount: 59.8,
      currency: 'USD',
      receipt_url: '/sandbox/receipt/txn_3',
    },
    { id: 2, is_paid: 0, payout_date: '2026-11-21', amount: 59.8, currency: 'USD', receipt_url: null },
    {
      id: 1,
      is_paid: 1,
      payout_date: '2026-10-24',
      amount: 59.8,
      currency: 'USD',
      receipt_url: '/sandbox/receipt/txn_1',
    },
  ],
};
