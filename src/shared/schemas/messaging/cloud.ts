import { z } from 'zod';

/** Meta's verification call (GET /api/cloud/webhook): the hub.* query. */
export const cloudVerifyQuery = z.object({
  'hub.mode': z.string().optional().meta({ example: 'subscribe' }),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().optional().meta({ example: '1158201444' }),
});
/** The verification's answer: the challenge, as text. */
export const cloudChallengeText = z.string();

/** The signature header of Meta's deliveries (POST /api/cloud/webhook). */
export const cloudSignatureHeaders = z.object({
  'x-hub-signature-256': z
    .string()
    .optional()
    .meta({ description: 'sha256={hex HMAC-SHA256 of the raw body with WHATSAPP_CLOUD_APP_SECRET}' }),
});

/** The answer to a delivery of Meta's webhook (Meta needs only the 200). */
export const cloudWebhookAnswer = z.object({
  success: z.literal(true),
  stored: z.number().int().meta({ description: 'Messages and statuses stored now' }),
  duplicates: z.number().int().meta({ description: 'Already stored by an earlier delivery (Meta retries)' }),
  unrouted: z.number().int().meta({ description: 'For a phone_number_id no official number here has' }),
});

/** One approved (or pending, rejected) template of the number's WhatsApp Business Account. */
const cloudTemplate = z
  .object({
    id: z.string(),
    name: z.string().meta({ example: 'order_update' }),
    language: z.string().meta({ example: 'en_US' }),
    status: z.string().meta({ description: 'APPROVED, PENDING, REJECTED...', example: 'APPROVED' }),
    category: z.string().meta({ example: 'UTILITY' }),
    components: z.array(z.record(z.string(), z.unknown())),
  })
  .meta({ id: 'CloudTemplate' });

export const templatesResponse = z.object({ success: z.boolean(), templates: z.array(cloudTemplate) });
