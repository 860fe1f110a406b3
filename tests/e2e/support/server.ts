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
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the embedded default (src/node.ts) on a fresh database file, as `npm start` does after building. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync('dist/web/.vite/manifest.json')) throw new Error('dist/web is not built: run `npm run build` first');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'wapi-e2e-'));
  const dbFile = join(dir, 'wapi.db');
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/node.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `file:${dbFile}`, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
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
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
