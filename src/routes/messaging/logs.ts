import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { validate } from '../../errors';
import { listLogs, logsQuery } from '../../services/logs/logs';
import { answer } from './answer';

/** `GET /api/{productId}/logs`: every API call and event of the product. */
export const logRoutes = new Hono<AppEnv>().get('/logs', async (c) => {
  const q = validate(logsQuery, c.req.query());
  return answer(c, { success: true, data: await listLogs(c.get('ctx'), c.get('product').id, q) });
});
