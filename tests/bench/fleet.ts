/**
 * Messages per second through simulated phones with 1, 2 and 3 runner processes on one remote
 * libSQL database (the test Hrana server), and database round trips per accepted and per sent
 * message: the API's requests counted on its own hop to the database, the runners' on theirs.
 * The runners' traffic is also measured standing still (leases, polls, job queues), and what a sent
 * message costs beyond it printed: the cost that grows with traffic.
 * Run: npm run bench:fleet   (BENCH_PHONES, BENCH_MESSAGES, BENCH_RUNNERS="1,2,3"; BENCH_TRACE=1 lists the statements;
 * ban protection is on, as it is by default, with budgets the run never reaches: every message opens a chat,
 * so the claim counts both budgets for each; BENCH_PROTECTION=0 turns it off)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrateDb } from '../../db/migrate';
import { openDb } from '../../db/open';
import { observeDbCall } from '../../src/services/metrics/registry';
import { phoneProtection, products } from '../../db/schema';
import { createApp } from '../../src/app';
import { parseConfig } from '../../src/config';
import { registerUser } from '../../src/services/auth/users';
import { createCaches } from '../../src/services/cache';
import { addPhone } from '../../src/services/phones/add';
import { getProduct } from '../../src/services/products/products';
import { postNudge } from '../../src/adapters/runners/nudge-post';
import { nudgeHolder } from '../../src/services/runners/nudge';
import { startDbProxy } from '../support/db-proxy';
import { spawnHranaServer } from '../support/hrana-process';
import { serveApp } from './support';
import { openToken } from '../../src/services/secrets/product-secrets';
import { billingProviders } from '../../src/adapters/billing';

const PHONES = Number(process.env.BENCH_PHONES ?? 30);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const IDLE_MS = 5_000;
const FLEETS = (process.env.BENCH_RUNNERS ?? '1,2,3').split(',').map(Number);
const CONCURRENCY = 20;
/** The default lease (RUNNER_LEASE_MS): its renewals are part of each runner's standing traffic. */
const LEASE_MS = 15_000;
const WAKE_SECRET = 'bench-wake-secret-0123';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function until<T>(what: string, fn: () => Promise<T | null | false>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dir = mkdtempSync(join(tmpdir(), 'wapi-fleet-'));
// The database server in a process of its own, as on its own machine in a fleet.
const hrana = await spawnHranaServer(`file:${join(dir, 'fleet.db')}`);
const TRACE = process.env.BENCH_TRACE === '1';
const apiHop = await startDbProxy(hrana.url, { trace: TRACE });
// The simulated network's own statements (its wire, the look-up of a recipient among our phones): a
// real fleet's WhatsApp servers cost no database round trip. Round trips that carried nothing else count apart.
const SIMULATOR = /sim_wire|^select \\"id\\" from \\"phones\\" where \(\\"phones\\".\\"engine\\"/;
const runnerHop = await startDbProxy(hrana.url, { trace: TRACE, alone: SIMULATOR });
const env = {
  LOG_LEVEL: 'silent',
  DEV_PHONE_LIMIT: String(PHONES),
  RUNNER_LEASE_MS: String(LEASE_MS),
  WAKE_SECRET,
  RUN_PHONES: 'false',
};
const config = parseConfig({ ...env, DATABASE_URL: apiHop.url });
const db = await openDb(apiHop.url, undefined, observeDbCall);
await migrateDb(db);
const cache = createCaches();
const ctx = { db, config, now: Date.now, cache };
await registerUser(ctx, { email: 'fleet@example.com', password: 'Str0ng#Pass' });
const pid = (await db.select({ id: products.id }).from(products).get())!.id;
const product = (await getProduct(ctx, pid))!;
const ids: number[] = [];
for (let i = 0; i < PHONES; i++) ids.push((await addPhone(ctx, product, {})).id);
const protectionOn = process.env.BENCH_PROTECTION !== '0';
for (const id of ids)
  await db
    .update(phoneProtection)
    .set(
      protectionOn
        ? { rampStart: 1_000_000, rampStep: 0, rampMax: 1_000_000, unansweredLimit: 1_000_000, updatedAt: Date.now() }
        : { enabled: false, updatedAt: Date.now() },
    )
    .where(eq(phoneProtection.phoneId, id));
const app = createApp({
  billing: billingProviders,
  config,
  db,
  cache,
  assets: { manifest: async () => null },
  nudge: (phoneId) => void nudgeHolder(ctx, phoneId, postNudge),
});
const api = await serveApp(app);
const headers = { 'x-api-key': await openToken(ctx, product), 'content-type': 'application/json' };

async function startRunner(id: string): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/phone-runner.ts'], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'development',
      DATABASE_URL: runnerHop.url,
      RUNNER_ID: id,
      RUNNER_PORT: String(port),
      HOST: '127.0.0.1',
      RUNNER_ADDRESS: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  await until(`runner ${id}`, async () => out.includes('is running'));
  return child;
}

const stop = (c: ChildProcess) =>
  new Promise<void>((resolve) =>
    c.exitCode !== null ? resolve() : (c.once('exit', () => resolve()), c.kill('SIGTERM')),
  );
const count = async (status: string) =>
  Number(
    (
      await db.all<{ n: number }>(
        sql`select count(*) as n from messages where direction = 'out' and status = ${status}`,
      )
    )[0]!.n,
  );
const activeCount = async () =>
  Number((await db.all<{ n: number }>(sql`select count(*) as n from phones where status = 'active'`))[0]!.n);

// A failing run must not leave runner processes behind.
process.on('exit', () => fleet.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

// Link every phone once (their credentials are rows: later fleets bring them back without a scan).
let fleet: ChildProcess[] = [];
fleet = [await startRunner('r1')];
for (const [i, id] of ids.entries()) {
  // The API reads the QR through its phone cache (2 s): a QR that has just rotated is scanned again.
  await until(`phone ${id} scanned`, async () => {
    const qr = ((await (await fetch(`${api.url}/api/${pid}/${id}/qrData`, { headers })).json()) as { qrData?: string })
      .qrData;
    if (!qr) return false;
    const res = await fetch(`${api.url}/api/sim/scan`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ qr, number: `90555${String(i).padStart(7, '0')}` }),
    });
    return res.status === 200;
  });
}
await until('every phone active', async () => (await activeCount()) === PHONES);
await Promise.all(fleet.map(stop));

