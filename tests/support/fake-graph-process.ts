/**
 * The fake Graph API in a process of its own (Meta is another machine): its arrivals, its 130429
 * window and its 150 ms answers keep their own event loop, not the sender's. A second loopback
 * server answers the counters and sets the tier. Prints `listening <graph url> <control url>` when ready.
 * Run: node --import tsx tests/support/fake-graph-process.ts <STANDARD|HIGH> <latencyMs> <enforceTier 0|1>
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeGraph } from './fake-graph';

/** What the control server answers: the fake's counters and the sends from `from` on (text, arrival ms). */
export interface FakeGraphCounters {
  sent: number;
  rateLimited: number;
  maxConcurrent: number;
  throughput: 'STANDARD' | 'HIGH';
  sends: { text: string; at: number }[];
}

export interface RemoteFakeGraph {
  url: string;
  /** Counters, with the sends from index `from` (none when `from` is left out). */
  counters(from?: number): Promise<FakeGraphCounters>;
  setThroughput(tier: 'STANDARD' | 'HIGH'): Promise<void>;
  close(): Promise<void>;
}

/** Starts the fake in a child process on loopback; `close` stops it. */
export async function spawnFakeGraph(opts: {
  throughput: 'STANDARD' | 'HIGH';
  latencyMs: number;
  enforceTier: boolean;
}): Promise<RemoteFakeGraph> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      new URL(import.meta.url).pathname,
      opts.throughput,
      String(opts.latencyMs),
      opts.enforceTier ? '1' : '0',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  process.on('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  const [url, control] = await new Promise<[string, string]>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\S+) (\S+)/.exec(out);
      if (m) resolve([m[1]!, m[2]!]);
    });
    child.once('exit', (code) => reject(new Error(`the fake Graph exited (${code})`)));
  });
  return {
    url,
    async counters(from) {
      const res = await fetch(`${control}/counters${from === undefined ? '' : `?from=${from}`}`);
      return (await res.json()) as FakeGraphCounters;
    },
    async setThroughput(tier) {
      const res = await fetch(`${control}/throughput`, { method: 'POST', body: tier });
      if (!res.ok) throw new Error(`the fake Graph refused the tier ${tier}: ${res.status}`);
    },
    close: () =>
      new Promise<void>((resolve) =>
        child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')),
      ),
  };
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const [tier, latencyMs, enforce] = process.argv.slice(2);
  const fake = await startFakeGraph('v21.0', {
    throughput: tier === 'HIGH' ? 'HIGH' : 'STANDARD',
    latencyMs: Number(latencyMs ?? 0),
    enforceTier: enforce === '1',
  });
  const control = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && u.pathname === '/counters') {
      const from = u.searchParams.get('from');
      const body: FakeGraphCounters = {
        sent: fake.sent.length,
        rateLimited: fake.rateLimited,
        maxConcurrent: fake.maxConcurrent,
        throughput: fake.throughput,
        sends:
          from === null
            ? []
            : fake.sent.slice(Number(from)).map((s) => ({ text: (s.body.text as { body: string }).body, at: s.at })),
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(body));
    }
    if (req.method === 'POST' && u.pathname === '/throughput') {
      let raw = '';
      req.on('data', (d: Buffer) => (raw += d.toString()));
      req.on('end', () => {
        if (raw !== 'STANDARD' && raw !== 'HIGH') return res.writeHead(400).end();
        fake.throughput = raw;
        res.writeHead(204).end();
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  console.log(`listening ${fake.url} http://127.0.0.1:${(control.address() as AddressInfo).port}`);
  process.on('SIGTERM', () => process.exit(0));
}
