import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { purgeQueue, queueLength } from '../../services/messages/queue';
import { getPhone } from '../../services/phones/phones';
import { queueResponse } from '../../shared/schemas/messaging';
import { ok, routes } from '../declare';
import { answer } from './answer';
import { phoneParams, TAGS } from './params';

const queue = createRoute({
  method: 'get',
  path: '/queue',
  tags: [TAGS.queue],
  summary: 'Messages waiting in the phone\'s send queue',
  request: { params: phoneParams },
  responses: ok(queueResponse),
});
const purge = createRoute({
  method: 'get',
  path: '/purgeQueue',
  tags: [TAGS.queue],
  summary: 'Drop the messages waiting in the queue',
  request: { params: phoneParams },
  responses: ok(z.object({ success: z.boolean(), purged: z.number().int() })),
});

/** The send queue of one phone: `/api/{productId}/{phone_id}/queue` and `/purgeQueue`. */
export const phoneQueueRoutes = routes()
  .openapi(queue, async (c) => {
    const phone = await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id);
    const n = await queueLength(c.get('ctx'), phone.id);
    return answer(c, { success: true, queue: n, stats: { sending: n } });
  })
  .openapi(purge, async (c) => {
    const phone = await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id);
    return answer(c, { success: true, purged: await purgeQueue(c.get('ctx'), phone) });
  });
