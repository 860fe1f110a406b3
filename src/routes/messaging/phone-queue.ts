import { purgeQueue, queueLength } from '../../services/messages/queue';
import { heldCount, protectionNowOf } from '../../services/messages/protection-budget';
import { getPhone } from '../../services/phones/phones';
import { purgeQueueResponse, queueResponse } from '../../shared/schemas/messaging/answers';
import { endpoint, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { TAGS } from './params';
import { phoneParams } from '../../shared/schemas/messaging/requests';

const queue = endpoint(
  'get',
  '/queue',
  TAGS.queue,
  "Messages waiting in the phone's send queue",
  { params: phoneParams },
  ok(queueResponse),
);
const purge = endpoint(
  'get',
  '/purgeQueue',
  TAGS.queue,
  'Drop the messages waiting in the queue',
  { params: phoneParams },
  ok(purgeQueueResponse),
);

/** The send queue of one phone: `/api/{productId}/{phone_id}/queue` and `/purgeQueue`. */
export const phoneQueueRoutes = routes()
  .openapi(queue, async (c) => {
    const phone = await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id);
    const ctx = c.get('ctx');
    const [n, held] = await Promise.all([
      queueLength(ctx, phone.id),
      heldCount(ctx.db, phone.id, protectionNowOf(ctx)),
    ]);
    // A held message waits for a budget, not for its turn: it counts under `held` only.
    return answer(c, { success: true, queue: n, stats: { sending: Math.max(0, n - held), ...(held ? { held } : {}) } });
  })
  .openapi(purge, async (c) => {
    const phone = await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id);
    return answer(c, { success: true, purged: await purgeQueue(c.get('ctx'), phone) });
  });
