import { Hono } from 'hono';
import { ApiError } from '../../errors';
import type { AppContext, AppEnv } from '../../env';
import { readValid } from '../../middleware/payload';
import { ackPreferenceBody, phoneConfigBody, setWebhookBody } from '../../shared/api-schemas';
import { getPhone } from '../../services/phones/phones';
import { listDeliveries, redeliver } from '../../services/webhooks/deliveries';
import { phoneConfigView, productData, setAckPreference, setPhoneConfig, setProductWebhook } from '../../services/webhooks/settings';
import { answer } from './answer';

const resolver = (c: AppContext) => c.get('deps').resolveHost;

/** Product webhook settings and the delivery log: `/api/{productId}/...`. */
export const webhookRoutes = new Hono<AppEnv>()
  .get('/product', async (c) => answer(c, await productData(c.get('ctx'), c.get('product').id)))
  .post('/setWebhook', async (c) => {
    const body = await readValid(c, setWebhookBody);
    await setProductWebhook(c.get('ctx'), c.get('product').id, body.webhook, resolver(c));
    return answer(c, await productData(c.get('ctx'), c.get('product').id));
  })
  .post('/setAckPreference', async (c) => {
    const body = await readValid(c, ackPreferenceBody);
    await setAckPreference(c.get('ctx'), c.get('product').id, body.ack_delivery);
    return answer(c, await productData(c.get('ctx'), c.get('product').id));
  })
  .get('/webhookDeliveries', async (c) => {
    const page = Math.max(1, Math.min(10_000, Number(c.req.query('page') ?? 1) || 1));
    const status = c.req.query('status');
    if (status !== undefined && !['pending', 'delivered', 'dead'].includes(status)) throw new ApiError('VALIDATION', 'status must be pending, delivered or dead.');
    return answer(c, { success: true, ...(await listDeliveries(c.get('ctx'), c.get('product').id, { page, ...(status ? { status: status as 'pending' } : {}) })) });
  })
  .post('/webhookDeliveries/:id{[0-9]{1,12}}/redeliver', async (c) => {
    const row = await redeliver(c.get('ctx'), c.get('product').id, Number(c.req.param('id')));
    return answer(c, { success: true, id: row.id, event_id: row.eventId, status: row.status });
  })
  .get('/:phone_id/config', async (c) => answer(c, phoneConfigView(await getPhone(c.get('ctx'), c.get('product').id, c.req.param('phone_id')))))
  .post('/:phone_id/config', async (c) => {
    const phone = await getPhone(c.get('ctx'), c.get('product').id, c.req.param('phone_id'));
    const row = await setPhoneConfig(c.get('ctx'), phone, await readValid(c, phoneConfigBody), resolver(c));
    return answer(c, phoneConfigView(row));
  });
