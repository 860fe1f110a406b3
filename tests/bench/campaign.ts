/**
 * Campaigns (issue 41), with a baseline in the same run:
 * - creating a campaign of 100,000 recipients from an xlsx file (time, and the server's memory growth:
 *   the peak RSS while the call runs over the RSS before it);
 * - the campaign's page (GET /campaigns/{id}) while the campaign runs, p50/p99 over sequential calls,
 *   next to GET /listPhones of the same product.
 * Run: npm run bench:campaign
 */
import * as XLSX from '@e965/xlsx';
import { billingProviders } from '../../src/adapters/billing';
import { openDb } from '../../db/open';
import { migrateDb } from '../../db/migrate';
import { createApp } from '../../src/app';
import { parseConfig } from '../../src/config';
import { startCampaigns } from '../../src/jobs/campaigns';
import { createPhoneSystem } from '../../src/runner/system';
import { fetchMedia } from '../../src/adapters/media/download';
import { registerUser } from '../../src/services/auth/users';
import { Bus } from '../../src/services/bus';
import { createCaches } from '../../src/services/cache';
import { observeDbCall } from '../../src/services/metrics/registry';
import { addPhone } from '../../src/services/phones/add';
import { getProduct } from '../../src/services/products/products';
import { openToken } from '../../src/services/secrets/product-secrets';
import { percentile, serveApp, tempDbUrl } from './support';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const CALLS = 200;

const config = parseConfig({ LOG_LEVEL: 'silent', DATABASE_URL: tempDbUrl(), DEV_PHONE_LIMIT: '10' });
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
const stopJob = startCampaigns({ ctx });
const app = createApp({ billing: billingProviders, config, db, bus, cache, assets: { manifest: async () => null } });
await registerUser(ctx, { email: 'bench@example.com', password: 'Str0ng#Pass' });
const product = (await getProduct(ctx, (await db.query.products.findFirst())!.id))!;
const phone = await addPhone(ctx, product, {});
const api = await serveApp(app);
const key = await openToken(ctx, product);
const base = `${api.url}/api/${product.id}`;

// The audience: a number, a name and a city per row.
const sheet = [['number', 'name', 'city']];
for (let i = 0; i < ROWS; i++) sheet.push([`9053${String(i).padStart(8, '0')}`, `Customer ${i}`, 'İzmir']);
const book = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Audience');
const xlsx = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
sheet.length = 0;

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const form = new FormData();
form.set('file', new Blob([xlsx as BlobPart]), 'audience.xlsx');
form.set('number_column', 'number');
form.set('name', 'Bench');
form.set('phone_ids', String(phone.id));
form.set('message', JSON.stringify({ type: 'text', message: 'Hello {{name}} from {{city}}' }));
const started = performance.now();
const res = await fetch(`${base}/campaigns`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
const createMs = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
const created = (await res.json()) as { data: { id: string; total: number } };
if (res.status !== 200) throw new Error(`create: ${res.status} ${JSON.stringify(created)}`);

async function timed(url: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    const r = await fetch(url, { headers: { 'x-api-key': key } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
    out.push(performance.now() - t0);
  }
  return out;
}
const baseline = await timed(`${base}/listPhones`);
const page = await timed(`${base}/campaigns/${created.data.id}`);
const status = (
  (await (await fetch(`${base}/campaigns/${created.data.id}`, { headers: { 'x-api-key': key } })).json()) as {
    data: { status: string };
  }
).data.status;

console.log(`\nCampaigns — node ${process.version}, ${process.platform} ${process.arch}`);
console.table([
  {
    what: `create from xlsx (${created.data.total} recipients, ${(xlsx.byteLength / 1e6).toFixed(1)} MB file)`,
    ms: Math.round(createMs),
    'memory growth MB': Math.round((peak - before) / 1e6),
  },
]);
const row = (name: string, v: number[]) => ({
  name,
  'p50 ms': percentile(v, 50).toFixed(1),
  'p99 ms': percentile(v, 99).toFixed(1),
});
console.table([row('GET /listPhones (baseline)', baseline), row(`GET /campaigns/{id} (${status})`, page)]);

await stopJob();
await system.runner.stop();
api.close();
process.exit(0);
