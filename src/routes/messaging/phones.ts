import { Hono } from 'hono';
import { ApiError } from '../../errors';
import type { AppEnv } from '../../env';
import { readValid } from '../../middleware/payload';
import { addPhoneBody, redeployAllBody } from '../../shared/api-schemas';
import { getUser } from '../../services/auth/users';
import { addPhone, cleanNumber } from '../../services/phones/add';
import { redeployMany } from '../../services/phones/lifecycle';
import { cachedPhoneList } from '../../services/phones/list-cache';
import { queueCounts } from '../../services/messages/queue';
import { effectiveStatus, listPhoneRows, phoneView } from '../../services/phones/phones';
import { getProduct } from '../../services/products/products';
import { answer } from './answer';

/** Reads the optional body of GET-or-POST calls. */
async function optionalBody(c: Parameters<typeof readValid>[0]) {
  return c.req.method === 'GET' ? {} : readValid(c, addPhoneBody);
}

/** Account-level phone calls of the messaging API: `/api/{productId}/...`. */
export const accountPhoneRoutes = new Hono<AppEnv>()
  .get('/listPhones', async (c) => {
    const ctx = c.get('ctx');
    const pid = c.get('product').id;
    const withConfig = c.req.query('config') === 'true';
    const list = await cachedPhoneList(ctx.db, ctx.bus, pid, String(withConfig), async () => {
      const rows = await listPhoneRows(ctx, pid);
      const queues = await queueCounts(ctx, rows.map((r) => r.id));
      return rows.map((r) => phoneView(r, queues.get(r.id) ?? 0, withConfig));
    });
    return answer(c, list);
  })
  .on(['GET', 'POST'], '/addPhone', async (c) => {
    const body = await optionalBody(c);
    const number = cleanNumber('number' in body ? body.number : c.req.query('number'));
    const product = (await getProduct(c.get('ctx'), c.get('product').id))!;
    const row = await addPhone(c.get('ctx'), product, { number });
    return answer(c, { success: true, id: row.id, pid: row.pid, number: row.number ?? '', name: row.name, multi_device: true });
  })
  .get('/addSandbox', async (c) => {
    const product = (await getProduct(c.get('ctx'), c.get('product').id))!;
    const row = await addPhone(c.get('ctx'), product, { sandbox: true });
    return answer(c, { success: true, addedPhone: phoneView(row) });
  })
  .get('/queues', async (c) => {
    const rows = (await listPhoneRows(c.get('ctx'), c.get('product').id)).filter((r) => r.type === 'whatsapp');
    const queues = await queueCounts(c.get('ctx'), rows.map((r) => r.id));
    const withNumber = c.req.query('number') === 'true';
    return answer(c, {
      success: true,
      queues: rows.map((r) => ({
        id: r.id,
        status: effectiveStatus(r),
        queue: queues.get(r.id) ?? 0,
        ...(withNumber ? { number: r.number ?? '' } : {}),
      })),
    });
  })
  .post('/redeployAll', async (c) => {
    const owner = await getUser(c.get('ctx'), c.get('product').uid);
    if (!owner?.extra.isRocket) throw new ApiError('FORBIDDEN', 'Bulk redeploy is not enabled for this account.');
    const body = await readValid(c, redeployAllBody);
    const redeployed = await redeployMany(c.get('ctx'), c.get('product').id, body.phones);
    return answer(c, { success: true, redeployed });
  });
