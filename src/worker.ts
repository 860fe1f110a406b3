/**
 * The Cloudflare Workers entry (`wrangler dev` / `wrangler deploy`, see wrangler.toml).
 *
 * Static files under /assets/ are answered by the ASSETS binding before this code runs; everything
 * else reaches `fetch` below. The database is a remote libSQL server (Turso or sqld) reached over
 * HTTP; migrations are not run here but by `npm run db:migrate` against the same database.
 *
 * Worker-safe imports only: no node:* modules, no filesystem (so not node.ts, db/migrate.ts or the
 * SMTP adapter).
 */
import { createClient } from '@libsql/client/web';
import { createDb } from '../db/client';
import { createApp, type App } from './app';
import { billingProviders } from './adapters/billing';
import { ConfigError, parseConfig, type Config } from './config';
import { errorBody } from './errors';
import { jsonLog } from './middleware/logger';
import { createCaches } from './services/cache';
import { nudgeHolder } from './services/runners/nudge';
import { postNudge } from './adapters/runners/nudge-post';
import { dohResolve } from './adapters/webhooks/doh-resolve';
import { fetchPoster } from './adapters/webhooks/fetch-post';
import { missingSecretsKey } from './services/secrets/product-secrets';
import { cachedAssets, type ViteManifest } from './ssr/assets';

/** The parts of the Workers runtime this entry uses (declared here rather than pulling in workers-types). */
export interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
  /** Service-binding props (unused; declared because Hono's ExecutionContext has it). */
  props: unknown;
}

export interface Fetcher {
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
}

/** The Worker's bindings: the assets binding plus string variables and secrets (.dev.vars, [vars], secrets). */
export interface WorkerEnv {
  ASSETS: Fetcher;
  [name: string]: unknown;
}

// (Only types and the default handler may be exported: workerd treats other exports as entrypoints.)
const NOT_CONFIGURED_MESSAGE =
  'DATABASE_URL is not set: configure a libSQL database (libsql:// or https://) for the Worker.';

/** The build manifest, read through the assets binding (the host is ignored by the binding). */
const MANIFEST_URL = 'https://assets.local/.vite/manifest.json';

type Built = { kind: 'app'; app: App } | { kind: 'unconfigured'; message: string };

/** One per isolate: bindings do not change between requests of an isolate. */
let built: Built | undefined;

/** Only the string bindings are configuration; ASSETS and other bindings are objects. */
function stringVars(env: WorkerEnv): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (typeof v === 'string') vars[k] = v;
  return vars;
}

/** A `file:` or `:memory:` database lives on a disk or in a process the Worker does not have. */
function usableOnWorkers(url: string | undefined): boolean {
  return Boolean(url) && !/^(file:|:memory:)/.test(url!);
}

function build(env: WorkerEnv, ctx: ExecutionContext): Built {
  const vars = stringVars(env);
  let config: Config;
  try {
    config = parseConfig(vars);
  } catch (err) {
    if (err instanceof ConfigError) return { kind: 'unconfigured', message: err.message };
    throw err;
  }
  // parseConfig defaults DATABASE_URL to a local file, which means "not configured" here.
  if (!usableOnWorkers(vars.DATABASE_URL)) return { kind: 'unconfigured', message: NOT_CONFIGURED_MESSAGE };
  // API tokens are looked up by their keyed hash and shown sealed: production cannot serve without the key
  // (`npx wrangler secret put SECRETS_KEY`, the same value as the runners'). Outside production a published
  // development key stands in (services/secrets/product-secrets.ts).
  const missingKey = missingSecretsKey(config);
  if (missingKey) return { kind: 'unconfigured', message: missingKey };

  const log = jsonLog(config.LOG_LEVEL);
  let client: ReturnType<typeof createClient>;
  try {
    client = createClient({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN });
  } catch (err) {
    // e.g. `https://…?tls=0`: the client rejects the URL itself.
    return {
      kind: 'unconfigured',
      message: `Invalid configuration:\n  DATABASE_URL: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  const db = createDb(client);
  const nudgeCtx = { db, config, now: Date.now, cache: createCaches() };
  const assets = cachedAssets(() =>
    env.ASSETS.fetch(new Request(MANIFEST_URL)).then((r) => (r.ok ? (r.json() as Promise<ViteManifest>) : null)),
  );
  const app = createApp({
    billing: billingProviders,
    config,
    db,
    assets,
    log,
    // The isolate is the process: its caches live as long as the app cached above.
    cache: createCaches(),
    clientIp: (c) => c.req.header('cf-connecting-ip') ?? 'unknown',
    // Workers have no resolver and no Node http: DNS over HTTPS and fetch.
    resolveHost: dohResolve,
    postWebhook: fetchPoster,
    // Runners on Node hold the phones: a signed nudge wakes the one that holds this phone.
    nudge: (phoneId) => ctx.waitUntil(nudgeHolder(nudgeCtx, phoneId, postNudge)),
    // The app is cached per isolate, so this is the first request's ctx. That is fine: workerd's
    // waitUntil registers the promise with the request that is *currently* running (the one that
    // deferred the work), whichever ExecutionContext object it is called on.
    defer: (work) =>
      ctx.waitUntil(
        work.catch((err: unknown) =>
          log({ level: 'error', msg: 'deferred work failed', err: err instanceof Error ? err.stack : String(err) }),
        ),
      ),
  });
  return { kind: 'app', app };
}

function notConfigured(message: string): Response {
  const requestId = crypto.randomUUID();
  return new Response(JSON.stringify(errorBody(requestId, 'NOT_CONFIGURED', message)), {
    status: 503,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-request-id': requestId,
    },
  });
}

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Promise<Response> {
    built ??= build(env, ctx);
    if (built.kind === 'unconfigured') {
      // The SPA's files do not need the database (normally the assets binding answers them before the Worker runs).
      if (new URL(request.url).pathname.startsWith('/assets/')) return env.ASSETS.fetch(request);
      return notConfigured(built.message);
    }
    return built.app.fetch(request, env, ctx);
  },
};
