import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { readPayload } from '../../middleware/payload';
import { acceptMessage, SEND_BODY_MAX } from '../../services/messages/accept';
import { getPhone } from '../../services/phones/phones';

/** `POST /api/{productId}/{phoneId}/sendMessage`: queued, answered with the message id before sending. */
export const sendRoutes = new Hono<AppEnv>().post('/sendMessage', async (c) => {
  const phone = await getPhone(c.var.ctx, c.var.product.id, c.req.param('phoneId') ?? '');
  const body = await readPayload(c, SEND_BODY_MAX);
  const { id, chatId } = await acceptMessage(c.var.ctx, phone, body);
  return c.json({ success: true, data: { chatId, msgId: id } });
});
