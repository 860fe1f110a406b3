import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { hostname } from 'node:os';
import { readFile } from 'node:fs/promises';
import { displayUrl, openDb } from '../db/open';
import { migrateDb } from '../db/migrate';
import { seed } from './cli/seed';
import { smtpTransport } from './adapters/mail/smtp';
import { closeOnRefusedBody } from './adapters/http/refused-body';
import { createApp } from './app';
import { billingProviders } from './adapters/billing';
import { startJobs } from './jobs';
import { jsonLog } from './middleware/logger';
import { configOrExit, exitOnSignals, runMain } from './process';
import { mailboxAllowed } from './routes/auth/mailbox';
import { Bus } from './services/bus';
import { createCaches } from './services/cache';
import { createPhoneSystem } from './runner/system';
import { nodeEngines } from './engines/node-engines';
import { googleDialogflow } from './adapters/dialogflow/rest';
import { nodePoster } from './adapters/webhooks/node-post';
import { dnsResolve } from './adapters/webhooks/dns-resolve';
import { postNudge } from './adapters/runners/nudge-post';
import { fetchMedia } from './adapters/media/download';
import { cachedAssets, type ViteManifest } from './ssr/assets';
import { WIDGET_HEADERS } from './ssr/widget-assets';
import { runnerGauges } from './runner/http';
import { addCollector } from './services/metrics/gauges';
import { observeDbCall } from './services/metrics/registry';
import { nudgeHolder } from './services/runners/nudge';
import { sealStoredSecrets } from './services/secrets/product-secrets';

const WEB_DIST = 'dist/web';

/** A built file's caching, and Vary even on the plain answer since a sibling may be sent compressed. */
function staticHeaders(cacheControl: string, extra: Readonly<Record<string, string>> = {}) {
  return (_path: string, c: Context) => {
    c.header('cache-control', cacheControl);
    c.header('vary', 'Accept-Encoding');
    for (const [name, value] of Object.entries(extra)) c.header(name, value);
  };
}

async function main() {
  const config = configOrExit();
  const log = jsonLog(config.LOG_LEVEL);
  const db = await openDb(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN, observeDbCall);
  await migrateDb(db);
  // Rows from before migration 0023 hold API tokens and webhook secrets in plain text: sealed now.
  await sealStoredSecrets({ db, config, cache: createCaches() });
  // The demo accounts have published passwords: they exist only outside production.
  if (config.dev) await seed(db, config);

  const pending = new Set<Promise<unknown>>();
  const assets = cachedAssets(async () => {
    try {
      return JSON.parse(await readFile(`${WEB_DIST}/.vite/manifest.json`, 'utf8')) as ViteManifest;
    } catch {
      return null;
    }
  });
  const bus = new Bus();
  // One set of caches per process: the app, the runner and the jobs forget through the same one.
  const cache = createCaches({ bus });
  const ctx = { db, config, now: Date.now, bus, cache, billing: billingProviders };
  const phoneSystem = createPhoneSystem({
    db,
    config,
    bus,
    cache,
    engines: nodeEngines(config),
    fetchMedia,
    runnerId: config.RUNNER_ID ?? `embedded@${hostname()}`,
    host: hostname(),
    pid: process.pid,
    log,
  });
  if (config.RUN_PHONES) {
    addCollector(runnerGauges(phoneSystem.runner));
    await phoneSystem.runner.start();
  }
  const postWebhook = nodePoster({ allowPrivate: config.dev });
  // The jobs of src/jobs/index.ts that a server runs: those of a phone host unless RUN_PHONES=false, mail with SMTP_URL.
  const stopJobs = startJobs(
    { entry: 'server', config },
    {
      ctx,
      log,
      post: postWebhook,
      dialogflow: googleDialogflow(config),
      ...(config.SMTP_URL ? { mail: smtpTransport(config.SMTP_URL) } : {}),
    },
  );

  const app = createApp({
    billing: billingProviders,
    config,
    db,
    assets,
    log,
    bus,
    cache,
    postWebhook,
    resolveHost: dnsResolve,
    localMailbox: mailboxAllowed(config),
    clientIp: (c) => getConnInfo(c).remote.address ?? 'unknown',
    // A phone another process's runner holds gets a nudge; this process's own runner hears the bus.
    nudge: (phoneId) => {
      if (config.RUN_PHONES && phoneSystem.runner.hosts(phoneId)) return;
      const work = nudgeHolder(ctx, phoneId, postNudge);
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
    defer: (work) => {
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
  });

  const root = new Hono();
  // Vite names every file under /assets by its content hash, so it never changes. `precompressed`
  // sends the .br/.gz sibling the build wrote (vite.config.ts) to clients that take it.
  root.use(
    '/assets/*',
    serveStatic({ root: WEB_DIST, precompressed: true, onFound: staticHeaders('public, max-age=31536000, immutable') }),
  );
  root.use(
    '/vendor/*',
    serveStatic({ root: WEB_DIST, precompressed: true, onFound: staticHeaders('public, max-age=86400') }),
  );
  // The chat button and tools scripts, loaded by customers' sites (any origin) from a fixed address.
  root.use(
    '/widgets/*',
    serveStatic({
      root: WEB_DIST,
      precompressed: true,
      onFound: staticHeaders(WIDGET_HEADERS['cache-control']!, WIDGET_HEADERS),
    }),
  );
  root.route('/', app);

  const server = serve({ fetch: closeOnRefusedBody(root.fetch), port: config.PORT, hostname: config.HOST }, (info) => {
    const url = config.publicUrl;
    console.log(`\nWapi is running at ${url}  (${config.NODE_ENV}, database ${displayUrl(config.DATABASE_URL)})`);
    if (config.dev) {
      console.log(`  Demo customer: ${config.DEMO_EMAIL} / ${config.DEMO_PASSWORD}`);
      console.log(`  Staff admin:   ${config.ADMIN_EMAIL} / ${config.ADMIN_PASSWORD}`);
    }
    if (mailboxAllowed(config)) console.log(`  Local mailbox: ${url}/dev/mailbox`);
    if (config.simulator)
      console.log(`  WhatsApp engine: ${config.engine} (simulated network and its controls at /api/sim/*)`);
    if (config.RUN_PHONES) console.log(`  Phone runner: ${phoneSystem.runner.id}`);
    console.log('');
  });

  exitOnSignals(async () => {
    const jobs = stopJobs();
    const runner = phoneSystem.runner.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.allSettled([...pending, runner, jobs]);
  });
}

runMain(main);
