import { z } from 'zod';

/** States of a webhook delivery. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const;

const attempt = z.object({
  at: z.string(),
  status_code: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'HTTP status the receiver answered; null when it could not be reached' }),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  response: z.string().nullable().meta({ description: "The start of the receiver's answer" }),
});

/** One webhook event sent to one URL, with its attempts. */
export const webhookDelivery = z.object({
  id: z.number().int(),
  event_id: z.string().meta({ description: 'The webhook-id header: the same on every attempt and redelivery' }),
  phone_id: z.number().int().nullable(),
  kind: z.enum(['message', 'ack', 'status', 'error', 'live_event', 'test', 'campaign']),
  url: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  history: z.array(attempt),
});

/** GET /webhookDeliveries: a page of deliveries, newest first. */
export const webhookDeliveriesResponse = z.object({
  success: z.boolean(),
  total: z.number().int(),
  page: z.number(),
  limit: z.number().int(),
  list: z.array(webhookDelivery),
});

/** Path of POST /webhookDeliveries/{delivery_id}/redeliver. */
export const deliveryParams = z.object({
  delivery_id: z.string().meta({ description: 'Id of the delivery (webhookDeliveries)', example: '7' }),
});

/** POST /webhookDeliveries/{delivery_id}/redeliver: the delivery, queued again. */
export const redeliverResponse = z.object({
  success: z.boolean(),
  id: z.number().int(),
  event_id: z.string(),
  status: z.enum(DELIVERY_STATUSES),
});
