import { z } from 'zod';

/** Answers of the subscription calls (`/api/{brand}/...`, 1-console §3 and §7). Amounts are dollars (two decimals), dates `YYYY-MM-DD`. */

const money = z.number().meta({ description: 'Dollars, two decimals', example: 29.9 });
const day = z.string().meta({ description: 'A date, YYYY-MM-DD', example: '2026-12-24' });

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'paused', 'deleted', 'temporary'] as const;

/** A subscription entry of `activeSubs` / `deletedSubs` (1-console §3 "Subscription entry"). */
export const subscriptionEntry = z
  .object({
    created_at: z.string(),
    custom_data: z.object({ subscription_plan_id: z.string() }),
    name: z.string().meta({ description: 'Display name, e.g. `1 Phone - 1 Agent`' }),
    data: z.object({
      subscription_plan_id: z.string(),
      subscription_id: z.string(),
      user_id: z.number().int(),
      product_id: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      quantity: z.number().int(),
      new_quantity: z.number().int().nullable(),
      scheduled_quantity: z.number().int().nullable(),
      pending_update: z.boolean(),
      new_payment_amount: money.nullable(),
      phone_ids: z.array(z.number().int()),
      next_bill_date: day.nullable(),
      next_payment_amount: money.nullable(),
      unit_price: money,
      amount: money,
      event_time: z.string(),
      next_retry_date: day.nullable(),
      attempt_number: z.number().int(),
      email: z.string(),
      trialType: z.string().nullable(),
      trial_ends: day.nullable().meta({ description: 'Trials: the day the trial ends' }),
      cancel_at: day.nullable().meta({
        description: 'A cancel scheduled for the end of the paid period: the day it ends (undo with undoCancel)',
      }),
      nobuttons: z.boolean().meta({ description: 'Pending payment: the row offers no actions' }),
    }),
  })
  .meta({ id: 'SubscriptionEntry' });
export type SubscriptionEntry = z.infer<typeof subscriptionEntry>;

/** A payment preview (1-console §3 "Preview data"). */
export const previewData = z
  .object({
    immediate_payment: z.object({ amount: money, date: day }).optional(),
    next_payment: z.object({ amount: money, date: day }),
    unit_price: money.optional().meta({
      description: 'The price of one unit this change charges (a raise, and each unit from the next payment)',
    }),
  })
  .meta({ id: 'PaymentPreview' });

export const previewAnswer = z.object({ success: z.literal(true), response: previewData });

/** Payment history item (1-console §3). */
export const paymentItem = z.object({
  id: z.number().int(),
  is_paid: z.union([z.literal(0), z.literal(1)]),
  payout_date: day,
  amount: money,
  currency: z.string(),
  receipt_url: z.string().nullable(),
});
export const paymentHistoryAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    response: z.array(paymentItem).meta({ description: 'Newest first' }),
    next_payment: z.object({ amount: money, date: day }).nullable(),
  }),
});

/** `custompaddlelink`: where the card checkout opens. */
export const checkoutLinkAnswer = z.object({
  success: z.literal(true),
  data: z.object({ response: z.object({ url: z.string(), checkout_id: z.string() }) }),
});

/** Most subscription calls: a message the console shows. */
export const billingMessageAnswer = z.object({ success: z.literal(true), message: z.string() });

/** `getsubsdetails`: the payment-method update link. */
export const subsDetailsAnswer = z.object({
  success: z.literal(true),
  response: z.array(
    z.object({ subscription_id: z.string(), update_url: z.string(), cancel_url: z.string().nullable() }),
  ),
});

/** `checkSubscription`: the checkout's state after the card step. */
export const checkoutStateAnswer = z.object({
  success: z.literal(true),
  status: z.enum(['open', 'paid', 'declined', 'closed']),
  subscription_id: z.string().nullable(),
  message: z.string(),
});

/** Partner logs of a month (1-console §3 "Partner log"). */
export const partnerLog = z.object({
  phone_id: z.number().int(),
  number: z.string().nullable(),
  live_days_total: z.number().int(),
  price: money,
  logs: z.array(z.object({ status: z.string(), at: z.string() })),
  last_log: z.object({ status: z.string(), date: z.string() }).nullable(),
});
export const partnerLogsAnswer = z.object({
  success: z.literal(true),
  month: z.string(),
  results: z.array(partnerLog),
  total: money,
});

/** The onboarding checklist, computed from real state (1-console §4). */
export const onboardingAnswer = z.object({
  success: z.literal(true),
  percent: z.number().int(),
  steps: z.array(
    z.object({ key: z.enum(['profile', 'subscribe', 'phone', 'pair', 'agent', 'webhook']), done: z.boolean() }),
  ),
});

/** The sandbox clock after a move. */
export const clockAnswer = z.object({
  success: z.literal(true),
  now: z.string(),
  offsetDays: z.number(),
  applied: z.number().int(),
});

/** The sandbox checkout's pay answer. */
export const payAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  subscription_id: z.string().nullable(),
  redirect: z.string(),
});

export const footprintAnswer = z.object({ success: z.literal(true) });

/** Paddle's webhook: what became of the notification (each answers 200, so Paddle stops delivering it). */
export const paddleWebhookAnswer = z.object({
  success: z.literal(true),
  result: z.enum(['applied', 'duplicate', 'stale', 'ignored']).meta({
    description: 'applied; already applied (same event id); older than the state held; or not an event we act on',
  }),
});
