import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { ApiError, type ErrorCode } from './errors';
import { errorResponse } from './http-errors';
import type { AppDeps, AppEnv } from './env';
import { compression } from './middleware/compression';
import { csrf } from './middleware/csrf';
import { requestLog } from './middleware/logger';
import { limitBody } from './middleware/body-size';
import { loadSession } from './middleware/session';
import { wellFormedUrl } from './middleware/well-formed-url';
import { securityHeaders } from './middleware/page-headers';
import { createCaches } from './services/cache';
import { SEND_BODY_MAX } from './services/messages/accept';
import { authRoutes } from './routes/auth';
import { googleRoutes } from './routes/google';
import { docsRoutes } from './routes/docs';
import { healthRoutes } from './routes/health';
import { locationRoutes } from './routes/location';
import { messagingRoutes } from './routes/messaging';
import { partnerRoutes } from './routes/partner';
import { simRoutes } from './routes/sim';
import { mailboxRoutes } from './routes/mailbox';
import { mediaRoutes } from './routes/media';
import { mailerRoutes, verifyRoutes } from './routes/password-reset';
import { brandRoutes } from './routes/product';
import { agentRoutes } from './routes/agents';
import { analyticsRoutes } from './routes/analytics';
import { agentVerifyRoutes, liveAuthRoutes } from './routes/live-auth';
import { liveRoutes } from './routes/live';
import { LIVE_WEBHOOK_PATH } from './shared/live-webhook';
import { consoleDocsRoutes } from './routes/console-openapi';
import { shellRoutes } from './routes/shell';
import { routes } from './routes/declare';
import { warmingRoutes } from './routes/warming';
import { footprintRoutes } from './routes/billing/footprint';
import { purchaseRoutes } from './routes/billing/purchase';
import { sandboxApiRoutes, sandboxPageRoutes } from './routes/billing/sandbox';
import { subscriptionRoutes } from './routes/billing/subscriptions';
import { paddleWebhookRoutes } from './routes/billing/paddle-webhook';

/** Messaging-API paths (`/api/<product uuid>/...`, `/partner/<uuid>/...`) authenticate by token, not by cookie. */
export const MESSAGING_PATH = /^\/(api|partner)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\/|$)/i;
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** The simulator's controls take JSON from scripts and use no cookies (see routes/sim.ts). */
const SIM_PATH = /^\/api\/sim\//;
/** Paddle's notifications come server to server, signed: no cookies, no CSRF token. */
const PADDLE_WEBHOOK_PATH = /^\/api\/billing\/paddle\/webhook$/;

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
export function createApp(deps: AppDeps) {
  const now = deps.now ?? Date.now;
  const cache = deps.cache ?? createCaches({ bus: deps.bus });
  const ctx = { db: deps.db, config: deps.config, now, cache, ...(deps.bus ? { bus: deps.bus } : {}) };
  const app = routes();

  app.use('*', requestId({ headerName: 'x-request-id', limitLength: 64 }));
  app.use('*', compression());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('ctx', ctx);
    await next();
  });
  app.use('*', requestLog);
  app.use('*', wellFormedUrl);
  app.use('*', securityHeaders((path) => MESSAGING_PATH.test(path)));

  app.route('/healthz', healthRoutes);
  app.use('*', limitBody(SEND_BODY_MAX));

  // Cookie sessions and CSRF for the console and its backend; the messaging API has neither.
  app.use('*', async (c, next) => {
    if (MESSAGING_PATH.test(c.req.path) || SIM_PATH.test(c.req.path) || PADDLE_WEBHOOK_PATH.test(c.req.path) || c.req.path === LIVE_WEBHOOK_PATH) return void (await next());
    await csrf(c, async () => {
      await loadSession(c, next);
    });
  });

  app.route(`/api/:pid{${UUID}}`, messagingRoutes);
  app.route(`/partner/:pid{${UUID}}`, partnerRoutes);
  if (deps.config.simulator) app.route('/api/sim', simRoutes);
  app.route('/api/locationDetech', locationRoutes);
  app.route('/api', docsRoutes);
  app.route('/api/auth/google', googleRoutes);
  app.route('/api/auth', authRoutes);
  app.route('/api/mailer', mailerRoutes);
  app.route('/api/verify', verifyRoutes);
  app.route('/api/verify', agentVerifyRoutes);
  app.route('/api/live/auth', liveAuthRoutes);
  app.route('/api/live', liveRoutes);
  app.route(`/api/${deps.config.BRAND}`, consoleDocsRoutes);
  app.route(`/api/${deps.config.BRAND}`, brandRoutes);
  app.route(`/api/${deps.config.BRAND}`, subscriptionRoutes);
  app.route(`/api/${deps.config.BRAND}`, purchaseRoutes);
  app.route(`/api/${deps.config.BRAND}`, agentRoutes);
  app.route(`/api/${deps.config.BRAND}`, analyticsRoutes);
  app.route('/api/footprint', footprintRoutes);
  app.route('/api/sandbox', sandboxApiRoutes);
  app.route('/api/warming', warmingRoutes);
  app.route('/api/billing/paddle', paddleWebhookRoutes);
  app.all('/api/*', (c) => errorResponse(c, 'NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}.`));
  app.route('/media', mediaRoutes);
  app.route('/sandbox', sandboxPageRoutes);
  if (deps.localMailbox) app.route('/dev/mailbox', mailboxRoutes);
  app.route('/', shellRoutes);

  app.notFound((c) => errorResponse(c, 'NOT_FOUND', `Nothing at ${c.req.method} ${c.req.path}.`));
  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err.code, err.message, err.details, err.compat);
    if (err instanceof HTTPException) {
      const code = STATUS_CODES[err.status] ?? 'BAD_REQUEST';
      return errorResponse(c, code, err.message || 'The request could not be handled.');
    }
    deps.log?.({ level: 'error', msg: 'unhandled error', requestId: c.get('requestId'), err: err instanceof Error ? err.stack : String(err) });
    return errorResponse(c, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
