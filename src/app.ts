import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { uuidv7 } from './shared/ids';
import { ApiError, type ErrorCode } from './errors';
import { errorResponse } from './http-errors';
import type { AppDeps, WiredDeps } from './env';
import { dohResolve } from './adapters/webhooks/doh-resolve';
import { fetchPoster } from './adapters/webhooks/fetch-post';
import { googleApis } from './adapters/google/apis';
import { compression } from './middleware/compression';
import { csrf } from './middleware/csrf';
import { requestLog } from './middleware/logger';
import { limitBody } from './middleware/body-size';
import { loadSession } from './middleware/session';
import { wellFormedUrl } from './middleware/well-formed-url';
import { securityHeaders } from './middleware/page-headers';
import { createCaches } from './services/cache';
import { SEND_BODY_MAX } from './services/messages/accept';
import { healthRoutes } from './routes/ops/health';
import { metricsRoutes } from './routes/ops/metrics';
import { messagingRoutes } from './routes/messaging';
import { oauthDiscoveryRoutes } from './routes/mcp/auth';
import { partnerRoutes } from './routes/messaging/partner';
import { LIVE_WEBHOOK_PATH } from './shared/live-webhook';
import { consoleDocsRoutes } from './routes/docs/console-openapi';
import { CachedRouter } from './routes/kit/cached-router';
import { routes } from './routes/kit/declare';
import { consoleRoutes } from './routes/console-groups';

/** Messaging-API paths (`/api/<product uuid>/...`, `/partner/<uuid>/...`) authenticate by token, not by cookie. */
const MESSAGING_PATH = /^\/(api|partner)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\/|$)/i;
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** The simulator's controls take JSON from scripts and use no cookies (see routes/simulator/sim.ts). */
const SIM_PATH = /^\/api\/sim\//;
/** Paddle's notifications come server to server, signed: no cookies, no CSRF token. */
const PADDLE_WEBHOOK_PATH = /^\/api\/billing\/paddle\/webhook$/;
/** Meta's webhook of official numbers: server to server, signed (routes/messaging/cloud-webhook.ts). */
const CLOUD_WEBHOOK_PATH = '/api/cloud/webhook';
/** One-click unsubscribe (RFC 8058) is posted by mail providers without cookies; the token in the path is the key. */
const UNSUBSCRIBE_PATH = /^\/unsubscribe\/[\w-]+$/;

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Builds the whole HTTP app from its dependencies. No side effects: the entries start servers and loops. */
export function createApp(given: AppDeps) {
  // The webhook adapters that run anywhere (fetch, DNS over HTTPS) stand in for those an entry did not choose.
  const deps: WiredDeps = {
    ...given,
    resolveHost: given.resolveHost ?? dohResolve,
    postWebhook: given.postWebhook ?? fetchPoster,
  };
  const now = deps.now ?? Date.now;
  const cache = deps.cache ?? createCaches({ bus: deps.bus });
  const ctx = {
    db: deps.db,
    config: deps.config,
    now,
    cache,
    billing: deps.billing,
    google: googleApis,
    ...(deps.bus ? { bus: deps.bus } : {}),
    ...(deps.nudge ? { nudge: deps.nudge } : {}),
  };
  const app = routes({ router: new CachedRouter() });

  // Time-ordered ids from the pooled generator: cheaper than randomUUID on every request, and sortable.
  app.use('*', requestId({ headerName: 'x-request-id', limitLength: 64, generator: () => uuidv7() }));
  app.use('*', compression());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('ctx', ctx);
    await next();
  });
  app.use('*', requestLog);
  app.use('*', wellFormedUrl);
  app.use(
    '*',
    securityHeaders((path) => MESSAGING_PATH.test(path), { mediaOrigin: deps.config.MEDIA_ORIGIN }),
  );

  app.route('/healthz', healthRoutes);
  app.route('/metrics', metricsRoutes);
  app.route('/.well-known', oauthDiscoveryRoutes);
  app.use('*', limitBody(SEND_BODY_MAX));

  // Cookie sessions and CSRF for the console and its backend; the messaging API has neither.
  app.use('*', async (c, next) => {
    if (
      MESSAGING_PATH.test(c.req.path) ||
      SIM_PATH.test(c.req.path) ||
      PADDLE_WEBHOOK_PATH.test(c.req.path) ||
      c.req.path === CLOUD_WEBHOOK_PATH ||
      UNSUBSCRIBE_PATH.test(c.req.path) ||
      c.req.path === LIVE_WEBHOOK_PATH
    )
      return void (await next());
    await csrf(c, async () => {
      await loadSession(c, next);
    });
  });

  app.route(`/api/:pid{${UUID}}`, messagingRoutes);
  app.route(`/partner/:pid{${UUID}}`, partnerRoutes);
  app.route(`/api/${deps.config.BRAND}`, consoleDocsRoutes);
  app.route(
    '/',
    consoleRoutes({ brand: deps.config.BRAND, simulator: deps.config.simulator, mailbox: Boolean(deps.localMailbox) }),
  );

  app.notFound((c) => errorResponse(c, 'NOT_FOUND', `Nothing at ${c.req.method} ${c.req.path}.`));
  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err.code, err.message, err.details, err.compat);
    if (err instanceof HTTPException) {
      const code = STATUS_CODES[err.status] ?? 'BAD_REQUEST';
      return errorResponse(c, code, err.message || 'The request could not be handled.');
    }
    deps.log?.({
      level: 'error',
      msg: 'unhandled error',
      requestId: c.get('requestId'),
      err: err instanceof Error ? err.stack : String(err),
    });
    return errorResponse(c, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
