import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { CONSOLE_CLIENT, CONSOLE_CLIENT_HEADER, CONSOLE_CLIENT_PARAM } from '../shared/console-client';
import { logApiCall } from '../services/logs/write';
import { requestScope, requestWritten } from '../services/unit-of-work';

/** How much of a request or response body a log entry keeps. */
const LOG_BODY_MAX = 4_000;

const LIST_KEEP = 5;

/** Keys whose values never reach a log: webhook secrets, tokens, passwords, credentials. */
const SECRET_KEY = /secret|token|password|passwd|authorization|api[-_]?key|credential|private[-_]?key/i;
/** In a request body also one-time codes (an Instagram login's 2FA `code`); an answer's `code` is an error code and stays. */
const SECRET_REQUEST_KEY = new RegExp(`${SECRET_KEY.source}|^(?:code|otp|pin|verification[-_]?code)$`, 'i');
export const REDACTED = '[redacted]';

/**
 * A bounded copy of a body for the log: long strings are cut, long lists keep their first items and
 * say how many more there were, and secrets (by their key) are replaced. It walks the value instead
 * of serialising it whole, so logging a large answer (listPhones of hundreds of phones) stays cheap.
 */
function clip(value: unknown, budget = { left: LOG_BODY_MAX }, depth = 0, secret: RegExp = SECRET_KEY): unknown {
  if (value === undefined || value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (budget.left <= 0) return '…';
  if (typeof value === 'string') {
    budget.left -= value.length;
    return value.length > 500 ? `${value.slice(0, 500)}… (${value.length} characters)` : value;
  }
  if (depth > 6) return '…';
  if (Array.isArray(value)) {
    const head = value.slice(0, LIST_KEEP).map((v) => clip(v, budget, depth + 1, secret));
    return value.length > LIST_KEEP ? [...head, `… ${value.length - LIST_KEEP} more`] : head;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (budget.left <= 0) {
        out['…'] = 'cut';
        break;
      }
      budget.left -= k.length;
      out[k] =
        secret.test(k) && v !== null && v !== undefined && v !== '' ? REDACTED : clip(v, budget, depth + 1, secret);
    }
    return out;
  }
  return String(value);
}

const PHONE_IN_PATH = /^\/(?:api|partner)\/[^/]+\/(\d{1,12})(?:\/|$)/;

/** What one API log row holds (GET /logs shows it as `data`), the bodies clipped and redacted. */
export function apiLogEntry(entry: {
  path: string;
  method: string;
  query?: Record<string, string>;
  body: unknown;
  statusCode: number;
  response: unknown;
  requestId: string;
}) {
  return {
    path: entry.path,
    method: entry.method,
    ...(entry.query && Object.keys(entry.query).length ? { query: entry.query } : {}),
    body: clip(entry.body, undefined, 0, SECRET_REQUEST_KEY),
    statusCode: entry.statusCode,
    response: clip(entry.response),
    requestId: entry.requestId,
  };
}

/**
 * Logs every messaging-API call of a product (GET /logs): path, body, status code and response.
 * Failures are logged as type error. The request runs in its own scope (`requestScope`): the writes
 * its answer depends on and its log row are durable before the answer leaves. A handler that logs
 * its calls itself (the MCP endpoint: one row per tool call) sets `apiLogged`.
 */
export const apiLog = createMiddleware<AppEnv>(async (c, next) => {
  const ctx = requestScope(c.get('ctx'));
  c.set('ctx', ctx);
  await next();
  const product = c.get('product');
  if (!product || c.get('apiLogged')) return void (await requestWritten(ctx));
  if (
    c.req.method === 'GET' &&
    (c.req.header(CONSOLE_CLIENT_HEADER) === CONSOLE_CLIENT || c.req.query(CONSOLE_CLIENT_PARAM) === CONSOLE_CLIENT)
  )
    return void (await requestWritten(ctx));
  const type = c.res.headers.get('content-type') ?? '';
  let response: unknown = c.get('responseBody');
  if (response === undefined) {
    if (type.includes('application/json'))
      response = await c.res
        .clone()
        .json()
        .catch(() => null);
    else response = `[${type || 'no content'} ${c.res.headers.get('content-length') ?? ''} bytes]`.replace('  ', ' ');
  }
  const phone = PHONE_IN_PATH.exec(c.req.path)?.[1];
  const query = c.req.query();
  delete query.token;
  const data = apiLogEntry({
    path: c.req.path,
    method: c.req.method,
    query,
    body: c.get('payload'),
    statusCode: c.res.status,
    response,
    requestId: c.get('requestId'),
  });
  const log = c.get('deps').log;
  await logApiCall(ctx, product.id, phone ? Number(phone) : null, c.res.status >= 400, data, (err) =>
    log?.({ level: 'error', msg: 'api log write failed', err: String(err) }),
  );
});
