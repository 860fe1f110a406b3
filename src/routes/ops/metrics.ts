import { ApiError } from '../../errors';
import { metricsText } from '../../shared/schemas/ops';
import { scrape } from '../../services/metrics/gauges';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { endpoint, ERRORS, routes } from '../kit/declare';

const metrics = endpoint(
  'get',
  '/',
  CONSOLE_TAGS.server,
  'Prometheus metrics of this process (Authorization: Bearer METRICS_TOKEN; 404 when no token is configured)',
  {},
  {
    200: {
      description: 'The Prometheus text format (version 0.0.4)',
      content: { 'text/plain': { schema: metricsText } },
    },
    ...ERRORS,
  },
);

/** Compares two strings in time independent of where they differ. */
function same(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** `GET /metrics`: counters, histograms and gauges for Prometheus, behind the configured token. */
export const metricsRoutes = routes().openapi(metrics, async (c) => {
  const ctx = c.get('ctx');
  const token = ctx.config.METRICS_TOKEN;
  if (!token) throw new ApiError('NOT_FOUND', `Nothing at ${c.req.method} ${c.req.path}.`);
  const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  if (!same(given, token))
    throw new ApiError('UNAUTHORIZED', 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.');
  c.header('cache-control', 'no-store');
  return c.text(await scrape(ctx), 200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
});
