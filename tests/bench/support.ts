import autocannon from 'autocannon';
import { serve } from '@hono/node-server';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}

/** Runs autocannon against a URL; any non-2xx answer fails the bench. */
export async function load(name: string, opts: autocannon.Options): Promise<Row> {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

export function listening(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.once('listening', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)),
  );
}

/** The baseline: a bare node:http server answering a small JSON body (it reads the request body first). */
export async function echoServer(): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"success":true}');
    });
  }).listen(0, '127.0.0.1');
  return { url: await listening(server), close: () => server.close() };
}

/** Serves a Hono app on a local port. */
export async function serveApp(app: Hono<any>): Promise<{ url: string; close: () => void }> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  return { url: await listening(server), close: () => server.close() };
}

export function tempDbUrl(): string {
  return `file:${join(mkdtempSync(join(tmpdir(), 'wapi-bench-')), 'bench.db')}`;
}

/** Prints the rows with their ratio to the first (the baseline). */
export function report(title: string, rows: Row[], connections = CONNECTIONS): void {
  const base = rows[0]!.rps;
  console.log(
    `\n${title} — ${connections} connections, ${SECONDS} s each, node ${process.version}, ${process.platform} ${process.arch}`,
  );
  console.table(
    rows.map((r) => ({
      name: r.name,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'vs baseline': (r.rps / base).toFixed(2),
    })),
  );
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}
