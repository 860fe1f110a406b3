import { z } from 'zod';
import { subscriptionEntry } from '../billing';

/** Response shapes of the brand's console backend (`/api/{brand}/*`, the partner path): declared by the routes, read by the console. */

/** Product settings; unknown keys are kept as stored. */
const productSettings = z.looseObject({
  wapi_token: z.string().meta({ description: 'The messaging API token' }),
  wapi_pid: z.string(),
  subscription_package: z.string().nullable().optional(),
  phone_limit: z.number().nullable().optional(),
  agent_limit: z.number().nullable().optional(),
  instagram_limit: z.number().nullable().optional(),
  partner: z.boolean().nullable().optional(),
  update_limited: z.boolean().nullable().optional(),
  phone9: z.boolean().optional(),
  phone15: z.boolean().optional(),
  phone19: z.boolean().optional(),
  phone25: z.boolean().optional(),
});

/** The customer's product (one per account). */
const consoleProduct = z
  .object({
    id: z.string().meta({ description: 'The product id (a UUID)' }),
    uid: z.number().int(),
    product_type: z.string(),
    settings: productSettings,
    trial: z.boolean().nullable(),
    activeSubs: z
      .array(subscriptionEntry)
      .meta({ description: 'Subscriptions not ended: active, past due, paused, pending payment' }),
    deletedSubs: z.array(subscriptionEntry).meta({ description: 'Cancelled subscriptions' }),
  })
  .meta({ id: 'ConsoleProduct' });

/** `GET /api/{brand}/product`. */
export const productAnswer = z.object({ success: z.boolean(), product: consoleProduct });

/** `POST /api/{brand}/live/checkWebhook`: the webhook answered 2xx with this status. */
export const checkWebhookAnswer = z.object({ success: z.boolean(), message: z.string(), statusCode: z.number().int() });

/** A Postman collection (v2.1) of the messaging API. */
export const postmanCollection = z.looseObject({
  info: z.looseObject({ name: z.string(), schema: z.string() }),
  item: z.array(z.unknown()),
  variable: z.array(z.object({ key: z.string(), value: z.string() })),
});

/** `GET /api/product`: which product. */
export const productQuery = z.object({
  pid: z.string().optional().meta({ description: "The product id; another account's answers 404" }),
});

/** `GET /api/postman`: the phone to fill in. */
export const postmanQuery = z.object({
  phone_id: z
    .string()
    .regex(/^(\d{1,12})?$/, 'phone_id must be a phone id.')
    .optional(),
});

/** `POST /api/live/checkWebhook`: the webhook and the sample event's fields. */
export const checkWebhookBody = z
  .looseObject({
    webhook: z.unknown().meta({ description: 'The webhook URL', example: 'https://example.com/hook' }),
  })
  .meta({ description: 'The webhook and any fields to put in the sample event' });
