/**
 * Where the accept path's time goes: sendMessage under load (autocannon, 50 connections, in this
 * process like bench:messaging) with the V8 CPU profiler on, the samples summed by where their
 * code lives, and printed as microseconds per accepted request. Then the bare node:http echo under the
 * same profiler, and the ceiling: what this thread could accept if SQLite cost it nothing (moved to
 * another core for free) and it never waited, against that echo.
 * Run: npm run bench:accept-profile
 */
import { Session } from 'node:inspector/promises';
import { openDb } from '../../db/open';
import { migrateDb } from '../../db/migrate';
import { billingProviders } from '../../src/adapters/billing';
import { createApp } from '../../src/app';
import { parseConfig } from '../../src/config';
import { registerUser } from '../../src/services/auth/users';
import { Bus } from '../../src/services/bus';
import { createCaches } from '../../src/services/cache';
import { addPhone } from '../../src/services/phones/add';
import { getProduct } from '../../src/services/products/products';
import { openToken } from '../../src/services/secrets/product-secrets';
import { echoServer, load, serveApp, tempDbUrl } from './support';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const SQLITE = 'SQLite (libsql: statements and commit)';

/** Where a frame's code lives, first match wins. */
const STAGES: [string, RegExp][] = [
  [SQLITE, /node_modules\/(libsql|@libsql)\//],
  ['group commit and unit of work', /src\/services\/(group-commit|unit-of-work)\.ts/],
  ['accept service (checks, ids, duplicate filter)', /src\/services\/(messages|phones)\//],
  ['API log (clip, row)', /src\/(middleware\/api-log|services\/logs)\.?/],
  ['other middleware (token, body, headers, request log)', /src\/middleware\//],
  ['route handler and app', /src\/(routes|app)/],
  ['validation (zod)', /node_modules\/(zod|@hono\/zod-openapi|@hono\/zod-validator)\//],
  ['Hono (router, compose, context)', /node_modules\/hono\//],
  ['node:http adapter (@hono/node-server)', /node_modules\/@hono\/node-server\//],
  ['load generator (autocannon)', /node_modules\/(autocannon|hdr-histogram|http-parser-js|reinterval|retimer)/],
  ['garbage collector', /^\(garbage collector\)$/],
  ['idle', /^\(idle\)$/],
  ['Node internals (sockets, streams, http parser)', /^node:|^\(program\)$|^$/],
];

function stageOf(n: ProfileNode): string {
  const key = n.callFrame.url || `(${n.callFrame.functionName.replace(/[()]/g, '')})`;
  for (const [name, re] of STAGES) if (re.test(key) || re.test(n.callFrame.url)) return name;
  return 'other';
}

const config = parseConfig({ LOG_LEVEL: 'silent', DATABASE_URL: tempDbUrl(), DEV_PHONE_LIMIT: '10' });
const db = await openDb(config.DATABASE_URL);
await migrateDb(db);
const bus = new Bus();
const cache = createCaches({ bus });
const ctx = { db, config, now: Date.now, bus, cache };
const app = createApp({ billing: billingProviders, config, db, bus, cache, assets: { manifest: async () => null } });
await registerUser(ctx, { email: 'bench@example.com', password: 'Str0ng#Pass' });
const product = (await getProduct(ctx, (await db.query.products.findFirst())!.id))!;
const parked = await addPhone(ctx, product, {});
const api = await serveApp(app);

let n = 0;
const request = {
  url: `${api.url}/api/${product.id}/${parked.id}/sendMessage`,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', 'x-api-key': await openToken(ctx, product) },
  setupClient: (client: { setBody(b: string): void; on(e: 'response', f: () => void): void }) => {
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
};
await load('warm-up', { ...request, duration: 2 });

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const row = await load('sendMessage', request);
const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
// The bare echo under the same profiler (its overhead slows both alike), with the same requests.
const echo = await echoServer();
await session.post('Profiler.start');
const echoRow = await load('echo', { ...request, url: `${echo.url}/` });
await session.post('Profiler.stop');
session.disconnect();
echo.close();

const byId = new Map(profile.nodes.map((x) => [x.id, x]));
const parent = new Map<number, number>();
for (const x of profile.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
/** A native frame (no URL: a syscall, the SQLite engine) counts for the nearest JavaScript that called it. */
function owner(id: number): ProfileNode {
  let cur: number | undefined = id;
  while (cur !== undefined) {
    const node = byId.get(cur)!;
    if (node.callFrame.url) return node;
    cur = parent.get(cur);
  }
  return byId.get(id)!;
}
const perStage = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  const stage = stageOf(owner(id));
  perStage.set(stage, (perStage.get(stage) ?? 0) + dt);
});
const requests = row.rps * Number(process.env.BENCH_SECONDS ?? 5);
console.log(
  `\nsendMessage accept profile: ${Math.round(row.rps)} req/s, p99 ${row.p99} ms; ${(total / requests).toFixed(1)} µs of this thread per request`,
);
console.table(
  [...perStage]
    .sort((a, b) => b[1] - a[1])
    .map(([stage, us]) => ({
      stage,
      'µs / request': (us / requests).toFixed(1),
      share: `${((100 * us) / total).toFixed(1)} %`,
    })),
);
const us = (stage: string) => (perStage.get(stage) ?? 0) / requests;
const rest = total / requests - us(SQLITE) - us('idle');
const ceiling = 1e6 / rest;
console.log(
  `bare node:http echo under the same profiler: ${Math.round(echoRow.rps)} req/s. Without SQLite and idle, ` +
    `this thread's work is ${rest.toFixed(1)} µs per request: even with SQLite on another core at no cost ` +
    `and no waiting, it could accept at most ${Math.round(ceiling)} req/s, ${(ceiling / echoRow.rps).toFixed(2)} ` +
    `of the bare echo (issue 24's target: 0.5)`,
);
api.close();
process.exit(0);
