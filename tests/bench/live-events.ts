/**
 * The inbox's event stream under load: BENCH_AGENTS agents (default 200) of BENCH_ACCOUNTS accounts
 * (default 20) hold GET /api/live/events open on a served app while simulated customers write
 * BENCH_RATE messages a second (default 100) across the accounts' phones for BENCH_SECONDS (default
 * 60, the issue's minute; pass e.g. BENCH_SECONDS=20 for a quick run). Prints the p50 / p99 / max time
 * from a customer's message to its event on each agent stream of the right account, events lost
 * (must be 0), events on a wrong account's stream (must be 0), and the heap per open stream (server
 * and client share this process, so it is an upper bound for the server).
 * Round robin (issue 42): every other account has auto-assignment on with its agents online
 * (BENCH_AUTO_MAX open per agent, default 10), so each new conversation there is also assigned; the
 * figures are printed for those accounts and for the others (the baseline of the same run);
 * BENCH_AUTO_ASSIGN=off runs it with round robin nowhere (the process's own baseline).
 * Run: npm run bench:live
 */
import { eq } from 'drizzle-orm';
import { agents, liveConversations, livePresence, liveSettings, products } from '../../db/schema';
import { openDb } from '../../db/open';
import { observeDbCall } from '../../src/services/metrics/registry';
import { migrateDb } from '../../db/migrate';
import { createApp } from '../../src/app';
import { parseConfig } from '../../src/config';
import type { SimSession } from '../../src/engines/simulator/session';
import { Bus } from '../../src/services/bus';
import { createPhoneSystem } from '../../src/runner/system';
import { fetchMedia } from '../../src/adapters/media/download';
import { createAgentSession } from '../../src/services/agents/sessions';
import { registerUser } from '../../src/services/auth/users';
import { createCaches } from '../../src/services/cache';
import { addPhone } from '../../src/services/phones/add';
import { getProduct } from '../../src/services/products/products';
import { percentile, serveApp, tempDbUrl } from './support';
import { billingProviders } from '../../src/adapters/billing';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 200);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PER_ACCOUNT = Math.ceil(AGENTS / ACCOUNTS);
const AUTO_MAX = Number(process.env.BENCH_AUTO_MAX ?? 10);
/** Accounts with round robin on: the even ones (none with BENCH_AUTO_ASSIGN=off, for a run without it). */
const autoAssigned = (account: number) => process.env.BENCH_AUTO_ASSIGN !== 'off' && account % 2 === 0;

const config = parseConfig({
  LOG_LEVEL: 'silent',
  DATABASE_URL: tempDbUrl(),
  DEV_PHONE_LIMIT: String(ACCOUNTS * 2),
  PASSWORD_HASH_ITERATIONS: '10000',
});
const db = await openDb(config.DATABASE_URL, undefined, observeDbCall);
await migrateDb(db);
const bus = new Bus();
const cache = createCaches({ bus });
const ctx = { db, config, now: Date.now, bus, cache };
const system = createPhoneSystem({
  fetchMedia,
  db,
  config,
  bus,
  cache,
  runnerId: 'bench',
  simTimings: { connectMs: 1 },
});
await system.runner.start();
const app = createApp({ billing: billingProviders, config, db, bus, cache, assets: { manifest: async () => null } });