const rows: Record<string, string | number>[] = [];
let seq = 0;
for (const n of FLEETS) {
  fleet = [];
  for (let i = 1; i <= n; i++) fleet.push(await startRunner(`r${i}`));
  await until(`${n} runners to split and start the phones`, async () => {
    const held = await db.all<{ n: number }>(
      sql`select count(*) as n from phone_leases where lease_until > ${Date.now()} and ready_at is not null group by runner_id`,
    );
    return (
      held.length === n && held.reduce((a, r) => a + Number(r.n), 0) === PHONES && (await activeCount()) === PHONES
    );
  });
  const sentBefore = await count('sent');
  const failedBefore = await count('failed');
  // The runners' own traffic without messages (leases, polls, job queues): what each costs standing still.
  runnerHop.reset();
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idlePerSec = runnerHop.requests / (IDLE_MS / 1000);
  if (TRACE)
    for (const [q, k] of runnerHop.statements().slice(0, 25))
      console.log(`  idle ${(k / (IDLE_MS / 1000)).toFixed(2)}/s  ${q}`);
  apiHop.reset();
  runnerHop.reset();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < MESSAGES) {
        const k = next++;
        const phone = ids[k % ids.length]!;
        // Numbers end in 1: the simulator answers "not on WhatsApp" for numbers ending in 0.
        const res = await fetch(`${api.url}/api/${pid}/${phone}/sendMessage`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            to_number: `919000${String(seq++).padStart(5, '0')}1`,
            type: 'text',
            message: `m${k}`,
          }),
        });
        if (res.status !== 200) throw new Error(`send: ${res.status} ${await res.text()}`);
      }
    }),
  );
  const acceptedMs = performance.now() - t0;
  const apiTrips = apiHop.requests;
  await until(
    'every message settled',
    async () => (await count('sent')) - sentBefore + (await count('failed')) - failedBefore >= MESSAGES,
    120_000,
  );
  const ms = performance.now() - t0;
  rows.push({
    runners: n,
    phones: PHONES,
    messages: MESSAGES,
    'accepted/s': Math.round(MESSAGES / (acceptedMs / 1000)),
    'sent/s (end to end)': Math.round(MESSAGES / (ms / 1000)),
    failed: (await count('failed')) - failedBefore,
    'db round trips per accepted': +(apiTrips / MESSAGES).toFixed(2),
    'db round trips per sent (runners)': +(runnerHop.requests / MESSAGES).toFixed(2),
    'of which the simulator alone': +(runnerHop.aloneRequests / MESSAGES).toFixed(2),
    'end to end': +((apiTrips + runnerHop.requests) / MESSAGES).toFixed(2),
    'idle round trips/s (all runners)': +idlePerSec.toFixed(1),
    'per sent, beyond idle': +((runnerHop.requests - (idlePerSec * ms) / 1000) / MESSAGES).toFixed(2),
  });
  console.log(JSON.stringify(rows.at(-1)));
  if (TRACE)
    for (const [hop, p] of [
      ['api', apiHop],
      ['runners', runnerHop],
    ] as const)
      for (const [q, k] of p.statements().slice(0, 25)) console.log(`  ${hop} ${(k / MESSAGES).toFixed(2)}  ${q}`);
  await Promise.all(fleet.map(stop));
}
console.log(
  `\nFleet on one remote libSQL (test Hrana server)${protectionOn ? ', ban protection on' : ', ban protection off'}, node ${process.version}, ${process.platform} ${process.arch}; lease ${LEASE_MS} ms, ${CONCURRENCY} concurrent senders`,
);
console.table(rows);
api.close();
await apiHop.close();
await runnerHop.close();
await hrana.close();
process.exit(0);
