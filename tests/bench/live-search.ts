/**
 * The inbox search (`searchInbox`: FTS5 over messages and notes, LIKE over contacts) over 1,000,000
 * messages of one account (100 phones × 10,000 messages, 3,000 chats per phone) plus a noise account
 * of 100,000 messages the search must skip, in a temp file database. Baseline in the same run: the
 * API's per-phone LIKE search (`searchMessages`) over one phone's 10,000 messages. Also prints what the
 * FTS triggers cost a single-row message insert (with them, then with them dropped).
 * Each query is timed RUNS times; p50 and p99 over all of them must stay under TARGET_MS (PASS/FAIL, exit 1).
 * Run: npm run bench:search   (BENCH_MESSAGES to change the size)
 */
import { sql } from 'drizzle-orm';
import { migrateDb } from '../../db/migrate';
import { openDb } from '../../db/open';
import { parseConfig } from '../../src/config';
import { registerUser } from '../../src/services/auth/users';
import { createCaches } from '../../src/services/cache';
import { searchInbox } from '../../src/services/inbox/search';
import { searchMessages } from '../../src/services/messages/search';
import { percentile, tempDbUrl } from './support';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const PHONES = 100;
const CHATS = 3000;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const TARGET_MS = 200;
const NOW = Date.UTC(2026, 10, 1);
const int = (n: number) => sql.raw(String(Math.trunc(n)));
// 200 everyday words, and a few rarer ones placed every n-th message.
const WORDS = `hello thanks please order delivery price today tomorrow yes no maybe where when how what which size color
  blue red green black white small large medium shirt shoes bag phone cable charger box package store shop online
  payment card cash transfer bank invoice receipt address street city number code discount offer sale new old return
  exchange broken working fine good great bad late early morning evening night week month year time hour minute
  help support question answer problem issue solved open closed waiting ready sent received paid unpaid cancel
  confirm change update check track status courier driver home office work family friend customer agent manager
  team product item stock available missing extra free cheap expensive quality fast slow quick soon again still
  already never always often sometimes really very much many more less best better worst first last next previous
  big little long short high low full empty hot cold warm cool dry wet clean dirty light dark heavy easy hard simple
  nice kind happy sad angry sorry welcome ok okay sure right wrong true false maybe here there now then later`
  .split(/\s+/)
  .filter(Boolean)
  .slice(0, 200);

const config = parseConfig({ LOG_LEVEL: 'silent', DATABASE_URL: tempDbUrl(), PASSWORD_HASH_ITERATIONS: '10000' });
const db = await openDb(config.DATABASE_URL);
await migrateDb(db);
const ctx = { db, config, now: () => NOW, cache: createCaches({}) };
await db.run(sql`CREATE TEMP TABLE vocab (k INTEGER PRIMARY KEY, w TEXT NOT NULL)`);
for (const [k, w] of WORDS.entries()) await db.run(sql`INSERT INTO vocab VALUES (${k}, ${w})`);

async function seedAccount(email: string, messages: number) {
  await registerUser(ctx, { email, password: 'Str0ng#Pass' });
  const [p] = await db.all<{ id: string }>(
    sql`SELECT p.id FROM products p JOIN users u ON u.id = p.uid WHERE u.email = ${email}`,
  );
  const pid = p!.id;
  for (let i = 0; i < PHONES; i++)
    await db.run(
      sql`INSERT INTO phones (pid, type, engine, number, status, status_at, created_at, updated_at) VALUES (${pid}, 'whatsapp', 'sim', ${`9053${i}`}, 'active', 0, 0, 0)`,
    );
  const [first] = await db.all<{ id: number }>(sql`SELECT min(id) AS id FROM phones WHERE pid = ${pid}`);
  const base = first!.id;
  await db.run(sql`
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${int(PHONES * CHATS - 1)})
    INSERT INTO chats (phone_id, jid, name, type, last_text, last_at)
    SELECT ${int(base)} + i % ${int(PHONES)}, '90530' || (1000000 + i / ${int(PHONES)}) || '@c.us', 'Customer ' || (i / ${int(PHONES)}), 'chat', '', ${int(NOW)} - i
    FROM n`);
  // Message i: phone i % 100, chat (i / 100) % 3000, four words; "refund" in 1 of 1000, "invoice42" in 1 of 100,000.
  await db.run(sql`
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${int(messages - 1)})
    INSERT INTO messages (id, pid, phone_id, direction, chat_id, wa_id, type, body, status, created_at, updated_at)
    SELECT ${pid} || '-' || i, ${pid}, ${int(base)} + i % ${int(PHONES)}, 'in',
      '90530' || (1000000 + (i / ${int(PHONES)}) % ${int(CHATS)}) || '@c.us', 'w' || i, 'text',
      json_object('text', (SELECT w FROM vocab WHERE k = i % 200) || ' ' || (SELECT w FROM vocab WHERE k = (i / 7) % 200) || ' '
        || (SELECT w FROM vocab WHERE k = (i / 49) % 200) || ' ' || (SELECT w FROM vocab WHERE k = (i * 31 + 7) % 197)
        || CASE WHEN i % 1000 = 0 THEN ' refund' ELSE '' END || CASE WHEN i % 100000 = 0 THEN ' invoice42' ELSE '' END),
      'received', ${int(NOW)} - ${int(messages)} * 1000 + i * 1000, 0
    FROM n`);
  return { pid, base };
}

