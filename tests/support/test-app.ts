import { createClient } from '@libsql/client';
import { createDb, type Db } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { openDb } from '../../db/open';
import { observeDbCall } from '../../src/services/metrics/registry';
import { createApp } from '../../src/app';
import { parseConfig, type Config } from '../../src/config';
import { mailboxAllowed } from '../../src/routes/auth/mailbox';
import type { SimTimings } from '../../src/engines/simulator/session';
import type { Engine, EngineName } from '../../src/engines/types';
import { FAST_SIM } from './fast-sim';
import { lookup } from 'node:dns/promises';
import { startWebhookDeliverer } from '../../src/jobs/webhook-deliverer';
import { nodePoster } from '../../src/adapters/webhooks/node-post';
import { Bus } from '../../src/services/bus';
import { createCaches, type Caches } from '../../src/services/cache';
import { createPhoneSystem, type PhoneSystem } from '../../src/runner/system';
import { fetchMedia } from '../../src/adapters/media/download';
import type { ViteManifest } from '../../src/ssr/assets';
import { responseChecker } from './declared';
import { checkedPoster } from './declared-webhooks';
import { billingProviders } from '../../src/adapters/billing';

/** A manifest as Vite writes it, so the shell can be rendered without a build. */
export const FAKE_MANIFEST: ViteManifest = {
  'main.tsx': { file: 'assets/main-abc123.js', src: 'main.tsx', isEntry: true, css: ['assets/main-abc123.css'] },
};

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  config: Config;
  clock: { now: number; advance(ms: number): void };
  /** Waits for work deferred past the answer (reset mails). */
  settle(): Promise<void>;
  bus: Bus;
  /** The process's caches (app, runner and webhook deliverer share them). */
  cache: Caches;
  /** The simulated network, engines and this process's runner (started with `phones: true`). */
  phones: PhoneSystem;
  /** Stops the runner (call in afterEach when phones run). */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Start the phone runner with the simulator. */
  phones?: boolean;
  /** Start the webhook deliverer (posting for real, to local receivers in development mode). */
  webhooks?: boolean;
  /** Host name resolution for the webhook address check (defaults to the real resolver). */
  resolveHost?: (host: string) => Promise<string[]>;
  simTimings?: Partial<SimTimings>;
  /** Engines besides the simulator (the Baileys engine pointed at a fake WhatsApp). */
  engines?: Partial<Record<EngineName, Engine>>;
}

export { FAST_SIM };

/** A fresh app on an in-memory libSQL database with migrations applied. */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_ITERATIONS: '10000',
    DATABASE_URL: ':memory:',
    // A production server does not start without SECRETS_KEY (API tokens are stored sealed with it).
    ...(env.NODE_ENV === 'production' ? { SECRETS_KEY: 'production-test-secrets-key-0123456789abcdef' } : {}),
    ...env,
  });
  // In memory unless the test names a database file (`DATABASE_URL: 'file:…'`), opened as the server opens it.
  const db =
    config.DATABASE_URL === ':memory:'
      ? createDb(createClient({ url: ':memory:' }))
      : await openDb(config.DATABASE_URL, undefined, observeDbCall);
  await migrateDb(db);
  const clock = {
    now: Date.UTC(2026, 10, 22, 12, 0, 0),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const pending: Promise<unknown>[] = [];
  const bus = new Bus();
  const cache = createCaches({ bus });
  const phones = createPhoneSystem({
    fetchMedia,
    db,
    config,
    bus,
    cache,
    now: () => clock.now,
    runnerId: 'test-runner',
    simTimings: { ...FAST_SIM, ...opts.simTimings },
    ...(opts.engines ? { engines: opts.engines } : {}),
    pollMs: 50,
  });
  if (opts.phones) await phones.runner.start();
  // Every body posted is checked against the document's webhooks (a test with an undeclared one fails).
  const post = checkedPoster(nodePoster({ allowPrivate: config.dev, timeoutMs: 3_000 }));
  const stopWebhooks = opts.webhooks
    ? startWebhookDeliverer({ ctx: { db, config, now: () => clock.now, bus, cache }, post, pollMs: 50 })
    : async () => {};
  const app = createApp({
    billing: billingProviders,
    bus,
    cache,
    postWebhook: post,
    resolveHost: opts.resolveHost ?? (async (host) => (await lookup(host, { all: true })).map((a) => a.address)),
    config,
    db,
    now: () => clock.now,
    assets: { manifest: async () => FAKE_MANIFEST },
    clientIp: (c) => c.req.header('x-test-ip') ?? '203.0.113.1',
    defer: (p) => void pending.push(p),
    localMailbox: mailboxAllowed(config),
  });
  checkAnswers(app);
  return {
    app,
    db,
    config,
    clock,
    async settle() {
      await Promise.all(pending.splice(0));
    },
    bus,
    cache,
    phones,
    close: async () => {
      await stopWebhooks();
      await phones.runner.stop();
    },
  };
}

/** Every answer a test gets is checked against the declaration of the route that gave it. */
function checkAnswers(app: ReturnType<typeof createApp>): void {
  const check = responseChecker(app);
  const request = app.request.bind(app);
  app.request = (async (input: RequestInfo | URL, init?: RequestInit, ...rest: unknown[]) => {
    const res = await (request as (...a: unknown[]) => Response | Promise<Response>)(input, init, ...rest);
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    await check(method, url.pathname, res);
    return res;
  }) as typeof app.request;
}
