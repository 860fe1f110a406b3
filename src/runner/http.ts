import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { ApiError } from '../errors';
import { errorResponse } from '../http-errors';
import { routes } from '../routes/kit/declare';
import { healthRoutes } from '../routes/ops/health';
import { metricsRoutes } from '../routes/ops/metrics';
import { runnerOpsRoutes, type RunnerFace } from '../routes/ops/runner-ops';
import type { ServiceCtx } from '../services/context';
import type { AppDeps } from '../env';

/**
 * The HTTP face of a runner process: /healthz (the database answers), /readyz (and the leases are
 * current), /metrics, and /wake (signed nudges from the API). No console, no messaging API.
 */
export function runnerHttpApp(ctx: ServiceCtx, runner: RunnerFace, log?: AppDeps['log']) {
  const app = routes();
  app.use('*', requestId({ headerName: 'x-request-id', limitLength: 64 }));
  app.use('*', async (c, next) => {
    c.set('ctx', ctx);
    await next();
  });
  app.route('/healthz', healthRoutes);
  app.route('/metrics', metricsRoutes);
  app.route('/', runnerOpsRoutes(runner));
  app.notFound((c) => errorResponse(c, 'NOT_FOUND', `Nothing at ${c.req.method} ${c.req.path}.`));
  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err.code, err.message, err.details);
    if (err instanceof HTTPException)
      return errorResponse(
        c,
        err.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
        err.message || 'The request could not be handled.',
      );
    log?.({ level: 'error', msg: 'runner http error', err: err instanceof Error ? err.stack : String(err) });
    return errorResponse(c, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  });
  return app;
}

/** The gauges a runner adds to its process's scrape. */
export function runnerGauges(runner: RunnerFace & { id: string; phoneIds: number[] }) {
  return () => [
    {
      name: 'wapi_runner_phones_driven',
      help: 'Phone sessions this runner hosts right now.',
      values: [{ labels: { runner: runner.id }, value: runner.phoneIds.length }],
    },
    {
      name: 'wapi_runner_leases_current',
      help: "1 while the last lease renewal keeps this runner's leases safely its own.",
      values: [{ labels: { runner: runner.id }, value: runner.leasesCurrent ? 1 : 0 }],
    },
  ];
}
