/**
 * One official number (engine `cloud`) draining its queue at Meta's throughput tier (issue 41), against
 * a fake Graph API on loopback that answers each send after 150 ms and enforces the tier with 130429.
 * The fake runs in a process of its own (Meta is another machine): the sender's event-loop stalls do not
 * bunch its arrivals, and it answers its counters over a second loopback port.
 * Messages are accepted through the messaging API (a real node:http server of the app) across many
 * chats while the sender is held, then released: the drain rate is measured at the fake (first to last arrival). Printed beside it in the
 * same run: the tier, the target (0.9 of it) and the one-in-flight baseline (sends one after another
 * to the same fake, as the sender did before). The fake counts every message by its text: none twice.
 * STANDARD first; then Meta's phone_number_quality_update webhook moves the number to HIGH.
 * Run: npm run bench:cloud (BENCH_STANDARD_N, BENCH_HIGH_N: messages of each phase).
 */
import { openDb } from '../../db/open';
import { migrateDb } from '../../db/migrate';
import { createApp } from '../../src/app';
import { parseConfig } from '../../src/config';
import { graph as graphCall } from '../../src/engines/cloud/graph';
import { Bus } from '../../src/services/bus';
import { createPhoneSystem } from '../../src/runner/system';
import { fetchMedia } from '../../src/adapters/media/download';
import { registerUser } from '../../src/services/auth/users';
import { createCaches } from '../../src/services/cache';
import { storeCloudDelivery } from '../../src/services/cloud/inbox';
import { getProduct } from '../../src/services/products/products';
import { openToken } from '../../src/services/secrets/product-secrets';
import { billingProviders } from '../../src/adapters/billing';
import { FAKE_PHONE_NUMBER_ID, FAKE_TIER_RATES, FAKE_TOKEN, FAKE_WABA_ID } from '../support/fake-graph';
import { spawnFakeGraph } from '../support/fake-graph-process';
import { serveApp, tempDbUrl } from './support';

const LATENCY_MS = 150;
const PHASES = [
  { tier: 'STANDARD' as const, n: Number(process.env.BENCH_STANDARD_N ?? 3_000), target: 72 },
  { tier: 'HIGH' as const, n: Number(process.env.BENCH_HIGH_N ?? 10_000), target: 500 },
];
const CHATS = 2_000;
const ACCEPTERS = 32;

