import { Hono } from 'hono';
import { ApiError } from '../../errors';
import type { AppContext, AppEnv } from '../../env';
import { readValid } from '../../middleware/payload';
import { ackPreferenceBody, phoneConfigBody, setWebhookBody } from '../../shared/api-schemas';
import { getPhone } from '../../services/phones/phones';
import { listDeliveries, redeliver } from '../../services/webhooks/deliveries';
import { phoneConfigView, productData, setAckPreference, setPhoneConfig, setProductWebhook } from '../../services/webhooks/settings';
import { answer } from './answer';

const resolver = (c: AppContext) => c.var.deps.resolveHost;

/** Product webhook settings and the delivery log: `/api/{productId}/...`. */
export const webhookRoutes = new Hono<AppEnv>()
  .get('/product', async (c) => answer(c, await productData(c.var.ctx, c.var.product.id)))
  .post('/setWebhook', async (c) => {
    const body = await readValid(c, setWebhookBody);
    await setProductWebhook(c.var.ctx, c.var.product.id, body.webhook, resolver(c));
    return answer(c, await productData(c.var.ctx, c.var.product.id));
  })
  .post('/setAckPreference', async (c) => {
    const body = await readValid(c, ackPreferenceBody);
    await setAckPreference(c.var.ctx, c.var.product.id, body.ack_delivery);
    return answer(c, await productData(c.var.ctx, c.var.product.id));
  })
  .get('/webhookDeliveries', async (c) => {
    const page = Math.max(1, Math.min(10_000, Number(c.req.query('page') ?? 1) || 1));
    const status = c.req.query('status');
    if (status !== undefined && !['pending', 'delivered', 'dead'].includes(status)) throw new ApiError('VALIDATION', 'status must be pending, delivered or dead.');
    return answer(c, { success: true, ...(await listDeliveries(c.var.ctx, c.var.product.id, { page, ...(status ? { status: status as 'pending' } : {}) })) });
  })
  .post('/webhookDeliveries/:id{[0-9]{1,12}}/redeliver', async (c) => {
    const row = await redeliver(c.var.ctx, c.var.product.id, Number(c.req.param('id')));
    return answer(c, { success: true, id: row.id, event_id: row.eventId, status: row.status });
  })
  .get('/:phoneId/config', async (c) => answer(c, phoneConfigView(await getPhone(c.var.ctx, c.var.product.id, c.req.param('phoneId')))))
  .post('/:phoneId/config', async (c) => {
    const phone = await getPhone(c.var.ctx, c.var.product.id, c.req.param('phoneId'));
    const row = await setPhoneConfig(c.var.ctx, phone, await readValid(c, phoneConfigBody), resolver(c));
    return answer(c, phoneConfigView(row));
  });
