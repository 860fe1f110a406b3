/**
 * A runner-only process: hosts phone sessions and delivers webhooks from the shared database,
 * without serving HTTP. Run several with distinct RUNNER_ID values to spread the phones:
 * `RUNNER_ID=r1 DATABASE_URL=... npm run runner`.
 * With RUNNER_PORT it serves /healthz, /readyz, /metrics and /wake (docs/deploy.md).
 */
import { hostname } from 'node:os';
import { displayUrl, openDb } from '../db/open';
import { migrateDb } from '../db/migrate';
import { billingProviders } from './adapters/billing';
import { jsonLog } from './middleware/logger';
import { observeDbCall } from './services/metrics/registry';
import { configOrExit, exitOnSignals, runMain } from './process';
import { Bus } from './services/bus';
import { createCaches } from './services/cache';
import { createPhoneSystem } from './runner/system';
import { nodeEngines } from './engines/node-engines';
import { startJobs } from './jobs';
import { nodePoster } from './adapters/webhooks/node-post';
import { serveRunnerHttp } from './runner/serve-http';
import { googleDialogflow } from './adapters/dialogflow/rest';
import { fetchMedia } from './adapters/media/download';

async function main() {
  const config = configOrExit();
  const log = jsonLog(config.LOG_LEVEL);
  const db = await openDb(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN, observeDbCall);
  await migrateDb(db);
  const bus = new Bus();
  const cache = createCaches({ bus });
  const system = createPhoneSystem({
    db,
    config,
    bus,
    cache,
    engines: nodeEngines(config),
    fetchMedia,
    runnerId: config.RUNNER_ID ?? `runner@${hostname()}:${process.pid}`,
    host: hostname(),
    pid: process.pid,
    log,
    address: () => http?.address ?? null,
  });
  const ctx = { db, config, now: Date.now, bus, cache, billing: billingProviders };
  // Listening before the first heartbeat, so the runner registers where the API can nudge it.
  const http = await serveRunnerHttp(ctx, config, system.runner, log);
  await system.runner.start();
  // The jobs of src/jobs/index.ts that a runner runs (no mail transport: e-mails go out from the server).
  const stopJobs = startJobs(
    { entry: 'runner', config },
    { ctx, log, post: nodePoster({ allowPrivate: config.dev }), dialogflow: googleDialogflow(config) },
  );
  console.log(
    `Wapi phone runner ${system.runner.id} is running (database ${displayUrl(config.DATABASE_URL)}${http ? `, http on port ${http.port}` : ''}).`,
  );
  exitOnSignals(() => Promise.allSettled([system.runner.stop(), stopJobs(), http?.close()]));
}

runMain(main);
