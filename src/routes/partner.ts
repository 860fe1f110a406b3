import { Hono } from 'hono';
import { ApiError } from '../errors';
import type { AppEnv } from '../env';
import { apiToken } from '../middleware/api-token';
import { readPayload, readValid } from '../middleware/payload';
import { addPhoneBody } from '../shared/api-schemas';
import { addPhone, cleanNumber } from '../services/phones/add';
import { changeMode } from '../services/phones/lifecycle';
import { getPhone } from '../services/phones/phones';
import { getProduct } from '../services/products/products';

/** `/partner/{productId}/...`: the partner path to add phones and set their mode (2-phones §6). */
export const partnerRoutes = new Hono<AppEnv>()
  .use('*', apiToken)
  .use('*', async (c, next) => {
    if (!c.get('product').settings.partner) throw new ApiError('FORBIDDEN', 'This is not a partner account.');
    await next();
  })
  .on(['GET', 'POST'], '/addPhone', async (c) => {
    const body = c.req.method === 'GET' ? {} : await readValid(c, addPhoneBody);
    const product = (await getProduct(c.get('ctx'), c.get('product').id))!;
    const row = await addPhone(c.get('ctx'), product, { number: cleanNumber('number' in body ? body.number : c.req.query('number')), partner: true });
    return c.json({ success: true, id: row.id, pid: row.pid, number: row.number ?? '', name: row.name, multi_device: true });
  })
  .post('/:phoneId/changeMod', async (c) => {
    const body = await readPayload(c);
    const row = await changeMode(c.get('ctx'), await getPhone(c.get('ctx'), c.get('product').id, c.req.param('phoneId')), body.mod);
    return c.json({ success: true, mod: row.partnerMode });
  });
