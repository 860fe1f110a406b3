/**
 * The messaging API's hot path against baselines measured in the same run:
 * - sendMessage accept rate and p99 at 50 concurrent clients, next to a bare node:http JSON echo and
 *   a Hono echo (the message is a committed row before the answer);
 * - webhook delivery latency from event to first attempt, next to a direct node:http POST.
 * Run: npm run bench:messaging
 */
import type autocannon from 'autocannon';
import { Hono } from 'hono';
import { createServer } from 'node:http';
import { openDb } from '../../db/open';
import { observeDbCall } from '../../src/services/metrics/registry';
import { migrateDb } from '../../db/migrate';
import { createApp } from '../../src/app';
import { parseConfig } from '../../src/config';
import { startWebhookDeliverer } from '../../src/jobs/webhook-deliverer';
import { dnsResolve } from '../../src/adapters/webhooks/dns-resolve';
import { nodePoster } from '../../src/adapters/webhooks/node-post';
import { Bus } from '../../src/services/bus';
import { createPhoneSystem } from '../../src/runner/system';
import { fetchMedia } from '../../src/adapters/media/download';
import { registerUser } from '../../src/services/auth/users';
import { createCaches } from '../../src/services/cache';
import { addPhone } from '../../src/services/phones/add';
import { getProduct } from '../../src/services/products/products';
import { setProductWebhook } from '../../src/services/webhooks/settings';
import { SimSession } from '../../src/engines/simulator/session';
import { echoServer, load, percentile, report, serveApp, tempDbUrl } from './support';
import { billingProviders } from '../../src/adapters/billing';
import { openToken } from '../../src/services/secrets/product-secrets';
import { acceptFloorServer } from './accept-floor';

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
const app = createApp({ billing: billingProviders, config, db, bus, cache, assets: { manifest: async () => null } });

const user = await registerUser(ctx, { email: 'bench@example.com', password: 'Str0ng#Pass' });
const product = (await getProduct(ctx, (await db.query.products.findFirst())!.id))!;
void user;
const parked = await addPhone(ctx, product, {});
const echoHono = new Hono().post('/echo', async (c) => c.json({ success: true, data: await c.req.json() }));

const rawEcho = await echoServer();
const honoEcho = await serveApp(echoHono);
const api = await serveApp(app);
const floor = await acceptFloorServer(ctx, parked);
const sendMessageUrl = `${api.url}/api/${product.id}/${parked.id}/sendMessage`;

const apiKey = await openToken(ctx, product);
let n = 0;
const sendRequest = (url: string) => ({
  url,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
  setupClient: (client: autocannon.Client) => {
    const next = () =>
      client.setBody(
        JSON.stringify({
          to_number: `90530${String(100000 + (n % 5000))}1`,
          type: 'text',
          message: `bench message ${n++}`,
        }),
      );
    next();
    client.on('response', next);
  },
});

const rows = [
  await load('node:http JSON echo (baseline)', { ...sendRequest(`${rawEcho.url}/echo`) }),
  await load('Hono JSON echo', { ...sendRequest(`${honoEcho.url}/echo`) }),
  // The phone is not linked, so its queue holds: this measures accepting, not sending.
  await load('POST sendMessage (accepted, queued)', {
    ...sendRequest(sendMessageUrl),
  }),
  // The same durable work with nothing else: what any accept path on this thread could reach.
  await load('floor: node:http + accept service + log row', { ...sendRequest(`${floor.url}/floor`) }),
];
report('sendMessage accept', rows);
const ratio = (a: number, b: number) => (rows[a]!.rps / rows[b]!.rps).toFixed(2);
console.log(
  `accept rate / bare echo = ${ratio(2, 0)}, / Hono echo = ${ratio(2, 1)} (issue 24's targets: 0.5 and 0.65; ban protection on, as by default); the floor / bare echo = ${ratio(3, 0)}`,
);

// One client sending one message after another (a script's loop): each answer waits for its own commit.
const sequential = [
  await load('node:http JSON echo (baseline)', { ...sendRequest(`${rawEcho.url}/echo`), connections: 1 }),
  await load('POST sendMessage, one client', {
    ...sendRequest(sendMessageUrl),
    connections: 1,
  }),
];
report('sendMessage accept, one client', sequential, 1);

// Webhook latency: event → first attempt at a local receiver.
const arrivals = new Map<string, number>();
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c));
  req.on('end', () => {
    const text = (JSON.parse(body) as { message?: { text?: string } }).message?.text;
    if (text) arrivals.set(text, performance.now());
    res.end('ok');
  });
}).listen(0, '127.0.0.1');
await new Promise((r) => receiver.once('listening', r));
const hook = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
await setProductWebhook(ctx, product.id, hook, dnsResolve);
const stopDeliverer = startWebhookDeliverer({ ctx, post: nodePoster({ allowPrivate: true }) });
const linked = await addPhone(ctx, product, {});
await system.runner.tick();
const session = () => system.runner.session(linked.id) as SimSession;
for (let i = 0; i < 100 && session()?.current.kind !== 'qr'; i++) await new Promise((r) => setTimeout(r, 20));
await session().simScan((session().current as { qr: string }).qr, '905300000999');
for (let i = 0; i < 100 && session().current.kind !== 'active'; i++) await new Promise((r) => setTimeout(r, 20));

const EVENTS = 200;
const hookLatency: number[] = [];
for (let i = 0; i < EVENTS; i++) {
  const text = `event ${i}`;
  const t0 = performance.now();
  await session().simIncoming('905301234561', text);
  while (!arrivals.has(text)) await new Promise((r) => setImmediate(r));
  hookLatency.push(arrivals.get(text)! - t0);
}
const direct: number[] = [];
for (let i = 0; i < EVENTS; i++) {
  const t0 = performance.now();
  await fetch(hook, { method: 'POST', body: JSON.stringify({ message: { text: 'x' } }) });
  direct.push(performance.now() - t0);
}
console.log('\nwebhook delivery, event → receiver, sequential, ' + EVENTS + ' events');
console.table([
  {
    name: 'direct node:http POST (baseline)',
    'p50 ms': percentile(direct, 50).toFixed(2),
    'p99 ms': percentile(direct, 99).toFixed(2),
  },
  {
    name: 'incoming message → webhook',
    'p50 ms': percentile(hookLatency, 50).toFixed(2),
    'p99 ms': percentile(hookLatency, 99).toFixed(2),
  },
]);

await stopDeliverer();
await system.runner.stop();
for (const s of [rawEcho, honoEcho, api, floor]) s.close();
receiver.close();
process.exit(0);
