import { streamSSE } from 'hono/streaming';
import { phoneChatStream } from '../../services/messages/chat-events';
import { getPhone } from '../../services/phones/phones';
import { phoneChatEventStream, phoneChatParams } from '../../shared/schemas/console/phone-chat';
import { CONSOLE_TAGS, signedInCall } from '../kit/console-declare';
import { endpoint, ERRORS, routes } from '../kit/declare';
import { ownProduct } from '../kit/own-product';

const events = endpoint(
  'get',
  '/phones/{phoneId}/chatEvents',
  CONSOLE_TAGS.product,
  "The phone chat's server-sent events: 'ready', then 'message' (chatId, id) for each new message and 'ack' (chatId, id, status, ack) for each delivery change",
  { params: phoneChatParams },
  {
    200: {
      description: 'An event stream',
      content: {
        'text/event-stream': {
          schema: phoneChatEventStream,
        },
      },
    },
    ...ERRORS,
  } as const,
  signedInCall(),
);

/**
 * `GET /api/{brand}/phones/{phoneId}/chatEvents`: the signed-in owner's phone's chat stream
 * (services/messages/chat-events.ts) over server-sent events; the console's phone chat follows it.
 */
export const phoneChatEventRoutes = routes().openapi(events, async (c) => {
  const product = await ownProduct(c);
  const phone = await getPhone(c.get('ctx'), product.id, c.req.valid('param').phoneId);
  const run = await phoneChatStream(c.get('ctx'), phone.id);
  const res = streamSSE(c, async (stream) => {
    const left = new AbortController();
    stream.onAbort(() => left.abort());
    await run({ event: (e) => stream.writeSSE(e), ping: () => stream.write(': ping\n\n').then(() => {}) }, left.signal);
  });
  // no-transform: the compression middleware must not buffer a stream that never ends.
  res.headers.set('cache-control', 'no-cache, no-transform');
  res.headers.set('x-accel-buffering', 'no');
  return res;
});
