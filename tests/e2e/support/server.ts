import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface RunningServer {
  url: string;
  dbFile: string;
  pid: number;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A fresh database file in a temporary folder. */
export function freshDbFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'wapi-e2e-')), 'wapi.db');
}

/**
 * Starts the embedded default (src/node.ts) as `npm start` does after building: on a fresh database
 * file, or on `dbFile` (a restart).
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { dbFile?: string; port?: number } = {},
): Promise<RunningServer> {
  if (!existsSync('dist/web/.vite/manifest.json')) throw new Error('dist/web is not built: run `npm run build` first');
  const port = opts.port ?? (await freePort());
  const dbFile = opts.dbFile ?? freshDbFile();
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/node.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${dbFile}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/healthz`);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${out}`);
  }
  return {
    url,
    dbFile,
    pid: child.pid!,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

export interface RunningRunner {
  id: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts a runner-only process (src/phone-runner.ts) on a database file. */
export async function startRunner(
  dbFile: string,
  id: string,
  env: Record<string, string> = {},
): Promise<RunningRunner> {
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/phone-runner.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: `file:${dbFile}`,
      RUNNER_ID: id,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const end = Date.now() + 30_000;
  while (!out.includes('is running')) {
    if (child.exitCode !== null || Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`runner ${id} did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    id,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
