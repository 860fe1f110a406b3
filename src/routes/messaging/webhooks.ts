import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppContext } from '../../env';
import { payload } from '../../middleware/payload';
import { getPhone } from '../../services/phones/phones';
import { listDeliveries, redeliver } from '../../services/webhooks/deliveries';
import { phoneConfigView, productData, setAckPreference, setPhoneConfig, setProductWebhook } from '../../services/webhooks/settings';
import { ackPreferenceBody, phoneConfigBody, setWebhookBody, webhookDeliveriesQuery } from '../../shared/api-schemas';
import { phoneConfig, productData as productDataSchema, WEBHOOK_EVENTS } from '../../shared/schemas/messaging';
import { redeliverResponse, webhookDeliveriesResponse } from '../../shared/schemas/webhook-deliveries';
import { body, ok, routes } from '../declare';
import { answer } from './answer';
import { phoneParams, TAGS } from './params';

const resolver = (c: AppContext) => c.get('deps').resolveHost;

/** A webhook payload as an OpenAPI path item: the POST our deliverer makes to the customer's URL. */
export function webhookEvent(schema: z.ZodType, description: string) {
  const { $schema: _s, ...json } = z.toJSONSchema(schema, { io: 'output' });
  return {
    post: { description, requestBody: { required: true, content: { 'application/json': { schema: json } } }, responses: { 200: { description: 'Your server accepts the event (any 2xx)' } } },
  };
}

const product = createRoute({
  method: 'get',
  path: '/product',
  tags: [TAGS.account],
  summary: 'Product information: webhook, ack delivery, phone limit, webhook signing secret',
  responses: ok(productDataSchema),
});
const setWebhook = createRoute({
  method: 'post',
  path: '/setWebhook',
  tags: [TAGS.account],
  summary: 'Set the product webhook',
  description:
    'Incoming messages, acks (when enabled), status changes and messages that finally failed are POSTed here, signed with Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature: HMAC-SHA256 with the product webhook_secret). Non-2xx answers are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.',
  middleware: [payload()] as const,
  request: { body: body(setWebhookBody) },
  responses: ok(productDataSchema),
  callbacks: {
    Events: Object.fromEntries(Object.entries(WEBHOOK_EVENTS).map(([name, e]) => [name, webhookEvent(e.schema, e.description)])),
  },
});
const ackPreference = createRoute({
  method: 'post',
  path: '/setAckPreference',
  tags: [TAGS.account],
  summary: 'Turn ack delivery to the webhook on or off',
  middleware: [payload()] as const,
  request: { body: body(ackPreferenceBody) },
  responses: ok(productDataSchema),
});
const deliveries = createRoute({
  method: 'get',
  path: '/webhookDeliveries',
  tags: [TAGS.account],
  summary: 'Webhook deliveries with their attempts',
  request: { query: webhookDeliveriesQuery },
  responses: ok(webhookDeliveriesResponse),
});
const redeliverRoute = createRoute({
  method: 'post',
  path: '/webhookDeliveries/{delivery_id}/redeliver',
  tags: [TAGS.account],
  summary: 'Deliver a webhook event again (same webhook-id)',
  request: { params: z.object({ delivery_id: z.string().meta({ description: 'Id of the delivery (webhookDeliveries)', example: '7' }) }) },
  responses: ok(redeliverResponse),
});
const phoneConfigGet = createRoute({
  method: 'get',
  path: '/{phone_id}/config',
  tags: [TAGS.control],
  summary: 'The phone\'s own webhook settings',
  request: { params: phoneParams },
  responses: ok(phoneConfig),
});
const phoneConfigPost = createRoute({
  method: 'post',
  path: '/{phone_id}/config',
  tags: [TAGS.control],
  summary: 'Set the phone\'s own webhook settings',
  middleware: [payload()] as const,
  request: { params: phoneParams, body: body(phoneConfigBody) },
  responses: ok(phoneConfig),
});

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
    return answer(c, { success: true, ...(await listDeliveries(c.get('ctx'), c.get('product').id, { page, ...(status ? { status } : {}) })) });
  })
  .openapi(redeliverRoute, async (c) => {
    const row = await redeliver(c.get('ctx'), c.get('product').id, c.req.valid('param').delivery_id);
    return answer(c, { success: true, id: row.id, event_id: row.eventId, status: row.status });
  })
  .openapi(phoneConfigGet, async (c) => answer(c, phoneConfigView(await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id))))
  .openapi(phoneConfigPost, async (c) => {
    const phone = await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id);
    return answer(c, phoneConfigView(await setPhoneConfig(c.get('ctx'), phone, c.req.valid('json'), resolver(c))));
  });
