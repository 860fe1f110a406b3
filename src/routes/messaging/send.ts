import { payload } from '../../middleware/payload';
import { acceptMessage, SEND_BODY_MAX } from '../../services/messages/accept';
import { acceptOnce } from '../../services/messages/idempotency';
import { sendingPhone } from '../../services/phones/phone-cache';
import { SEND_EXAMPLES } from '../../shared/openapi/send-examples';
import { idempotencyHeader, sendMessageResponseSchema, sendMessageSchema } from '../../shared/schemas/messaging/send';
import { endpoint, body, failWith, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { TAGS } from './params';
import { phoneParams } from '../../shared/schemas/messaging/requests';

const sendMessage = endpoint(
  'post',
  '/sendMessage',
  TAGS.send,
  'Queue a message',
  { params: phoneParams, headers: idempotencyHeader, body: body(sendMessageSchema, SEND_EXAMPLES) },
  ok(sendMessageResponseSchema),
  {
    description:
      'Adds the message to the phone\'s send queue and answers with its id before sending. Messages go out in order; use the id to follow acks. The duplicate filter stops a message that is among the last 3 unique messages of the conversation and was sent 3 times; add "skip_filter": true to bypass it. Send an `Idempotency-Key` header to retry safely: the same key with the same body within 24 hours answers the first message\'s id and sends nothing again; the same key with another body gets 422.',
    middleware: [payload(SEND_BODY_MAX)] as const,
  },
);

/**
 * `POST /api/{productId}/{phoneId}/sendMessage`: queued, answered with the message id before sending.
 * The hot path of the API: the body is validated once, by the declaration (400 naming the field).
 */
export const sendRoutes = routes().openapi(
  sendMessage,
  async (c) => {
    const ctx = c.get('ctx');
    const phone = await sendingPhone(ctx, c.get('product').id, c.req.valid('param').phone_id);
    const message = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    // With a key, its record is written with the message row (a retry after a crash finds both or neither).
    const { id, chatId } = key
      ? await acceptOnce(ctx, phone.pid, key, { phone: phone.id, message }, (claim) =>
          acceptMessage(ctx, phone, message, claim),
        )
      : await acceptMessage(ctx, phone, message);
    return answer(c, { success: true as const, data: { chatId, msgId: id } });
  },
  failWith('BAD_REQUEST'),
);
