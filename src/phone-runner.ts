/**
 * A runner-only process: hosts phone sessions and delivers webhooks from the shared database,
 * without serving HTTP. Run several with distinct RUNNER_ID values to spread the phones:
 * `RUNNER_ID=r1 DATABASE_URL=... npm run runner`.
 */
import { hostname } from 'node:os';
import { openDb } from '../db/open';
import { migrateDb } from '../db/migrate';
import { jsonLog } from './middleware/logger';
import { configOrExit, exitOnSignals, runMain } from './process';
import { Bus } from './runner/bus';
import { createCaches } from './services/cache';
import { createPhoneSystem } from './runner/system';
import { nodeEngines } from './engines/node-engines';
import { startWebhookDeliverer } from './jobs/webhook-deliverer';
import { startBillingDue } from './jobs/billing-due';
import { nodePoster } from './jobs/webhook-post';
import { startWarming } from './jobs/warming';

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
  });
  await system.runner.start();
  const ctx = { db, config, now: Date.now, bus, cache };
  const stopWebhooks = startWebhookDeliverer({ ctx, post: nodePoster({ allowPrivate: config.dev }), log });
  const stopWarming = startWarming({ ctx, log });
  const stopBilling = startBillingDue(ctx, log);
  console.log(`Wapi phone runner ${system.runner.id} is running (database ${config.DATABASE_URL}).`);
  exitOnSignals(() => Promise.allSettled([system.runner.stop(), stopWebhooks(), stopWarming(), Promise.resolve(stopBilling())]));
}

runMain(main);
