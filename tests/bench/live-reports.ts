/**
 * The team reports (`liveReports`) over a year of threads: 200,000 threads of one account (20 agents
 * and the owner) plus 50,000 of a noise account, in a temp file database, seeded with raw INSERTs (the
 * triggers of migration 0029 fill the reports' rollup as they go). Baseline in the same run: a plain
 * indexed `SELECT count(*)` of the range's closed threads (the (pid, closed_at) index; reports read the
 * rollup, so (pid, created_at) has none). Each range is timed RUNS times; the year's p99 must stay under
 * TARGET_MS (PASS/FAIL, exit 1).
 * Run: npm run bench:reports   (BENCH_THREADS to change the size)
 */
import { sql } from 'drizzle-orm';
import { migrateDb } from '../../db/migrate';
import { openDb } from '../../db/open';
import { parseConfig } from '../../src/config';
import { registerUser } from '../../src/services/auth/users';
import { createCaches } from '../../src/services/cache';
import { liveReports } from '../../src/services/inbox/reports';
import { dayOf } from '../../src/shared/analytics-dates';
import { percentile, tempDbUrl } from './support';

const THREADS = Number(process.env.BENCH_THREADS ?? 200_000);
const AGENTS = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TARGET_MS = 200;
const DAY = 86_400_000;
const START = Date.UTC(2025, 11, 1);
const NOW = START + 365 * DAY - 60_000;
const int = (n: number) => sql.raw(String(Math.trunc(n)));

const config = parseConfig({ LOG_LEVEL: 'silent', DATABASE_URL: tempDbUrl(), PASSWORD_HASH_ITERATIONS: '10000' });
const db = await openDb(config.DATABASE_URL);
await migrateDb(db);
const ctx = { db, config, now: () => NOW, cache: createCaches({}) };

async function seedAccount(email: string, threads: number) {
  await registerUser(ctx, { email, password: 'Str0ng#Pass' });
  const [p] = await db.all<{ id: string; uid: number }>(
    sql`SELECT p.id, p.uid FROM products p JOIN users u ON u.id = p.uid WHERE u.email = ${email}`,
  );
  const pid = p!.id;
  await db.run(
    sql`INSERT INTO phones (pid, type, engine, number, status, status_at, created_at, updated_at) VALUES (${pid}, 'whatsapp', 'sim', ${`9053${email.length}`}, 'active', 0, 0, 0)`,
  );
  const [phone] = await db.all<{ id: number }>(sql`SELECT id FROM phones WHERE pid = ${pid}`);
  for (let a = 0; a < AGENTS; a++)
    await db.run(sql`INSERT INTO agents (pid, email, name, surname, password_hash, verified, created_at, updated_at)
      VALUES (${pid}, ${`agent${a}.${email}`}, ${`Agent${a}`}, 'Bench', 'x', 1, 0, 0)`);
  const [first] = await db.all<{ id: number }>(sql`SELECT min(id) AS id FROM agents WHERE pid = ${pid}`);
  const a0 = first!.id;
  // Thread i: opened through the year; 90% answered in i % 900 s, 80% closed after i % 20000 s; 1 in 5 rated.
  await db.run(sql`
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${int(threads - 1)})
    INSERT INTO live_threads (pid, phone_id, chat_jid, created_at, first_response_at, first_responder, closed_at, closer, participants, csat_rating)
    SELECT ${pid}, ${int(phone!.id)}, 'c' || (i % 5000) || '@c.us', ${int(START)} + i * ${int((365 * DAY) / threads)},
      CASE WHEN i % 10 = 0 THEN NULL ELSE ${int(START)} + i * ${int((365 * DAY) / threads)} + (i % 900) * 1000 END,
      CASE WHEN i % 10 = 0 THEN NULL ELSE 'a:' || (${int(a0)} + i % ${int(AGENTS)}) END,
      CASE WHEN i % 5 = 0 THEN NULL ELSE ${int(START)} + i * ${int((365 * DAY) / threads)} + (i % 20000) * 1000 END,
      CASE WHEN i % 5 = 0 THEN NULL WHEN i % 7 = 0 THEN 'o:' || ${int(p!.uid)} ELSE 'a:' || (${int(a0)} + (i / 3) % ${int(AGENTS)}) END,
      json_array('a:' || (${int(a0)} + i % ${int(AGENTS)}), 'a:' || (${int(a0)} + (i / 3) % ${int(AGENTS)})),
      CASE WHEN i % 5 = 1 THEN 1 + i % 5 END
    FROM n`);
  return pid;
}

const t0 = performance.now();
const pid = await seedAccount('bench@example.com', THREADS);
await seedAccount('noise@example.com', THREADS / 4);
await db.run(sql`ANALYZE`);
console.log(`seeded ${THREADS} + ${THREADS / 4} threads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const actor = { pid, key: 'o:1', email: 'bench@example.com', owner: true };
const ranges = {
  'last 7 days': {},
  'last 30 days': { from: dayOf(NOW - 29 * DAY), to: dayOf(NOW) },
  'the whole year': { from: dayOf(NOW - 364 * DAY), to: dayOf(NOW) },
};
async function timed(fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await fn();
    times.push(performance.now() - s);
  }
  return times;
}
const table: Record<string, Record<string, string | number>> = {};
let yearP99 = 0;
for (const [label, input] of Object.entries(ranges)) {
  const from = 'from' in input ? Date.parse(`${input.from}T00:00:00Z`) : NOW - 7 * DAY;
  const base = await timed(() =>
    db.all(sql`SELECT count(*) FROM live_threads WHERE pid = ${pid} AND closed_at >= ${from} AND closed_at < ${NOW}`),
  );
  const times = await timed(() => liveReports(ctx, actor, input));
  const r = await liveReports(ctx, actor, input);
  if (label === 'the whole year') yearP99 = percentile(times, 99);
  table[label] = {
    conversations: r.conversations,
    'baseline count(*) p50': percentile(base, 50).toFixed(1),
    'reports p50': percentile(times, 50).toFixed(1),
    'reports p99': percentile(times, 99).toFixed(1),
  };
}
console.log(`\nlive reports, ms over ${RUNS} runs, node ${process.version}`);
console.table(table);
const pass = yearP99 < TARGET_MS;
console.log(`the whole year: p99 ${yearP99.toFixed(1)} ms; budget ${TARGET_MS} ms: ${pass ? 'PASS' : 'FAIL'}`);
process.exit(pass ? 0 : 1);
