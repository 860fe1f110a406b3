import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { errorResponse } from '../http-errors';

/**
 * No request body is read beyond `max` bytes (routes set tighter limits). A declared length is checked
 * from the header alone; only chunked bodies go through the streaming counter, because touching the
 * raw body stream costs the Node adapter its fast path on every request.
 *
 * The counter passes the body through as it streams, without holding it: a route with a tighter
 * limit (readPayload's 64 KB) refuses the body as soon as that limit passes, instead of this
 * middleware first buffering up to `max`. Passing `max` errors the stream with the 413, and the
 * answer is the 413 whatever the route made of the failed read.
 */
export function limitBody(max: number) {
  const message = `The request body is too large (at most ${max} bytes).`;
  return createMiddleware<AppEnv>(async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined) {
      if (Number(length) > max) return errorResponse(c, 'PAYLOAD_TOO_LARGE', message);
      return next();
    }
    const body = c.req.raw.body;
    if (!c.req.header('transfer-encoding') || !body) return next();
    let size = 0;
    let refused = false;
    const counted = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size > max) {
            refused = true;
            controller.error(new ApiError('PAYLOAD_TOO_LARGE', message));
            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
    await next();
    if (refused && c.res.status !== 413) {
      c.res = undefined;
      c.res = errorResponse(c, 'PAYLOAD_TOO_LARGE', message);
    }
  });
}
