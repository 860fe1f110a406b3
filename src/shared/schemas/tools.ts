import { z } from 'zod';

/** The warming pool's calls (`/api/warming/*`, 3-developer §7): requests and answers, shared with the console. */

const warmingStatus = z.enum(['active', 'disabled']);

/** A phone in the warming pool (3-developer §3 "Warming record"), with what the job has done today. */
const warmingRecord = z
  .object({
    id: z.number().int().meta({ description: 'The record id' }),
    mainID: z.number().int().meta({ description: 'The phone id' }),
    status: warmingStatus,
    number: z.string().nullable().meta({ description: "The phone's number, once linked" }),
    name: z.string(),
    sandbox: z.boolean(),
    phone_status: z.string().meta({ description: "The phone's connection status" }),
    days_in_pool: z.number().int(),
    daily_cap: z.number().int().meta({ description: 'Messages the phone may send today' }),
    sent_today: z.number().int(),
    sent_total: z.number().int(),
    last_error: z.string().nullable(),
  })
  .meta({ id: 'WarmingRecord' });

/** `GET /api/warming/listWarming`. */
export const listWarmingAnswer = z.object({ success: z.boolean(), data: z.array(warmingRecord) });

/** `POST /api/warming/createWarming`: the fields the console sends; only `phone_id` is needed. */
export const createWarmingBody = z.object({
  phone_id: z.coerce
    .number({ error: 'Please select a phone' })
    .int('Please select a phone')
    .positive('Please select a phone')
    .meta({ example: 1 }),
  status: warmingStatus.optional(),
  product_id: z.string().optional().meta({ description: "The product id; another account's answers 404" }),
  product_uid: z.unknown().optional(),
  token: z.unknown().optional(),
});

/** The answer of createWarming. */
export const createWarmingAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ success: z.boolean(), id: z.number().int() }),
});

/** `POST /api/warming/deleteWarming?id=`. */
export const deleteWarmingQuery = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/, 'id must be a warming record id.')
    .meta({ example: '1' }),
});

/** The answer of deleteWarming. */
export const deleteWarmingAnswer = z.object({ success: z.boolean(), message: z.string() });

/** `POST /api/warming/updateAllWarmingStatus`. */
export const updateAllWarmingBody = z.object({
  status: warmingStatus.meta({ description: 'active starts the system, disabled stops it' }),
  product_id: z.string().optional(),
});

/** The answer of updateAllWarmingStatus. */
export const updateAllWarmingAnswer = z.object({
  success: z.boolean(),
  status: warmingStatus,
  updated: z.number().int(),
});

export type WarmingRecord = z.infer<typeof warmingRecord>;
