import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { errorResponse } from '../http-errors';

/**
 * No request body is read beyond `max` bytes (routes set tighter limits). A declared length is checked
 * from the header alone; only chunked bodies go through the streaming counter, because touching the
 * raw body stream costs the Node adapter its fast path on every request.
 */
export function limitBody(max: number) {
  const tooLarge = (c: Parameters<Parameters<typeof createMiddleware<AppEnv>>[0]>[0]) =>
    errorResponse(c, 'PAYLOAD_TOO_LARGE', `The request body is too large (at most ${max} bytes).`);
  const streaming = bodyLimit({ maxSize: max, onError: tooLarge });
  return createMiddleware<AppEnv>(async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined) {
      if (Number(length) > max) return tooLarge(c);
      return next();
    }
    if (!c.req.header('transfer-encoding')) return next();
    return streaming(c, next);
  });
}
