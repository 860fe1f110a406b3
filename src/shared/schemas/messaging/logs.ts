import { z } from 'zod';
import { LOG_TYPES, LOGS_PAGE_LIMIT_MAX } from '../../log-types';

/** GET /logs: every API call and event of the product, a page at a time (the reference's logObj). */

/** Query of GET /logs. */
export const logsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageLimit: z.coerce.number().int().min(1).max(LOGS_PAGE_LIMIT_MAX).default(50),
  type: z.enum(LOG_TYPES).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  phone_id: z.coerce.number().int().positive().optional(),
});
export type LogsQuery = z.infer<typeof logsQuery>;

export const logObj = z.object({
  id: z.number().int(),
  pid: z.string(),
  phone: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  type: z.enum(LOG_TYPES).meta({
    description:
      'incoming: a WhatsApp message one of your phones received; outgoing: a call you made, a message sent from your phone, a status change or a webhook delivery; error: a failure',
  }),
  data: z.record(z.string(), z.unknown()),
});
export const logsResponse = z.object({
  success: z.boolean(),
  data: z.object({ count: z.string(), list: z.array(logObj) }),
});
