import { z } from 'zod';
import { QUANTITY_MAX } from '../../billing/plans';

/** Back-office subscription calls (4-admin §3 "Paused subscription", "Subscription row"; §7). Forms send numbers as strings; both are taken. */

const whole = (name: string, min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,9}$/, `${name} must be a whole number.`)
        .transform(Number),
    ])
    .pipe(
      z
        .number()
        .int(`${name} must be a whole number.`)
        .min(min, `${name} must be at least ${min}.`)
        .max(max, `${name} must be at most ${max}.`),
    );
const price = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,6}(\.\d{1,2})?$/, 'new_price must be an amount in dollars.')
      .transform(Number),
  ])
  .pipe(z.number().positive('new_price must be more than 0.').max(100_000));
const id = (name: string) => z.string().trim().min(1, `${name} is required.`).max(80);
const planId = z.string().trim().min(1, 'plan_id is required.').max(80).meta({ example: '569723' });

/** A paused subscription as the Paused Subs tab lists it. */
const pausedSub = z
  .object({
    charge_id: z.string().meta({ description: 'The subscription id', example: 'sub_sbx_8d1c…' }),
    email: z.string().meta({ description: "The owner's account e-mail" }),
    pid: z.string(),
    created_at: z.string().meta({ example: '2026-11-24T05:00:00.000Z' }),
    phone_limit_now: z
      .number()
      .int()
      .meta({ description: "The product's phone limit now (the zero_limit filter reads it)" }),
    data: z.object({
      paddle_email: z.string().meta({ description: 'The billing e-mail of the subscription' }),
      subscription_plan_id: z.string(),
      amount: z.number().meta({ description: 'Dollars of the last charge that failed (or the period price)' }),
      new_price: z.number().meta({ description: 'Dollars a restart charges now' }),
      quantity: z.number().int(),
    }),
    settings: z.object({
      phone_limit: z.number().int().meta({ description: 'Phones the subscription grants once restarted' }),
      plan_id: z.string(),
    }),
  })
  .meta({ id: 'StaffPausedSubscription' });
export type PausedSub = z.infer<typeof pausedSub>;

export const pausedSubsAnswer = z.object({ success: z.literal(true), result: z.array(pausedSub) });

export const restartAllBody = z.object({
  filter: z
    .enum(['all', 'zero_limit'])
    .default('all')
    .meta({ description: 'zero_limit: only owners whose phone limit is 0 now' }),
});
const restartOutcome = z.object({ charge_id: z.string(), pid: z.string(), email: z.string(), message: z.string() });
export const restartAllAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    success: z.boolean().meta({ description: 'False when every restart failed' }),
    message: z.string(),
    data: z.object({
      successful: z.array(restartOutcome),
      failed: z.array(restartOutcome),
      remaining: z
        .number()
        .int()
        .meta({ description: 'Paused subscriptions left for another run (at most 100 are restarted per call)' }),
    }),
  }),
});
export type RestartAllAnswer = z.infer<typeof restartAllAnswer>;

export const restartOneBody = z.object({ pid: id('pid'), subscription_id: id('subscription_id') });
export const staffMessageAnswer = z.object({ success: z.literal(true), message: z.string() });

export const updatePausedBody = z.object({
  charge_id: id('charge_id'),
  phone_limit: whole('phone_limit', 1, QUANTITY_MAX).meta({
    description: 'Phones the subscription grants once restarted',
  }),
  new_price: price.meta({ description: 'Dollars per period the restart and later renewals charge' }),
  plan_id: planId,
});

/** A product with subscriptions (or a staff package edit) as the Subs Table lists it. */
const subsRow = z
  .object({
    owner_id: z.number().int(),
    owner_email: z.string(),
    package: z.string().nullable(),
    agent_limit: z.number().int(),
    phone_limit: z.number().int(),
    instagram_limit: z.number().int(),
    agents: z.number().int(),
    phones: z.number().int(),
    instagrams: z.number().int(),
    is_reseller: z.boolean(),
    is_enterprise: z.boolean(),
    pid: z.string(),
  })
  .meta({ id: 'StaffSubscriptionRow' });
export type SubsRow = z.infer<typeof subsRow>;

export const subsListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  email: z.string().trim().max(254).optional().meta({ description: 'Owners whose e-mail contains this' }),
});
export const subsListAnswer = z.object({ success: z.literal(true), result: z.array(subsRow), total: z.number().int() });

const limit = (name: string) => whole(name, 0, 10_000);
export const setPackageBody = z.object({
  pid: id('pid'),
  new_limit: limit('new_limit').meta({ description: 'Agents' }),
  new_phone_limit: limit('new_phone_limit'),
  new_instagram_limit: limit('new_instagram_limit'),
  subscription_plan_id: z
    .string()
    .trim()
    .max(80)
    .optional()
    .meta({ description: 'A plan whose package label the product takes' }),
});
export const setPackageAnswer = z.object({ success: z.literal(true), error: z.null(), result: subsRow });
