/**
 * The back-office's table pages over 100,000 users. Seeds a temp file database inside SQLite (one
 * INSERT … SELECT per table): users with their products, paid and trial subscriptions, phones,
 * agents, footprint events (checkout starts, successes, closes, declines, feedback) and failed
 * checkouts; then times each page call as an admin through the app: cold (first call), and the
 * median and worst of 5 more. Pages whose route is not there yet are skipped with a note.
 * Run: npm run bench:staff   (BENCH_USERS=… for another size)
 */
import { sql } from 'drizzle-orm';
import { openDb } from '../../db/open';
import { observeDbCall } from '../../src/services/metrics/registry';
import { migrateDb } from '../../db/migrate';
import { createApp } from '../../src/app';
import { parseConfig } from '../../src/config';
import { Bus } from '../../src/services/bus';
import { createCaches } from '../../src/services/cache';
import { grantStaff } from '../../src/services/staff/grant';
import { Agent, STRONG } from '../support/agent';
import type { TestApp } from '../support/test-app';
import { percentile, tempDbUrl } from './support';
import { billingProviders } from '../../src/adapters/billing';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = 5;
const TARGET_MS = 300;
const DAY = 86_400_000;
const NOW = Date.now();

const config = parseConfig({ LOG_LEVEL: 'silent', DATABASE_URL: tempDbUrl(), PASSWORD_HASH_ITERATIONS: '10000' });
const db = await openDb(config.DATABASE_URL, undefined, observeDbCall);
await migrateDb(db);
const bus = new Bus();
const cache = createCaches({ bus });

