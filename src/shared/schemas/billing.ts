import { z } from 'zod';
import { QUANTITY_MAX, QUANTITY_MIN } from '../billing/plans';

/** Answers of the subscription calls (`/api/{brand}/...`, 1-console §3 and §7). Amounts are dollars (two decimals), dates `YYYY-MM-DD`. */

const money = z.number().meta({ description: 'Dollars, two decimals', example: 29.9 });
const day = z.string().meta({ description: 'A date, YYYY-MM-DD', example: '2026-12-24' });

const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'paused', 'deleted', 'temporary'] as const;

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
const paymentItem = z.object({
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
const partnerLog = z.object({
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

/** Request bodies of the subscription calls (1-console §7). Forms send numbers as strings; both are taken. */

const int = (name: string) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,9}$/, `${name} must be a whole number.`)
        .transform(Number),
    ])
    .pipe(z.number().int(`${name} must be a whole number.`));
const quantity = int('quantity').pipe(
  z
    .number()
    .min(QUANTITY_MIN, 'Quantity must be between 1 and 300.')
    .max(QUANTITY_MAX, 'Quantity must be between 1 and 300.'),
);
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);
const text = (max = 200) => z.string().max(max);
const pid = z.string().max(64).optional().meta({ description: "The product id; another account's answers 404" });
const subscriptionId = z
  .string()
  .min(1, 'subscription_id is required.')
  .max(80)
  .meta({ description: 'The subscription id', example: 'sub_sbx_8d1c…' });
/** A plan id as a string or, as the seeds list the numeric ones, a number (569723). */
const planId = z
  .union([
    z.string(),
    z.number().int('plan_id must be a plan id.').nonnegative('plan_id must be a plan id.').transform(String),
  ])
  .pipe(z.string().trim().min(1, 'plan_id is required.').max(80))
  .meta({ description: 'The plan id, as a string or a number', example: '569723' });

export const trialBody = z.looseObject({
  pid,
  type: z.string().min(1, 'type is required.').max(80).meta({
    description:
      'The trial plan: its id (wapi-trial-api, wapi-trial-live, wapi-trial-multi-api) or its kind (api, live, multi-api)',
    example: 'wapi-trial-api',
  }),
});
export const deleteTrialBody = z.looseObject({ pid });

export const checkoutBody = z.looseObject({
  pid,
  plan_id: planId,
  quantity: quantity.optional(),
  email: z.email('E-mail is not valid!').max(200).optional().or(z.literal('')),
  isVat: flag.optional(),
  vat_number: text(40).optional(),
  vat_company_name: text().optional(),
  vat_street: text().optional(),
  vat_city: text(100).optional(),
  vat_state: text(100).optional(),
  vat_country: text(2).optional(),
  vat_postcode: text(20).optional(),
  country: text(2).optional(),
  postcode: text(20).optional(),
  date: text(40).optional(),
  admin: flag.optional(),
  custom_price: z.number().positive().max(100_000).optional(),
  title: text().optional(),
  message: text(2000).optional(),
});
export type CheckoutInput = z.infer<typeof checkoutBody>;

export const checkSubscriptionBody = z.looseObject({
  pid,
  checkout_id: z.string().min(1, 'checkout_id is required.').max(80),
});

export const updateBody = z.looseObject({
  pid,
  subscription_id: subscriptionId,
  quantity,
  old_quantity: int('old_quantity').optional(),
  phone_ids: z
    .array(int('phone_ids'))
    .max(300)
    .optional()
    .meta({ description: 'Raise: phones to enable; reduction: phones to disable at the period end' }),
  is_increase: flag.optional(),
});
export type UpdateInput = z.infer<typeof updateBody>;

export const previewBody = z.looseObject({
  pid,
  subscription_id: subscriptionId,
  quantity: quantity.optional(),
  plan_id: planId.optional(),
  selectedOldQuantity: int('selectedOldQuantity').optional(),
});
export const planChangeBody = z.looseObject({ pid, subscription_id: subscriptionId, plan_id: planId });
export const subscriptionBody = z.looseObject({ pid, subscription_id: subscriptionId });
export const cancelBody = z.looseObject({
  pid,
  subscription_id: subscriptionId,
  feedbackOption: z.string().max(40).optional(),
  feedbackText: z.string().max(2000).optional(),
});
export type CancelInput = z.infer<typeof cancelBody>;

/**
 * A footprint record. The event is the category the console sends (`checkout-close`), or the label
 * where the seeds' records put it (4-admin §3: label `paddle-payment-declined` or `checkout-close`,
 * category free, e.g. `{"category":"checkout","label":"checkout-start"}`); the service picks it.
 */
export const footprintBody = z.looseObject({
  category: z.string().trim().min(1, 'category is required.').max(80).meta({
    description:
      'The event (checkout-start, checkout-success, checkout-close, feedback, payment-declined, page), or a free category when the label names the event',
    example: 'checkout',
  }),
  label: z.string().max(200).optional().meta({
    description: 'Free text, or the event when the category is free (paddle-payment-declined, checkout-close, …)',
    example: 'checkout-close',
  }),
  extra: z.record(z.string(), z.unknown()).optional(),
});

export const payBody = z.object({
  card: z
    .string()
    .max(40)
    .regex(/^[\d\s-]+$/, 'card must be a card number.'),
});
export const clockBody = z.object({ advanceDays: z.number().min(0, 'advanceDays must be 0 or more.').max(3660) });
export const partnerLogsQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'month must be YYYY-MM.')
    .optional(),
  pid,
});

/** `GET /api/billing/paddle/receipt/{txnId}`: a Paddle transaction id. */
export const paddleReceiptParams = z.object({
  txnId: z
    .string()
    .regex(/^txn_[a-z\d]{26}$/, 'txnId is not a Paddle transaction id.')
    .meta({ example: 'txn_01h04vsbhqc62t8hmd4z3b578c' }),
});

/** `POST /api/billing/paddle/webhook`: Paddle's signature header. */
export const paddleSignatureHeader = z.object({
  'paddle-signature': z.string().optional().meta({
    description: 'ts={unix seconds};h1={hex HMAC-SHA256 of "{ts}:{raw body}" with the notification secret}',
    example: 'ts=1671552777;h1=eb4d0dc8853be92b7f063b9f3ba5233eb920a09459b6e6b2c26705b4364db151',
  }),
});

/** `/unsubscribe/{token}`: the token of a cart-recovery e-mail's unsubscribe link. */
export const unsubscribeParams = z.object({
  token: z.string().regex(/^[\w-]{16,64}$/, 'token is not an unsubscribe token.'),
});

/** The sandbox checkout's id (`/billing/sandbox/checkout/{checkoutId}...`). */
export const sandboxCheckoutParams = z.object({
  checkoutId: z
    .string()
    .regex(/^chk_[0-9a-f]{32}$/, 'checkoutId is not a checkout id.')
    .meta({ example: 'chk_3f1c…' }),
});

/** `POST /billing/sandbox/checkout/{checkoutId}/close`. */
export const sandboxCloseAnswer = z.object({ success: z.literal(true), message: z.string() });

/** `GET /billing/sandbox/receipt/{txnId}`: a sandbox transaction id. */
export const sandboxReceiptParams = z.object({
  txnId: z.string().regex(/^txn_sbx_[\w-]{10,120}$/, 'txnId is not a transaction id.'),
});

/** `GET /billing/sandbox/checkout.js`: the checkout and receipt pages' script. */
export const sandboxScriptText = z.string();

/** The payment history's product (`pid`). */
export const paymentHistoryQuery = z.object({ pid: z.string().max(64).optional() });
