import { z } from 'zod';
import { FEEDBACK_SINCE, STAFF_FETCH_LIMIT, STAFF_PAGE_SIZE } from '../../staff-limits';

const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limit = z.coerce.number().int().min(1).max(STAFF_FETCH_LIMIT).default(STAFF_PAGE_SIZE);
const emailFilter = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .optional()
  .meta({ description: 'Part of the e-mail address', example: 'ada@' });

/** `POST /admin/footprint`: a page of users, optionally those whose e-mail contains a text. */
export const footprintBody = z.object({ page, limit, filter: z.object({ email: emailFilter }).default({}) });

/** A row of the footprint table (4-admin §3 "Footprint user"). Dates are ISO strings. */
const footprintUser = z
  .object({
    uid: z.number().int(),
    email: z.string(),
    subscription: z
      .string()
      .nullable()
      .meta({ description: 'The package of the product (api, live…), null without one' }),
    register_date: z.string(),
    last_login: z.string().nullable(),
    trial_start: z.string().nullable(),
    phones: z.number().int(),
    agents: z.number().int(),
  })
  .meta({ id: 'FootprintUser' });

export const footprintAnswer = z.object({
  success: z.literal(true),
  result: z.array(footprintUser),
  general: z.object({
    total: z.number().int().meta({ description: 'Users matching the filter' }),
    users: z.number().int().meta({ description: 'All users' }),
  }),
});

/** `POST /admin/feedback`: a page of unsubscribe feedback, newest first. */
export const feedbackBody = z.object({
  page,
  limit,
  filter: z
    .object({
      email: emailFilter,
      date: z.iso.datetime().default(FEEDBACK_SINCE).meta({ description: 'Only feedback given at or after this time' }),
      reason: z.string().max(64).optional().meta({ description: 'Only this reason', example: 'expensive' }),
    })
    .default({ date: FEEDBACK_SINCE }),
});

/** A row of the feedback table (4-admin §3 "Feedback record"). */
const feedbackRecord = z
  .object({
    id: z.number().int(),
    email: z.string(),
    subscription: z.string().nullable().meta({ description: 'Plan of the cancelled subscription' }),
    reason: z.string().meta({ example: 'expensive' }),
    answer: z.string().meta({ description: "The user's own words (extra.feedback_text)" }),
    date: z.string(),
    phone_number: z
      .string()
      .nullable()
      .meta({ description: "extra.feedback_phone_number, else the number of one of the user's phones" }),
  })
  .meta({ id: 'FeedbackRecord' });

export const feedbackAnswer = z.object({
  success: z.literal(true),
  footprints: z.array(feedbackRecord),
  general: z.object({
    total: z.number().int().meta({ description: 'Feedback matching the filter' }),
    reasons: z
      .array(z.object({ reason: z.string(), count: z.number().int() }))
      .meta({ description: 'Feedback per reason under the e-mail and date filters' }),
  }),
});

/** `GET /admin/suspectedOpens` query. */
export const suspectedQuery = z.object({ page, limit });

/** A checkout the shopper opened that never paid, closed or declined (4-admin §3 "Suspected open"). */
const suspectedOpen = z
  .object({ email: z.string(), date: z.string(), uid: z.number().int().nullable(), plan: z.string() })
  .meta({ id: 'SuspectedOpen' });
export const suspectedAnswer = z.object({
  success: z.literal(true),
  result: z.array(suspectedOpen),
  total: z.number().int(),
});

/** `POST /admin/userproduct`: open a user by uid or e-mail. */
export const userProductBody = z
  .object({
    uid: z.coerce.number().int().positive().optional(),
    email: z.string().trim().toLowerCase().max(254).optional(),
  })
  .refine((b) => b.uid !== undefined || !!b.email, { message: 'Give a uid or an email.', path: ['uid'] });

export const userProductAnswer = z.object({
  success: z.literal(true),
  token: z.string().meta({ description: "The product's API token, for reading its logs through the messaging API" }),
  product: z.object({
    id: z.string(),
    uid: z.number().int(),
    email: z.string(),
    product_type: z.string(),
    trial: z.boolean().nullable(),
    settings: z.object({
      subscription_package: z.string().nullable(),
      phone_limit: z.number().nullable(),
      agent_limit: z.number().nullable(),
      instagram_limit: z.number().nullable(),
    }),
    sub: z.boolean().meta({ description: 'Whether a paid subscription is running' }),
  }),
});
