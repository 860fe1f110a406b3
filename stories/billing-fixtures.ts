import type { SubscriptionEntry } from '../src/shared/schemas/billing';
import type { PartnerLogs, PaymentHistory, Preview } from '../web/stores/billing';

/** A subscription entry as `GET /api/{brand}/product` lists it. */
export function entry(data: Partial<SubscriptionEntry['data']> = {}, name = 'PHONE · 2 Phones'): SubscriptionEntry {
  return {
    created_at: '2026-03-02T10:00:00.000Z',
    custom_data: { subscription_plan_id: data.subscription_plan_id ?? '569723' },
    name,
    data: {
      subscription_plan_id: '569723',
      subscription_id: 'sub_01',
      user_id: 7,
      product_id: 'p1',
      status: 'active',
      quantity: 2,
      new_quantity: null,
      scheduled_quantity: null,
      pending_update: false,
      new_payment_amount: null,
      phone_ids: [],
      next_bill_date: '2026-04-02',
      next_payment_amount: 58,
      unit_price: 29,
      amount: 58,
      event_time: '2026-03-02T10:00:00.000Z',
      next_retry_date: null,
      attempt_number: 0,
      email: 'ada@example.com',
      trialType: null,
      trial_ends: null,
      cancel_at: null,
      nobuttons: false,
      ...data,
    },
  };
}

export const PREVIEW: Preview = {
  immediate_payment: { amount: 18.5, date: '2026-03-14' },
  next_payment: { amount: 90, date: '2026-04-02' },
};

export const HISTORY: PaymentHistory = {
  next_payment: { amount: 58, date: '2026-04-02' },
  response: [
    { id: 3, is_paid: 1, payout_date: '2026-03-02', amount: 58, currency: 'USD', receipt_url: '/sandbox/receipt/3' },
    { id: 2, is_paid: 0, payout_date: '2026-02-27', amount: 58, currency: 'USD', receipt_url: null },
    { id: 1, is_paid: 1, payout_date: '2026-02-02', amount: 29, currency: 'USD', receipt_url: '/sandbox/receipt/1' },
  ],
};

export const PARTNER_LOGS: PartnerLogs = {
  success: true,
  month: '2026-03',
  total: 42,
  results: [
    {
      phone_id: 101,
      number: '905551112233',
      live_days_total: 30,
      price: 30,
      logs: [{ status: 'active', at: '2026-03-01T08:00:00.000Z' }],
      last_log: { status: 'active', date: '2026-03-01T08:00:00.000Z' },
    },
    {
      phone_id: 102,
      number: null,
      live_days_total: 12,
      price: 12,
      logs: [
        { status: 'active', at: '2026-03-03T09:12:00.000Z' },
        { status: 'disabled', at: '2026-03-15T17:40:00.000Z' },
      ],
      last_log: { status: 'disabled', date: '2026-03-15T17:40:00.000Z' },
    },
  ],
};
