import { z } from 'zod';
import { QUANTITY_MAX, QUANTITY_MIN } from './billing/plans';

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