const t0 = performance.now();
const { pid, base } = await seedAccount('bench@example.com', MESSAGES);
await seedAccount('noise@example.com', MESSAGES / 10);
await db.run(sql`ANALYZE`);
console.log(
  `seeded ${MESSAGES} + ${MESSAGES / 10} messages (FTS triggers on) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const actor = { pid, key: 'o:1', email: 'bench@example.com', owner: true };
const queries = [
  'refund',
  'invoice42',
  'hello',
  'hello thanks',
  'deliv',
  'order refund',
  'Customer 12',
  '9053010001',
  'zzzz',
  '"quoted" AND (x*',
];

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
const all: number[] = [];
for (const q of queries) {
  if (process.env.BENCH_TRACE) console.log(q);
  const times = await timed(() => searchInbox(ctx, actor, { q, limit: 20 }));
  all.push(...times);
  const hits = (await searchInbox(ctx, actor, { q, limit: 20 })).length;
  table[`search "${q}"`] = { hits, p50: percentile(times, 50).toFixed(1), p99: percentile(times, 99).toFixed(1) };
}
for (const q of ['refund', 'hello']) {
  const times = await timed(() => searchMessages(ctx, base, q, { limit: 20 }));
  table[`baseline: LIKE "${q}" over one phone (10k)`] = {
    hits: (await searchMessages(ctx, base, q, { limit: 20 })).length,
    p50: percentile(times, 50).toFixed(1),
    p99: percentile(times, 99).toFixed(1),
  };
}

/** Single-row message inserts, one statement each (as the incoming path writes them). */
async function inserts(label: string, n = 5000) {
  const s = performance.now();
  for (let i = 0; i < n; i++)
    await db.run(sql`INSERT INTO messages (id, pid, phone_id, direction, chat_id, wa_id, type, body, status, created_at, updated_at)
      VALUES (${`${label}-${i}`}, ${pid}, ${base}, 'in', '905301000001@c.us', ${`x${label}${i}`}, 'text',
      ${JSON.stringify({ text: `hello ${label} number ${i} please check my order` })}, 'received', ${NOW + i}, 0)`);
  return ((performance.now() - s) / n) * 1000;
}
const withFts = await inserts('fts');
for (const trg of ['messages_fts_insert', 'messages_fts_delete', 'messages_fts_update'])
  await db.run(sql.raw(`DROP TRIGGER ${trg}`));
const without = await inserts('plain');

console.log(`\ninbox search over ${MESSAGES} messages, ms over ${RUNS} runs per query, node ${process.version}`);
console.table(table);
console.log(
  `single-row message insert: ${withFts.toFixed(0)} µs with the FTS trigger, ${without.toFixed(0)} µs without (+${(withFts - without).toFixed(0)} µs)`,
);
const p50 = percentile(all, 50);
const p99 = percentile(all, 99);
const pass = p99 < TARGET_MS;
console.log(
  `all searches: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; budget ${TARGET_MS} ms: ${pass ? 'PASS' : 'FAIL'}`,
);
process.exit(pass ? 0 : 1);
