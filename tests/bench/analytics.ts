/**
 * Analytics over a year of data for 50 phones, next to a plain indexed `SELECT count(*)` over the
 * rows the message figures read (the per-day rollup, one row per conversation and day). Seeds a temp file database with two accounts of 50 phones each (the second is noise the
 * queries must skip): per phone and day 40 messages in 10 conversations, 6 status changes, and a
 * live-chat row per customer. Each figure is the median of 5 runs of the service call, with the
 * slowest of the 5 and the median CPU time beside it. Every name over every range (the whole year included) must answer
 * under TARGET_MS: the last line says PASS or FAIL, and a FAIL exits 1.
 * Run: npm run bench:analytics
 */
import { sql } from 'drizzle-orm';
import { openDb } from '../../db/open';
import { observeDbCall } from '../../src/services/metrics/registry';
import { migrateDb } from '../../db/migrate';
import { parseConfig } from '../../src/config';
import { registerUser } from '../../src/services/auth/users';
import { analytics, analyticsRange } from '../../src/services/analytics/analytics';
import { createCaches } from '../../src/services/cache';
import { ANALYTICS_NAMES } from '../../src/shared/schemas/console/analytics';
import { dayOf } from '../../src/shared/analytics-dates';
import { percentile, tempDbUrl } from './support';

const PHONES = 50;
const DAYS = 365;
const PER_DAY = 40;
const CUSTOMERS = 3000;
const STATUS_PER_DAY = 6;
const RUNS = 5;
const TARGET_MS = 200;
const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);
const NOW = START + DAYS * DAY - 60_000;
/** A whole number written into the SQL: a bound JS number arrives as REAL, and `i / 50` would then keep its fraction. */
const int = (n: number) => sql.raw(String(Math.trunc(n)));

const config = parseConfig({ LOG_LEVEL: 'silent', DATABASE_URL: tempDbUrl(), PASSWORD_HASH_ITERATIONS: '10000' });
const db = await openDb(config.DATABASE_URL, undefined, observeDbCall);
await migrateDb(db);
const ctx = { db, config, now: () => NOW, cache: createCaches({}) };

/** One account: its phones, a year of messages, status changes and live-chat rows, generated inside SQLite. */
async function seedAccount(email: string): Promise<string> {
  await registerUser(ctx, { email, password: 'Str0ng#Pass' });
  const [product] = await db.all<{ id: string }>(
    sql`SELECT p.id FROM products p JOIN users u ON u.id = p.uid WHERE u.email = ${email}`,
  );
  const pid = product!.id;
  for (let p = 0; p < PHONES; p++) {
    await db.run(
      sql`INSERT INTO phones (pid, type, engine, number, status, status_at, created_at, updated_at) VALUES (${pid}, ${p % 10 === 9 ? 'instagram' : 'whatsapp'}, 'sim', ${`90530${pid.slice(0, 4)}${p}`}, 'active', 0, 0, 0)`,
    );
  }
  const [first] = await db.all<{ id: number }>(sql`SELECT min(id) AS id FROM phones WHERE pid = ${pid}`);
  const base = first!.id;
  const total = PHONES * DAYS * PER_DAY;
  // Message i: phone i % 50; its k-th message of the phone falls on day k / 40, every 30 minutes, in
  // one of 10 conversations a day with customers who come back through the year.
  await db.run(sql`
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${int(total - 1)})
    INSERT INTO messages (id, pid, phone_id, direction, chat_id, wa_id, type, body, status, created_at, updated_at)
    SELECT ${pid} || '-' || i, ${pid}, ${int(base)} + i % ${int(PHONES)}, CASE WHEN (i / ${int(PHONES)}) % 2 = 0 THEN 'in' ELSE 'out' END,
      'c' || ((((i / ${int(PHONES)}) / ${int(PER_DAY)}) * 10 + ((i / ${int(PHONES)}) % ${int(PER_DAY)}) / 4) % ${int(CUSTOMERS)}) || '@c.us', 'w' || i, 'text', '{}',
      CASE WHEN (i / ${int(PHONES)}) % 2 = 0 THEN 'received' ELSE 'sent' END,
      ${int(START)} + ((i / ${int(PHONES)}) / ${int(PER_DAY)}) * ${int(DAY)} + ((i / ${int(PHONES)}) % ${int(PER_DAY)}) * 1800000, 0
    FROM n`);
  await db.run(sql`
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${int(PHONES * CUSTOMERS - 1)})
    INSERT INTO live_conversations (phone_id, chat_jid, pid, state, holder, holder_email, taken_at, closed_at, updated_at)
    SELECT ${int(base)} + i % ${int(PHONES)}, 'c' || (i / ${int(PHONES)}) || '@c.us', ${pid},
      CASE WHEN i % 10 = 0 THEN 'waiting' WHEN i % 10 = 1 THEN 'taken' ELSE 'closed' END,
      CASE WHEN i % 10 = 0 THEN '' ELSE 'a:' || (i % 20) END, CASE WHEN i % 10 = 0 THEN '' ELSE 'agent' || (i % 20) || '@example.com' END,
      CASE WHEN i % 10 = 0 THEN NULL ELSE ${int(START)} + (i * 7919 % ${int(DAYS)}) * ${int(DAY)} END,
      CASE WHEN i % 10 < 2 THEN NULL ELSE ${int(START)} + (i * 7919 % ${int(DAYS)}) * ${int(DAY)} + 3600000 END,
      ${int(START)} + (i * 7919 % ${int(DAYS)}) * ${int(DAY)} + 3600000
    FROM n`);
  await db.run(sql`
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${int(PHONES * DAYS * STATUS_PER_DAY - 1)})
    INSERT INTO phone_status_log (phone_id, status, at)
    SELECT ${int(base)} + i % ${int(PHONES)}, CASE (i / ${int(PHONES)}) % 6 WHEN 1 THEN 'idle' WHEN 3 THEN 'qr-screen' WHEN 5 THEN 'phone-error' ELSE 'active' END,
      ${int(START)} + (i / ${int(PHONES)}) * ${int(DAY / STATUS_PER_DAY)}
    FROM n`);
  return pid;
}

