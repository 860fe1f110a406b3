/**
 * Links 200 simulated phones in one process and prints the memory each costs, then the time of
 * listPhones and status under 50 concurrent requests, next to a bare node:http echo in the same run.
 * Run: npm run bench:phones   (node --expose-gc gives steadier memory figures)
 */
import { openDb } from '../../db/open';
import { observeDbCall } from '../../src/services/metrics/registry';
import { migrateDb } from '../../db/migrate';
import { products } from '../../db/schema';
import { createApp } from '../../src/app';
import { parseConfig } from '../../src/config';
import type { SimSession } from '../../src/engines/simulator/session';
import { Bus } from '../../src/services/bus';
import { createPhoneSystem } from '../../src/runner/system';
import { fetchMedia } from '../../src/adapters/media/download';
import { registerUser } from '../../src/services/auth/users';
import { createCaches } from '../../src/services/cache';
import { addPhone } from '../../src/services/phones/add';
import { getProduct } from '../../src/services/products/products';
import { echoServer, load, report, serveApp, tempDbUrl } from './support';
import { openToken } from '../../src/services/secrets/product-secrets';
import { billingProviders } from '../../src/adapters/billing';

const PHONES = Number(process.env.BENCH_PHONES ?? 200);

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

const config = parseConfig({ LOG_LEVEL: 'silent', DATABASE_URL: tempDbUrl(), DEV_PHONE_LIMIT: String(PHONES) });
const db = await openDb(config.DATABASE_URL, undefined, observeDbCall);
await migrateDb(db);
const bus = new Bus();
const cache = createCaches({ bus });
const ctx = { db, config, now: Date.now, bus, cache };
await registerUser(ctx, { email: 'bench@example.com', password: 'Str0ng#Pass' });
const pid = (await db.select({ id: products.id }).from(products).get())!.id;
const product = (await getProduct(ctx, pid))!;
const system = createPhoneSystem({
  fetchMedia,
  db,
  config,
  bus,
  cache,
  runnerId: 'bench',
  simTimings: { connectMs: 1 },
});
const app = createApp({ billing: billingProviders, config, db, bus, cache, assets: { manifest: async () => null } });

const ids: number[] = [];
for (let i = 0; i < PHONES; i++) ids.push((await addPhone(ctx, product, {})).id);
const before = memory();
const t0 = performance.now();
await system.runner.start({ loops: false });
const session = (id: number) => system.runner.session(id) as SimSession;
for (const [i, id] of ids.entries()) {
  const s = session(id);
  if (s.current.kind !== 'qr') throw new Error(`phone ${id} shows no QR`);
  await s.simScan(s.current.qr, `90555${String(i).padStart(7, '0')}`);
}
for (let i = 0; i < 500 && ids.some((id) => session(id).current.kind !== 'active'); i++)
  await new Promise((r) => setTimeout(r, 10));
const linkedMs = performance.now() - t0;
const after = memory();
if (ids.some((id) => session(id).current.kind !== 'active')) throw new Error('not every phone became active');
console.log(`\n${PHONES} simulated phones linked and active in ${linkedMs.toFixed(0)} ms`);
console.log(
  `memory per phone: ${((after.heap - before.heap) / PHONES / 1024).toFixed(1)} KiB heap, ${((after.rss - before.rss) / PHONES / 1024).toFixed(1)} KiB rss${(globalThis as { gc?: unknown }).gc ? '' : ' (run with --expose-gc for steadier figures)'}`,
);

const echo = await echoServer();
const api = await serveApp(app);
const headers = { 'x-api-key': await openToken(ctx, product) };
const rows = [
  await load('node:http JSON echo (baseline)', { url: `${echo.url}/` }),
  await load(`GET listPhones (${PHONES} phones)`, { url: `${api.url}/api/${pid}/listPhones`, headers }),
  await load('GET {phone}/status', { url: `${api.url}/api/${pid}/${ids[0]}/status`, headers }),
];
report('phone API', rows);
await system.runner.stop();
echo.close();
api.close();
process.exit(0);