/** Rows 0…n-1 of a table, generated inside SQLite. */
const series = (n: number) =>
  sql.raw(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${n - 1})`);

const t0 = performance.now();
await db.run(sql`${series(USERS)}
  INSERT INTO users (id, email, role, extra, created_at, updated_at, last_login_at)
  SELECT i + 1, 'user' || i || '@bench.example', 'customer', '{}', ${NOW} - (${USERS} - i) * 600000, ${NOW}, ${NOW} - (i % 90) * ${DAY} FROM n`);
await db.run(sql`
  INSERT INTO products (id, uid, product_type, api_token, settings, trial, created_at)
  SELECT 'p' || id, id, 'wapi', 'tok' || id, json_object('subscription_package', CASE WHEN id % 5 = 0 THEN 'api' END, 'phone_limit', 1), CASE WHEN id % 3 = 0 THEN 1 END, created_at FROM users`);
await db.run(sql`
  INSERT INTO subscriptions (id, pid, uid, provider, plan_id, status, quantity, unit_price, currency, period_start, next_bill_date, email, trial_type, event_at, created_at, updated_at)
  SELECT 'sub' || id, 'p' || id, id, 'sandbox', CASE WHEN id % 5 = 0 THEN '569723' ELSE 'wapi-trial-api' END,
    CASE WHEN id % 5 = 0 THEN 'active' WHEN id % 6 = 0 THEN 'active' ELSE 'deleted' END, 1, CASE WHEN id % 5 = 0 THEN 2990 ELSE 0 END, 'USD',
    created_at + ${DAY}, created_at + 31 * ${DAY}, email, CASE WHEN id % 5 = 0 THEN NULL ELSE 'wapi-trial-api' END, created_at, created_at, created_at
  FROM users WHERE id % 5 = 0 OR id % 3 = 0`);
await db.run(sql`
  INSERT INTO phones (pid, type, engine, number, status, status_at, created_at, updated_at)
  SELECT 'p' || id, CASE WHEN id % 40 = 0 THEN 'instagram' ELSE 'whatsapp' END, 'sim', '90530' || (1000000 + id), CASE WHEN id % 8 = 0 THEN 'idle' ELSE 'active' END, created_at, created_at, created_at
  FROM users WHERE id % 4 = 0`);
await db.run(
  sql`INSERT INTO agents (pid, email, password_hash, created_at, updated_at) SELECT 'p' || id, 'agent' || id || '@bench.example', 'x', created_at, created_at FROM users WHERE id % 10 = 0`,
);
const reasons = sql.raw(
  `CASE id % 4 WHEN 0 THEN 'expensive' WHEN 1 THEN 'needs' WHEN 2 THEN 'technical' ELSE 'later' END`,
);
await db.run(sql`
  INSERT INTO footprints (uid, category, label, extra, at)
  SELECT id, 'checkout-start', '569723', json_object('checkout_id', 'chk' || id), created_at + 3600000 FROM users WHERE id % 2 = 0
  UNION ALL SELECT id, 'checkout-success', '569723', '{}', created_at + 3700000 FROM users WHERE id % 5 = 0
  UNION ALL SELECT id, 'checkout-close', '569723', '{}', created_at + 3650000 FROM users WHERE id % 6 = 0
  UNION ALL SELECT id, 'payment-declined', '569723', json_object('checkout_id', 'chk' || id, 'amount', 2990), created_at + 3660000 FROM users WHERE id % 7 = 0
  UNION ALL SELECT id, 'feedback', ${reasons}, json_object('subscription_id', 'sub' || id, 'text', 'The reason in the user''s own words'), created_at + 40 * ${DAY} FROM users WHERE id % 10 = 0
  ORDER BY 5`);
await db.run(sql`
  INSERT INTO checkouts (id, pid, uid, provider, plan_id, quantity, amount, email, status, created_at, updated_at)
  SELECT 'chk' || id, 'p' || id, id, 'sandbox', '569723', 1, 2990, email, CASE WHEN id % 7 = 0 THEN 'declined' WHEN id % 5 = 0 THEN 'paid' WHEN id % 6 = 0 THEN 'closed' ELSE 'open' END, created_at + 3600000, created_at + 3600000
  FROM users WHERE id % 2 = 0`);
await db.run(sql`ANALYZE`);
const counts = await db.all<{ t: string; n: number }>(sql`
  SELECT 'users' t, count(*) n FROM users UNION ALL SELECT 'footprints', count(*) FROM footprints UNION ALL SELECT 'phones', count(*) FROM phones
  UNION ALL SELECT 'subscriptions', count(*) FROM subscriptions UNION ALL SELECT 'checkouts', count(*) FROM checkouts`);
console.log(
  `\nseeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${counts.map((c) => `${c.n} ${c.t}`).join(', ')}`,
);

const app = createApp({ billing: billingProviders, config, db, bus, cache, assets: { manifest: async () => null } });
const admin = new Agent({ app } as TestApp);
const reg = await admin.postJson('/api/auth/register', { email: 'boss@bench.example', password: STRONG });
if (reg.status !== 200) throw new Error(`register: ${reg.status} ${await reg.text()}`);
await grantStaff({ db, config, now: Date.now, cache }, null, 'boss@bench.example', 'admin');

type Call = { name: string; run: () => Promise<Response> };
const A = '/api/wapi/admin';
const post = (path: string, body: unknown) => () => admin.postJson(`${A}/${path}`, body);
const calls: Call[] = [
  { name: 'footprint page 1', run: post('footprint', { page: 1, limit: 50, filter: {} }) },
  { name: 'footprint page 1000', run: post('footprint', { page: 1000, limit: 50, filter: {} }) },
  { name: 'footprint e-mail filter', run: post('footprint', { page: 1, limit: 50, filter: { email: 'user4242' } }) },
  { name: 'feedback page 1', run: post('feedback', { page: 1, limit: 50, filter: {} }) },
  { name: 'feedback page 100', run: post('feedback', { page: 100, limit: 50, filter: {} }) },
  {
    name: 'feedback reason + e-mail',
    run: post('feedback', { page: 1, limit: 50, filter: { reason: 'expensive', email: 'user9' } }),
  },
  { name: 'suspectedOpens page 1', run: () => admin.get(`${A}/suspectedOpens?page=1&limit=50`) },
  { name: 'phoneList', run: () => admin.get(`${A}/phoneList`) },
  { name: 'abandoned-cart page 1', run: post('abandoned-cart', { page: 1, limit: 50, filter: {} }) },
];

async function timed(c: Call): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const res = await c.run();
  await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status };
}

const rows: Record<string, string | number>[] = [];
for (const c of calls) {
  const cold = await timed(c);
  if (cold.status === 404) {
    console.log(`${c.name}: skipped, the route is not there yet`);
    continue;
  }
  if (cold.status !== 200) throw new Error(`${c.name}: ${cold.status}`);
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) warm.push((await timed(c)).ms);
  const median = percentile(warm, 50);
  rows.push({
    call: c.name,
    'cold ms': cold.ms.toFixed(1),
    'median ms': median.toFixed(1),
    'max ms': Math.max(...warm).toFixed(1),
    [`< ${TARGET_MS} ms`]: Math.max(cold.ms, ...warm) < TARGET_MS ? 'yes' : 'NO',
  });
}
console.log(
  `\nback-office pages over ${USERS} users — ${RUNS} warm runs each, node ${process.version}, ${process.platform} ${process.arch}`,
);
console.table(rows);
process.exit(0);
