import { serve } from '@hono/node-server';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { migrateDb } from '../../../db/migrate';
import { openDb } from '../../../db/open';
import { observeDbCall } from '../../../src/services/metrics/registry';
import { engineAuth, phoneStatusLog, phones as phoneRows, products, runners as runnerRows } from '../../../db/schema';
import { createApp } from '../../../src/app';
import { parseConfig } from '../../../src/config';
import { LINK_KEY } from '../../../src/engines/simulator/session';
import { registerUser } from '../../../src/services/auth/users';
import { createCaches } from '../../../src/services/cache';
import { getProduct } from '../../../src/services/products/products';
import { postNudge } from '../../../src/adapters/runners/nudge-post';
import { nudgeHolder } from '../../../src/services/runners/nudge';
import { startDbProxy, type DbProxy } from '../../support/db-proxy';
import { startHranaServer } from '../../support/hrana-server';
import { freePort } from './server';
import { openToken } from '../../../src/services/secrets/product-secrets';
import { billingProviders } from '../../../src/adapters/billing';

const WAKE_SECRET = 'fleet-wake-secret-0123';
/** The runners' /metrics answer with `Authorization: Bearer` this. */
export const METRICS_TOKEN = 'fleet-metrics-token-0123';

/** A runner process of the fleet. */
export interface FleetRunner {
  id: string;
  /** Its HTTP face (/healthz, /readyz, /metrics, /wake). */
  url: string;
  output(): string;
  kill(): Promise<void>;
}

/** One remote libSQL database (the test Hrana server), the API served from this process on it, and runner processes. */
export interface Fleet {
  /** The test's own connection to the database (not through any hop). */
  db: Db;
  apiUrl: string;
  phones: number[];
  /**
   * Starts runner processes at once, each reaching the database through its hop, or directly. They
   * are registered first, so each one's first round claims only its share.
   */
  runners(ids: string[], hops?: DbProxy[]): Promise<FleetRunner[]>;
  /** A hop to the database that the test can cut. */
  hop(): Promise<DbProxy>;
  /** Sends a text through the messaging API; answers the accepted message's id. */
  send(phone: number, to: string, text: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Sets up the database with one account and `phoneCount` simulated phones, each already linked
 * (its stored link, as after a restart: the session comes up active without a scan).
 */
export async function startFleet(phoneCount: number, leaseMs: number): Promise<Fleet> {
  const hrana = await startHranaServer({
    url: `file:${join(mkdtempSync(join(tmpdir(), 'wapi-fleet-')), 'fleet.db')}`,
    streamIdleMs: 30_000,
  });
  const hops: DbProxy[] = [];
  const hop = async () => {
    const h = await startDbProxy(hrana.url);
    hops.push(h);
    return h;
  };
  const env = {
    LOG_LEVEL: 'warn',
    DEV_PHONE_LIMIT: String(phoneCount),
    RUNNER_LEASE_MS: String(leaseMs),
    WAKE_SECRET,
    METRICS_TOKEN,
    RUN_PHONES: 'false',
  };
  const config = parseConfig({ ...env, LOG_LEVEL: 'silent', DATABASE_URL: hrana.url });
  const apiDb = await openDb(hrana.url, undefined, observeDbCall);
  await migrateDb(apiDb);
  const cache = createCaches();
  const ctx = { db: apiDb, config, now: Date.now, cache };
  await registerUser(ctx, { email: 'fleet@example.com', password: 'Str0ng#Pass' });
  const pid = (await apiDb.select({ id: products.id }).from(products).get())!.id;
  const product = (await getProduct(ctx, pid))!;
  // Rows as addPhone writes them, in one round trip each (the test database serves one request at a time).
  const now = Date.now();
  const added = await apiDb
    .insert(phoneRows)
    .values(
      Array.from({ length: phoneCount }, () => ({
        pid,
        engine: config.engine,
        number: null,
        sandbox: false,
        status: 'creating...' as const,
        statusAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: phoneRows.id });
  const phones = added.map((r) => r.id).sort((a, b) => a - b);
  await apiDb
    .insert(phoneStatusLog)
    .values(phones.map((phoneId) => ({ phoneId, status: 'creating...' as const, at: now })));
  const links = phones.map((phoneId, i) => {
    const number = `90555${String(i).padStart(7, '0')}`;
    return { phoneId, key: LINK_KEY, value: JSON.stringify({ number, name: `Sim ${number.slice(-4)}` }) };
  });
  await apiDb.insert(engineAuth).values(links);
  const app = createApp({
    billing: billingProviders,
    config,
    db: apiDb,
    cache,
    assets: { manifest: async () => null },
    nudge: (phoneId) => void nudgeHolder(ctx, phoneId, postNudge),
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const running: FleetRunner[] = [];
  const headers = { 'x-api-key': await openToken(ctx, product), 'content-type': 'application/json' };
  return {
    db: await openDb(hrana.url, undefined, observeDbCall),
    apiUrl,
    phones,
    hop,
    async runners(ids, through = []) {
      const now = Date.now();
      await apiDb
        .insert(runnerRows)
        .values(ids.map((id) => ({ id, host: 'test', pid: 0, startedAt: now, heartbeatAt: now + 60_000 })))
        .onConflictDoNothing();
      const started = await Promise.all(
        ids.map(async (id, i) => spawnRunner(id, { ...env, DATABASE_URL: (through[i] ?? hrana).url })),
      );
      running.push(...started);
      return started;
    },
    async send(phone, to, text) {
      const res = await fetch(`${apiUrl}/api/${pid}/${phone}/sendMessage`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to_number: to, type: 'text', message: text }),
      });
      const body = (await res.json()) as { data?: { msgId?: string } };
      if (res.status !== 200 || !body.data?.msgId)
        throw new Error(`sendMessage: ${res.status} ${JSON.stringify(body)}`);
      return body.data.msgId;
    },
    async close() {
      await Promise.all(running.map((r) => r.kill()));
      server.close();
      for (const h of hops) await h.close();
      await hrana.close();
    },
  };
}

/** Starts src/phone-runner.ts with its HTTP face on a free port; resolves once its first round of leases is done. */
async function spawnRunner(id: string, env: Record<string, string>): Promise<FleetRunner> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/phone-runner.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      ...env,
      RUNNER_ID: id,
      RUNNER_PORT: String(port),
      HOST: '127.0.0.1',
      RUNNER_ADDRESS: url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  // Its first round starts every session it claims: over the test database that takes a while.
  const end = Date.now() + 90_000;
  while (!out.includes('is running')) {
    if (child.exitCode !== null || Date.now() > end) {
      await kill();
      throw new Error(`runner ${id} did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { id, url, output: () => out, kill };
}

/** Rows of a raw query on the test's connection. */
export function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return db.all<T>(query);
}

/** Leases held and ready, by runner id. */
export async function readyHolders(db: Db): Promise<Record<string, number>> {
  const held = await rows<{ runner_id: string; n: number }>(
    db,
    sql`select runner_id, count(*) as n from phone_leases where lease_until > ${Date.now()} and ready_at is not null group by runner_id`,
  );
  return Object.fromEntries(held.map((r) => [r.runner_id, Number(r.n)]));
}