/** Each account: a live package with a seat per agent, one linked simulated phone, its agents' session tokens. */
const accounts: { pid: string; phone: number; tokens: string[] }[] = [];
for (let a = 0; a < ACCOUNTS; a++) {
  await registerUser(ctx, { email: `owner${a}@example.com`, password: 'Str0ng#Pass' });
  const known = new Set(accounts.map((x) => x.pid));
  const pid = (await db.select({ id: products.id }).from(products).all()).find((p) => !known.has(p.id))!.id;
  const row = (await db.select({ settings: products.settings }).from(products).where(eq(products.id, pid)).get())!;
  await db
    .update(products)
    .set({ settings: { ...row.settings, agent_limit: PER_ACCOUNT + 1 } })
    .where(eq(products.id, pid));
  const phone = (await addPhone(ctx, (await getProduct(ctx, pid))!, {})).id;
  const tokens: string[] = [];
  for (let i = 0; i < PER_ACCOUNT && a * PER_ACCOUNT + i < AGENTS; i++) {
    const now = Date.now();
    const [agent] = await db
      .insert(agents)
      .values({
        pid,
        email: `agent${i}.${a}@example.com`,
        passwordHash: 'x',
        verified: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .all();
    tokens.push((await createAgentSession(ctx, agent!.id)).token);
    if (autoAssigned(a))
      await db.insert(livePresence).values({ pid, holder: `a:${agent!.id}`, status: 'online', updatedAt: now });
  }
  if (autoAssigned(a))
    await db
      .insert(liveSettings)
      .values({ pid, autoAssign: 'round_robin', maxOpenPerAgent: AUTO_MAX, updatedAt: Date.now() });
  accounts.push({ pid, phone, tokens });
}
const session = (id: number) => system.runner.session(id) as SimSession;
for (let i = 0; i < 200 && accounts.some((a) => session(a.phone)?.current.kind !== 'qr'); i++)
  await new Promise((r) => setTimeout(r, 25));
for (const [a, { phone }] of accounts.entries()) {
  const s = session(phone);
  if (s.current.kind !== 'qr') throw new Error(`phone ${phone} shows no QR`);
  await s.simScan(s.current.qr, `90555${String(a).padStart(7, '0')}`);
}
for (let i = 0; i < 500 && accounts.some((a) => session(a.phone).current.kind !== 'active'); i++)
  await new Promise((r) => setTimeout(r, 10));

const server = await serveApp(app);
const sentAt = new Map<number, { at: number; account: number }>();
/** Latencies on the accounts with round robin on, and on the others. */
const latencies: Record<'on' | 'off', number[]> = { on: [], off: [] };
let wrong = 0;
let delivered = 0;
const stop = new AbortController();

/** One agent's stream: parses SSE frames and measures each bench message's arrival. */
async function follow(account: number, token: string, ready: () => void): Promise<void> {
  const res = await fetch(`${server.url}/api/live/events`, {
    headers: { cookie: `wapi_live_session=${token}` },
    signal: stop.signal,
  });
  if (res.status !== 200) throw new Error(`events: ${res.status} ${await res.text()}`);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const seen = new Set<number>();
  let buf = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += value;
      let end: number;
      while ((end = buf.indexOf('\n\n')) >= 0) {
        const frame = buf.slice(0, end);
        buf = buf.slice(end + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1];
        if (event === 'ready') ready();
        const text = /^data: (.*)$/m.exec(frame)?.[1];
        if (event !== 'message' || !text) continue;
        const m = /bench (\d+)/.exec(JSON.parse(text).message?.text ?? '');
        const sent = m ? sentAt.get(Number(m[1])) : undefined;
        if (!sent || seen.has(Number(m![1]))) continue;
        seen.add(Number(m![1]));
        if (sent.account !== account) wrong++;
        else {
          delivered++;
          latencies[autoAssigned(account) ? 'on' : 'off'].push(performance.now() - sent.at);
        }
      }
    }
  } catch (e) {
    if (!stop.signal.aborted) throw e;
  }
}

(globalThis as { gc?: () => void }).gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const readies: Promise<void>[] = [];
const streams: Promise<void>[] = [];
for (const [a, acc] of accounts.entries()) {
  for (const token of acc.tokens) readies.push(new Promise((ready) => streams.push(follow(a, token, ready))));
}
await Promise.all(readies);
(globalThis as { gc?: () => void }).gc?.();
const perConnection = (process.memoryUsage().heapUsed - heapBefore) / AGENTS;

let seq = 0;
const t0 = performance.now();
while (performance.now() - t0 < SECONDS * 1000) {
  const tick = performance.now();
  for (let i = 0; i < RATE / 10; i++) {
    const account = seq % ACCOUNTS;
    const n = seq++;
    sentAt.set(n, { at: performance.now(), account });
    void session(accounts[account]!.phone).simIncoming(`90532${String(n % 997).padStart(7, '0')}`, `bench ${n}`);
  }
  await new Promise((r) => setTimeout(r, Math.max(0, 100 - (performance.now() - tick))));
}
const expected = [...sentAt.values()].reduce((sum, s) => sum + accounts[s.account]!.tokens.length, 0);
for (let i = 0; i < 100 && delivered < expected; i++) await new Promise((r) => setTimeout(r, 100));
stop.abort();
await Promise.allSettled(streams);

console.log(
  `\nlive events — ${AGENTS} agent streams of ${ACCOUNTS} accounts, ${RATE} messages/s for ${SECONDS} s (${seq} messages), node ${process.version}`,
);
const row = (name: string, l: number[]) => ({
  accounts: name,
  'p50 ms': percentile(l, 50).toFixed(1),
  'p99 ms': percentile(l, 99).toFixed(1),
  'max ms': Math.max(...l).toFixed(1),
  events: l.length,
});
const assigned = await db.$count(liveConversations, eq(liveConversations.state, 'taken'));
console.table(
  [
    row('round robin on', latencies.on),
    row('round robin off (baseline)', latencies.off),
    row('all', [...latencies.on, ...latencies.off]),
  ].filter((r) => r.events > 0),
);
console.table([
  {
    'events expected': expected,
    'events lost': expected - delivered,
    'wrong account': wrong,
    'conversations assigned': assigned,
    'heap KiB / stream': (perConnection / 1024).toFixed(1),
  },
]);
server.close();
await system.runner.stop();
process.exit(expected - delivered === 0 && wrong === 0 ? 0 : 1);
