/**
 * A runner-only process: hosts phone sessions and delivers webhooks from the shared database,
 * without serving HTTP. Run several with distinct RUNNER_ID values to spread the phones:
 * `RUNNER_ID=r1 DATABASE_URL=... npm run runner`.
 * With RUNNER_PORT it serves /healthz, /readyz, /metrics and /wake (docs/deploy.md).
 */
import { hostname } from 'node:os';
import { displayUrl, openDb } from '../db/open';
import { migrateDb } from '../db/migrate';
import { jsonLog } from './middleware/logger';
import { configOrExit, exitOnSignals, runMain } from './process';
import { Bus } from './runner/bus';
import { createCaches } from './services/cache';
import { createPhoneSystem } from './runner/system';
import { nodeEngines } from './engines/node-engines';
import { startWebhookDeliverer } from './jobs/webhook-deliverer';
import { startBillingDue } from './jobs/billing-due';
import { startCartRecovery } from './jobs/cart-recovery';
import { nodePoster } from './jobs/webhook-post';
import { startWarming } from './jobs/warming';
import { serveRunnerHttp } from './runner/serve-http';
import { startDialogflow } from './jobs/dialogflow';
import { googleDialogflow } from './services/dialogflow/port';

async function main() {
  const config = configOrExit();
  const log = jsonLog(config.LOG_LEVEL);
  const db = await openDb(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  await migrateDb(db);
  const bus = new Bus();
  const cache = createCaches({ bus });
  const system = createPhoneSystem({
    db,
    config,
    bus,
    cache,
    engines: nodeEngines(config),
    runnerId: config.RUNNER_ID ?? `runner@${hostname()}:${process.pid}`,
    host: hostname(),
    pid: process.pid,
    log,
    address: () => http?.address ?? null,
  });
  const ctx = { db, config, now: Date.now, bus, cache };
  // Listening before the first heartbeat, so the runner registers where the API can nudge it.
  const http = await serveRunnerHttp(ctx, config, system.runner, log);
  await system.runner.start();
  const stopWebhooks = startWebhookDeliverer({ ctx, post: nodePoster({ allowPrivate: config.dev }), log });
  const stopWarming = startWarming({ ctx, log });
  const stopDialogflow = startDialogflow({ ctx, port: googleDialogflow(config), log });
  const stopBilling = startBillingDue(ctx, log);
  const stopCartRecovery = startCartRecovery(ctx, log);
  console.log(`Wapi phone runner ${system.runner.id} is running (database ${displayUrl(config.DATABASE_URL)}${http ? `, http on port ${http.port}` : ''}).`);
  exitOnSignals(() => Promise.allSettled([system.runner.stop(), stopWebhooks(), stopWarming(), stopDialogflow(), Promise.resolve(stopBilling()), Promise.resolve(stopCartRecovery()), http?.close()]));
}

runMain(main);
