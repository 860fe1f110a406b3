import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import type { Config } from '../config';
import type { ServiceCtx } from '../services/context';
import { addCollector } from '../services/metrics/gauges';
import { runnerGauges, runnerHttpApp } from './http';
import type { PhoneRunner } from './runner';

/** A runner's HTTP face, listening: where other processes reach it, and how to stop it. */
export interface RunnerHttp {
  address: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves the runner's HTTP face on RUNNER_PORT (0 takes a free port) and adds its gauges to the
 * process's metrics; null when RUNNER_PORT is unset. Node only.
 */
export async function serveRunnerHttp(
  ctx: ServiceCtx,
  config: Config,
  runner: PhoneRunner,
  log?: (e: Record<string, unknown>) => void,
): Promise<RunnerHttp | null> {
  addCollector(runnerGauges(runner));
  if (config.RUNNER_PORT === undefined) return null;
  const app = runnerHttpApp(ctx, runner, log);
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: config.RUNNER_PORT, hostname: config.HOST }, (info: AddressInfo) =>
      resolve({
        port: info.port,
        address: config.RUNNER_ADDRESS ?? `http://${hostname()}:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    );
  });
}