const fake = await spawnFakeGraph({
  throughput: 'STANDARD',
  enforceTier: true,
  latencyMs: LATENCY_MS,
});
const config = parseConfig({
  LOG_LEVEL: 'silent',
  DATABASE_URL: tempDbUrl(),
  DEV_PHONE_LIMIT: '10',
  WHATSAPP_CLOUD_API_URL: fake.url,
  SECRETS_KEY: 'bench-secrets-key-0123456789abcdef-0123',
});
let trips = 0;
const db = await openDb(config.DATABASE_URL, undefined, () => void trips++);
await migrateDb(db);
const bus = new Bus();
const cache = createCaches({ bus });
const ctx = { db, config, now: Date.now, bus, cache };
const system = createPhoneSystem({ fetchMedia, db, config, bus, cache, runnerId: 'bench' });
await system.runner.start();
const app = createApp({ billing: billingProviders, config, db, bus, cache, assets: { manifest: async () => null } });
await registerUser(ctx, { email: 'bench@example.com', password: 'Str0ng#Pass' });
const product = (await getProduct(ctx, (await db.query.products.findFirst())!.id))!;
const api = await serveApp(app);
const headers = { 'content-type': 'application/json', 'x-api-key': await openToken(ctx, product) };
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${api.url}/api/${product.id}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
};
const added = await post('/addPhone', {
  engine: 'cloud',
  phone_number_id: FAKE_PHONE_NUMBER_ID,
  waba_id: FAKE_WABA_ID,
  access_token: FAKE_TOKEN,
});
const phoneId = Number(added.id);
const until = async (what: string, ok: () => boolean | Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
await until('the number to host', () => Boolean(system.runner.session(phoneId)?.sendRate), 30_000);

/** The old way: one send at a time to the same fake (each waits for Meta's answer). */
async function oneInFlight(count: number): Promise<number> {
  const o = { apiUrl: fake.url, version: 'v21.0' };
  const t0 = performance.now();
  for (let i = 0; i < count; i++)
    await graphCall(o, FAKE_TOKEN, `${FAKE_PHONE_NUMBER_ID}/messages`, {
      json: { messaging_product: 'whatsapp', to: '15559999999', type: 'text', text: { body: `baseline ${i}` } },
    });
  return count / ((performance.now() - t0) / 1000);
}

let seq = 0;
const rows: Record<string, string | number>[] = [];
for (const phase of PHASES) {
  if ((await fake.counters()).throughput !== phase.tier) {
    // Meta moves the number to the tier and says so with its webhook: the session reads the tier again.
    await fake.setThroughput(phase.tier);
    await storeCloudDelivery(ctx, {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: FAKE_WABA_ID,
          changes: [{ field: 'phone_number_quality_update', value: { display_phone_number: '15550102030' } }],
        },
      ],
    });
    await until(
      `the ${phase.tier} tier`,
      () => system.runner.session(phoneId)!.sendRate!() === FAKE_TIER_RATES[phase.tier],
      10_000,
    );
  }
  const baseline = await oneInFlight(20);
  const before = await fake.counters();
  const from = before.sent;
  const tripsBefore = trips;
  const texts: string[] = [];
  // The queue fills first (the sender held), then drains: the drain rate is the sender's alone.
  const sender = (
    system.runner as unknown as { hosted: Map<number, { sender: { setActive(a: boolean): void } }> }
  ).hosted.get(phoneId)!.sender;
  sender.setActive(false);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: ACCEPTERS }, async () => {
      while (next < phase.n) {
        const i = next++;
        const text = `bench ${++seq}`;
        texts.push(text);
        await post(`/${phoneId}/sendMessage`, {
          to_number: `1555${String(1_000_000 + (i % CHATS))}`,
          type: 'text',
          message: text,
        });
      }
    }),
  );
  const acceptedS = (performance.now() - t0) / 1000;
  sender.setActive(true);
  await until('the queue to drain', async () => (await fake.counters()).sent - from >= phase.n, 600_000);
  // Let any send still in flight (one sent twice would be) reach the fake before counting.
  await new Promise((r) => setTimeout(r, 2 * LATENCY_MS));
  const after = await fake.counters(from);
  const mine = after.sends;
  const counts = new Map<string, number>();
  for (const s of mine) counts.set(s.text, (counts.get(s.text) ?? 0) + 1);
  const twice = [...counts.values()].filter((c) => c > 1).length;
  const missing = texts.filter((t) => !counts.has(t)).length;
  const ats = mine.map((s) => s.at);
  const drainS = (Math.max(...ats) - Math.min(...ats)) / 1000;
  const rate = (phase.n - 1) / drainS;
  rows.push({
    tier: `${phase.tier} (${FAKE_TIER_RATES[phase.tier]}/s)`,
    messages: phase.n,
    'one in flight (baseline) msg/s': +baseline.toFixed(1),
    'accepted msg/s': Math.round(phase.n / acceptedS),
    'drain msg/s': +rate.toFixed(1),
    target: phase.target,
    met: rate >= phase.target ? 'yes' : 'NO',
    '130429 answers': after.rateLimited - before.rateLimited,
    'sent twice': twice,
    missing,
    'db round trips per message': +((trips - tripsBefore) / phase.n).toFixed(2),
    'max in flight': after.maxConcurrent,
  });
}
console.log(
  `\nOfficial number at its tier — fake Graph ${LATENCY_MS} ms a send, tier enforced with 130429, ${CHATS} chats, node ${process.version}, ${process.platform} ${process.arch}`,
);
console.table(rows);
await system.runner.stop();
api.close();
await fake.close();
process.exit(rows.some((r) => r['sent twice'] !== 0 || r.missing !== 0) ? 1 : 0);
