import { createMiddleware } from 'hono/factory';
import { logs } from '../../db/schema';
import type { AppEnv } from '../env';
import { batcherFor } from '../services/write-batch';

/** How much of a request or response body a log entry keeps. */
export const LOG_BODY_MAX = 4_000;

function clip(value: unknown): unknown {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text.length <= LOG_BODY_MAX) return value;
  return `${text.slice(0, LOG_BODY_MAX)}… (${text.length} characters)`;
}

const PHONE_IN_PATH = /^\/(?:api|partner)\/[^/]+\/(\d{1,12})(?:\/|$)/;

/**
 * Logs every messaging-API call of a product (GET /logs): path, body, status code and response.
 * Failures are logged as type error. Written after the answer, batched with other writes.
 */
export const apiLog = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const product = c.var.product;
  if (!product) return;
  const type = c.res.headers.get('content-type') ?? '';
  let response: unknown;
  if (type.includes('application/json')) response = await c.res.clone().json().catch(() => null);
  else response = `[${type || 'no content'} ${c.res.headers.get('content-length') ?? ''} bytes]`.replace('  ', ' ');
  const phone = PHONE_IN_PATH.exec(c.req.path)?.[1];
  const write = batcherFor(c.var.ctx.db)
    .add(
      c.var.ctx.db.insert(logs).values({
        pid: product.id,
        phoneId: phone ? Number(phone) : null,
        type: c.res.status >= 400 ? 'error' : 'incoming',
        data: {
          path: c.req.path,
          method: c.req.method,
          ...(c.req.query() && Object.keys(c.req.query()).length ? { query: Object.fromEntries(Object.entries(c.req.query()).filter(([k]) => k !== 'token')) } : {}),
          body: clip(c.var.payload),
          statusCode: c.res.status,
          response: clip(response),
          requestId: c.var.requestId,
        },
        createdAt: c.var.ctx.now(),
      }),
    )
    .catch((err: unknown) => c.var.deps.log?.({ level: 'error', msg: 'api log write failed', err: String(err) }));
  c.var.deps.defer?.(write);
});
