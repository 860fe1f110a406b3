import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { readPayload } from '../../middleware/payload';
import { acceptMessage, SEND_BODY_MAX } from '../../services/messages/accept';
import { sendingPhone } from '../../services/phones/phone-cache';
import { answer } from './answer';

/** `POST /api/{productId}/{phoneId}/sendMessage`: queued, answered with the message id before sending. */
export const sendRoutes = new Hono<AppEnv>().post('/sendMessage', async (c) => {
  const phone = await sendingPhone(c.get('ctx').db, c.get('product').id, c.req.param('phone_id') ?? '');
  const body = await readPayload(c, SEND_BODY_MAX);
  const { id, chatId } = await acceptMessage(c.get('ctx'), phone, body);
  return answer(c, { success: true, data: { chatId, msgId: id } });
});
