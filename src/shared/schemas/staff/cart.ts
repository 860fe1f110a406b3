import { z } from 'zod';
import { CART_TEMPLATES } from '../../cart-recovery';

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, 'must be a date like 2026-11-24')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be a real date');

/** `POST /api/{brand}/admin/abandoned-cart` (4-admin §7). */
export const abandonedCartBody = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  filter: z
    .object({
      email: z.string().trim().max(254).optional(),
      dateFrom: day.optional(),
      dateTo: day.optional(),
      riskLevel: z.enum(['high', 'medium', 'low']).optional(),
      minFailures: z.coerce.number().int().min(0).max(1000).optional(),
      uid: z.coerce.number().int().min(1).optional(),
    })
    .default({}),
});
export type AbandonedCartInput = z.infer<typeof abandonedCartBody>;

const sentEmail = z.object({ date: z.string(), extra: z.object({ template_type: z.string() }) });

/** One abandoned cart (4-admin §3 "Abandoned cart record"); prices in the currency's units. */
const abandonedCart = z
  .object({
    uid: z.number().int(),
    email: z.string(),
    payment_failures: z.number().int(),
    checkout_closes: z.number().int(),
    checkout_success: z.number().int(),
    risk_level: z.enum(['high', 'medium', 'low']),
    status: z.enum(['high_risk', 'medium_risk', 'pending', 'recovered']),
    last_attempt_date: z.string().meta({ example: '2026-11-24T05:00:00.000Z' }),
    last_attempt_price: z.number(),
    last_attempt_currency: z.string(),
    abandoned_at: z.string(),
    label: z.string().meta({ example: 'paddle-payment-declined' }),
    extra: z.record(z.string(), z.unknown()),
    user_extra: z.object({ notes: z.string() }),
    sent_emails: z.array(sentEmail),
    recovery_emails_sent: z.number().int(),
    potential_value: z.number(),
    recovered_value: z.number(),
    unsubscribed: z.boolean(),
  })
  .meta({ id: 'AbandonedCart' });

export const abandonedCartAnswer = z.object({
  success: z.literal(true),
  result: z.array(abandonedCart),
  general: z.object({
    total_abandoned: z.number().int(),
    high_risk: z.number().int(),
    real_potential_revenue: z.number(),
    potential_revenue: z.number(),
    users_last_24h: z.number().int(),
    revenue_recovered: z.number(),
    recovered: z.number().int(),
  }),
  pagination: z.object({
    total: z.number().int(),
    hasMore: z.boolean(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
});

/** `POST /api/{brand}/admin/cart-detail`: one user's cart, steps, history and note. */
export const cartDetailBody = z.object({ uid: z.coerce.number().int().min(1) });

export const cartDetailAnswer = z.object({
  success: z.literal(true),
  user: z.object({
    uid: z.number().int(),
    email: z.string(),
    extra: z.record(z.string(), z.unknown()),
    plan_name: z.string().nullable(),
    price: z.number(),
    currency: z.string(),
    risk_level: z.enum(['high', 'medium', 'low']).nullable(),
    status: z.enum(['high_risk', 'medium_risk', 'pending', 'recovered']).nullable(),
    last_activity: z.string().nullable(),
    last_action: z.string().nullable(),
    note: z.string(),
    unsubscribed: z.boolean(),
    has_cart: z.boolean(),
  }),
  steps: z.array(
    z.object({
      template: z.enum(CART_TEMPLATES),
      label: z.string(),
      sent: z.boolean(),
      sent_at: z.string().nullable(),
      queued: z.boolean(),
      due_at: z.string().nullable(),
    }),
  ),
  history: z.array(
    z.object({
      id: z.number().int(),
      date: z.string(),
      template: z.string(),
      template_label: z.string(),
      event: z.string(),
      status: z.string(),
      source: z.enum(['job', 'staff']),
      staff_email: z.string(),
    }),
  ),
});

/** `POST /api/{brand}/admin/user-note` (4-admin §7). */
export const userNoteBody = z.object({ uid: z.coerce.number().int().min(1), note: z.string().max(5_000) });
export const userNoteAnswer = z.object({ success: z.literal(true) });

/** `POST /api/mailer/cart-recovery` (4-admin §7): send one recovery e-mail now. */
export const cartRecoveryBody = z.object({
  uid: z.coerce.number().int().min(1),
  email: z.string().trim().toLowerCase().email().max(254),
  template_type: z.enum(CART_TEMPLATES),
  extra: z
    .object({
      user_name: z.string().max(200).optional(),
      last_event_label: z.string().max(100).optional(),
      error_message: z.string().max(500).optional(),
      product_name: z.string().max(200).optional(),
      price: z.coerce.number().min(0).max(1_000_000).optional(),
      currency: z
        .string()
        .trim()
        .regex(/^[A-Z]{3}$/, 'must be a currency code like USD')
        .optional(),
      checkout_url: z
        .url({ protocol: /^https?$/ })
        .max(2_000)
        .optional(),
    })
    .default({}),
});
export const cartRecoveryAnswer = z.object({
  success: z.literal(true),
  data: z.object({ success: z.literal(true), message: z.string() }),
});
