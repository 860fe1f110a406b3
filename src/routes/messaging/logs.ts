import { listLogs } from '../../services/logs/logs';
import { logsQuery, logsResponse } from '../../shared/schemas/messaging/logs';
import { endpoint, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { TAGS } from './params';

const logs = endpoint(
  'get',
  '/logs',
  TAGS.account,
  'Every API call and event of the product, paged (pageLimit up to 500)',
  { query: logsQuery },
  ok(logsResponse),
);

/** `GET /api/{productId}/logs`: every API call and event of the product. */
export const logRoutes = routes().openapi(logs, async (c) =>
  answer(c, { success: true, data: await listLogs(c.get('ctx'), c.get('product').id, c.req.valid('query')) }),
);
