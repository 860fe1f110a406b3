import type { Context } from 'hono';
import type { Db } from '../db/client';
import type { AgentRow, ProductRow, UserRow } from '../db/schema';
import type { Config } from './config';
import type { BillingProviders } from './services/billing/port';
import type { Caches } from './services/cache';
import type { ServiceCtx } from './services/context';
import type { AssetSource } from './ssr/assets';
import type { Bus } from './services/bus';
import type { PostWebhook, ResolveHost } from './services/webhooks/port';

/** Everything the app is built from; the entries (node.ts, worker.ts, tests) choose the drivers. */
export interface AppDeps {
  config: Config;
  db: Db;
  assets: AssetSource;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
  /** The caller's address, for rate limits. */
  clientIp?: (c: Context) => string;
  /** Runs work after the answer (waitUntil on Workers, a tracked promise on Node). */
  defer?: (work: Promise<unknown>) => void;
  /**
   * Serve the local mailbox at /dev/mailbox (the embedded default only: the Node entry turns it on
   * in development without SMTP; a Worker never does, since it may be public).
   */
  localMailbox?: boolean;
  /** Resolves host names for the webhook address check (Node: dns.lookup; default: DNS over HTTPS, src/adapters/webhooks/). */
  resolveHost?: ResolveHost;
  /** Posts a webhook (Node: address-guarded http; default: fetch, src/adapters/webhooks/). Used by the webhook check. */
  postWebhook?: PostWebhook;
  /** In-process bus to this process's runner, when it has one. */
  bus?: Bus;
  /** Nudges the runner holding a phone when it is another process (see services/runners/nudge.ts). */
  nudge?: (phoneId: number) => void;
  /** The billing providers the services pick from by name (`src/adapters/billing/index.ts`): the entry chooses. */
  billing: BillingProviders;
  /** This process's caches, shared with its runner and jobs; the app makes its own when absent. */
  cache?: Caches;
  /** Structured log sink; defaults to one JSON line on stdout. */
  log?: (entry: Record<string, unknown>) => void;
}

/** The dependencies as the app holds them: the adapters an entry left out filled in by `createApp`. */
export type WiredDeps = AppDeps & Required<Pick<AppDeps, 'resolveHost' | 'postWebhook'>>;

export type AppEnv = {
  Variables: {
    requestId: string;
    deps: WiredDeps;
    ctx: ServiceCtx;
    user: UserRow | null;
    sessionToken: string | null;
    /** The live-chat agent signed in to the chat app (set by agentSignedIn on /api/live/...). */
    agent: AgentRow;
    csrfToken: string;
    /** The product a messaging-API token belongs to (set by apiToken on /api/<product id>/...). */
    product: ProductRow;
    /** The parsed request body, kept for the API log. */
    payload: unknown;
    /** The answer's body, when a handler hands it to the API log (saves re-reading the response). */
    responseBody: unknown;
    /** The handler wrote its own API log rows (the MCP endpoint: one per tool call), so the API log adds none. */
    apiLogged: boolean;
  };
};

export type AppContext = Context<AppEnv>;