const seedStarted = performance.now();
const pid = await seedAccount('bench@example.com');
await seedAccount('noise@example.com');
await db.run(sql`ANALYZE`);
const [{ n: rows } = { n: 0 }] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM messages`);
console.log(
  `seeded ${rows} messages, 2 accounts × ${PHONES} phones × ${DAYS} days in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);

/**
 * The median and the slowest of RUNS calls, and the median CPU time of this process per call: on a
 * shared machine the wall time also counts waiting for a core, the CPU time does not.
 */
async function timed(fn: () => Promise<unknown>): Promise<{ median: number; max: number; cpu: number }> {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { median: percentile(times, 50), max: Math.max(...times), cpu: percentile(cpu, 50) };
}

const ranges = {
  'last 7 days (default)': {},
  'last 30 days': { start_date: dayOf(NOW - 29 * DAY), end_date: dayOf(NOW) },
  'the whole year': { start_date: dayOf(START), end_date: dayOf(NOW) },
};
const table: Record<string, Record<string, string>> = {};
let worst = { ms: 0, name: '', range: '' };
for (const [label, data] of Object.entries(ranges)) {
  const range = analyticsRange(ctx, data);
  // The plain indexed count over the rows the message figures read (the per-day rollup's key).
  const { median: baseline } = await timed(() =>
    db.all(
      sql`SELECT count(*) FROM message_chat_days WHERE pid = ${pid} AND day >= ${range.from / DAY} AND day < ${range.to / DAY}`,
    ),
  );
  const row: Record<string, string> = { 'SELECT count(*) (baseline)': baseline.toFixed(1) };
  for (const name of ANALYTICS_NAMES) {
    const { median: ms, max, cpu } = await timed(() => analytics(ctx, pid, name, data));
    if (ms > worst.ms) worst = { ms, name, range: label };
    row[name] = `${ms.toFixed(1)} (×${(ms / baseline).toFixed(1)}, max ${max.toFixed(0)}, cpu ${cpu.toFixed(0)})`;
  }
  table[label] = row;
}
console.log(
  `\nanalytics, median ms of ${RUNS} runs (× the baseline, slowest run, median CPU ms), node ${process.version}, ${process.platform} ${process.arch}`,
);
console.table(table);
const pass = worst.ms < TARGET_MS;
console.log(
  `slowest median: ${worst.name} over ${worst.range}, ${worst.ms.toFixed(1)} ms; budget ${TARGET_MS} ms for every name and range: ${pass ? 'PASS' : 'FAIL'}`,
);
process.exit(pass ? 0 : 1);
