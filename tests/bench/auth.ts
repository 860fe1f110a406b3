/**
 * Measures the console backend's hot paths against a bare node:http JSON echo in the same run:
 * GET /healthz (one DB round trip) and GET /api/auth/user (session lookup with cookie), plus the
 * sequential latency of POST /api/auth/login (dominated by the PBKDF2 hash). Run: npm run bench
 */
import { serve } from '@hono/node-server';
import { createClient } from '@libsql/client';
import autocannon from 'autocannon';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { seed } from '../../src/cli/seed';
import { createApp } from '../../src/app';
import { parseConfig } from '../../src/config';
import { billingProviders } from '../../src/adapters/billing';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function run(name: string, opts: autocannon.Options) {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const echo = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
}).listen(0, '127.0.0.1');
await new Promise((r) => echo.once('listening', r));
const echoUrl = `http://127.0.0.1:${(echo.address() as { port: number }).port}`;

const config = parseConfig({
  LOG_LEVEL: 'silent',
  DATABASE_URL: `file:${join(mkdtempSync(join(tmpdir(), 'wapi-bench-')), 'b.db')}`,
});
const db = createDb(createClient({ url: config.DATABASE_URL }));
await migrateDb(db);
await seed(db, config);
const app = createApp({ billing: billingProviders, config, db, assets: { manifest: async () => null } });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((r) => server.once('listening', r));
const appUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

// Sign the demo customer in once to get a session cookie and a CSRF token.
const first = await fetch(`${appUrl}/api/auth/user`);
const csrf = /wapi_csrf=([^;]+)/.exec(first.headers.getSetCookie().join(';'))![1]!;
const loginBody = JSON.stringify({ username: config.DEMO_EMAIL, password: config.DEMO_PASSWORD });
const loginHeaders = { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `wapi_csrf=${csrf}` };
const login = await fetch(`${appUrl}/api/auth/login`, { method: 'POST', headers: loginHeaders, body: loginBody });
const session = /wapi_session=([^;]+)/.exec(login.headers.getSetCookie().join(';'))![1]!;

const rows = [
  await run('node:http echo (baseline)', { url: echoUrl }),
  await run('GET /healthz', { url: `${appUrl}/healthz` }),
  await run('GET /api/auth/user (session)', {
    url: `${appUrl}/api/auth/user`,
    headers: { cookie: `wapi_session=${session}; wapi_csrf=${csrf}` },
  }),
];
// Login is rate-limited per account, so its cost is timed sequentially, below the limit.
const times: number[] = [];
for (let i = 0; i < 8; i++) {
  const t0 = performance.now();
  const res = await fetch(`${appUrl}/api/auth/login`, { method: 'POST', headers: loginHeaders, body: loginBody });
  if (!res.ok) throw new Error(`login answered ${res.status}`);
  times.push(performance.now() - t0);
}
const base = rows[0]!.rps;
console.log(
  `\n${CONNECTIONS} connections, ${SECONDS} s each, on ${process.platform} ${process.arch}, node ${process.version}`,
);
console.table(rows.map((r) => ({ ...r, rps: Math.round(r.rps), 'vs baseline': (r.rps / base).toFixed(2) })));
console.log(
  `POST /api/auth/login (PBKDF2-SHA256, ${config.PASSWORD_HASH_ITERATIONS} iterations): mean ${(times.reduce((a, b) => a + b) / times.length).toFixed(1)} ms sequential`,
);
echo.close();
server.close();
process.exit(0);
