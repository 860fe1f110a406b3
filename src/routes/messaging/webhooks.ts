import { jsonSchema } from '../openapi/json-schema';
import type { z } from 'zod';
import type { AppContext } from '../../env';
import { payload } from '../../middleware/payload';
import { getPhone } from '../../services/phones/phones';
import { listDeliveries } from '../../services/webhooks/deliveries';
import { redeliver } from '../../services/webhooks/outbox';
import {
  phoneConfigView,
  productData,
  setAckPreference,
  setPhoneConfig,
  setProductWebhook,
} from '../../services/webhooks/settings';
import {
  ackPreferenceBody,
  phoneConfigBody,
  setWebhookBody,
  webhookDeliveriesQuery,
  phoneParams,
} from '../../shared/schemas/messaging/requests';
import { phoneConfig, productData as productDataSchema, WEBHOOK_EVENTS } from '../../shared/schemas/messaging/answers';
import {
  deliveryParams,
  redeliverResponse,
  webhookDeliveriesResponse,
} from '../../shared/schemas/messaging/webhook-deliveries';
import { endpoint, body, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { TAGS } from './params';

const resolver = (c: AppContext) => c.get('deps').resolveHost;

/** A webhook payload as an OpenAPI path item: the POST our deliverer makes to the customer's URL. */
export function webhookEvent(schema: z.ZodType, description: string) {
  return {
    post: {
      description,
      requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(schema) } } },
      responses: { 200: { description: 'Your server accepts the event (any 2xx)' } },
    },
  };
}

const product = endpoint(
  'get',
  '/product',
  TAGS.account,
  'Product information: webhook, ack delivery, phone limit, webhook signing secret',
  {},
  ok(productDataSchema),
);
const SET_WEBHOOK_DESCRIPTION =
  'Incoming messages, acks (when enabled), status changes and messages that finally failed are POSTed here, signed with Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature: HMAC-SHA256 with the product webhook_secret). Non-2xx answers are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.';
const events = Object.fromEntries(
  Object.entries(WEBHOOK_EVENTS).map(([name, e]) => [name, webhookEvent(e.schema, e.description)]),
);
const setWebhook = endpoint(
  'post',
  '/setWebhook',
  TAGS.account,
  'Set the product webhook',
  { body: body(setWebhookBody) },
  ok(productDataSchema),
  {
    description: SET_WEBHOOK_DESCRIPTION,
    middleware: [payload()] as const,
    callbacks: { Events: events },
  },
);
const ackPreference = endpoint(
  'post',
  '/setAckPreference',
  TAGS.account,
  'Turn ack delivery to the webhook on or off',
  { body: body(ackPreferenceBody) },
  ok(productDataSchema),
  { middleware: [payload()] as const },
);
const deliveries = endpoint(
  'get',
  '/webhookDeliveries',
  TAGS.account,
  'Webhook deliveries with their attempts',
  { query: webhookDeliveriesQuery },
  ok(webhookDeliveriesResponse),
);
const redeliverRoute = endpoint(
  'post',
  '/webhookDeliveries/{delivery_id}/redeliver',
  TAGS.account,
  'Deliver a webhook event again (same webhook-id)',
  { params: deliveryParams },
  ok(redeliverResponse),
);
const phoneConfigGet = endpoint(
  'get',
  '/{phone_id}/config',
  TAGS.control,
  "The phone's own webhook settings",
  { params: phoneParams },
  ok(phoneConfig),
);
const phoneConfigPost = endpoint(
  'post',
  '/{phone_id}/config',
  TAGS.control,
  "Set the phone's own webhook settings",
  { params: phoneParams, body: body(phoneConfigBody) },
  ok(phoneConfig),
  { middleware: [payload()] as const },
);

/** Product webhook settings and the delivery log: `/api/{productId}/...`. */
export const webhookRoutes = routes()
  .openapi(product, async (c) => answer(c, await productData(c.get('ctx'), c.get('product').id)))
  .openapi(setWebhook, async (c) => {
    await setProductWebhook(c.get('ctx'), c.get('product').id, c.req.valid('json').webhook, resolver(c));
    return answer(c, await productData(c.get('ctx'), c.get('product').id));
  })
  .openapi(ackPreference, async (c) => {
    await setAckPreference(c.get('ctx'), c.get('product').id, c.req.valid('json').ack_delivery);
    return answer(c, await productData(c.get('ctx'), c.get('product').id));
  })
  .openapi(deliveries, async (c) => {
    const { page, status } = c.req.valid('query');
    return answer(c, {
      success: true,
      ...(await listDeliveries(c.get('ctx'), c.get('product').id, { page, ...(status ? { status } : {}) })),
    });
  })
  .openapi(redeliverRoute, async (c) => {
    const row = await redeliver(c.get('ctx'), c.get('product').id, c.req.valid('param').delivery_id);
    return answer(c, { success: true, id: row.id, event_id: row.eventId, status: row.status });
  })
  .openapi(phoneConfigGet, async (c) =>
    answer(c, phoneConfigView(await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id))),
  )
  .openapi(phoneConfigPost, async (c) => {
    const phone = await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id);
    return answer(c, phoneConfigView(await setPhoneConfig(c.get('ctx'), phone, c.req.valid('json'), resolver(c))));
  });
