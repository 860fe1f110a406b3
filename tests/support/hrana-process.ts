/**
 * The test Hrana server in a process of its own (as a database server is on its own machine): its
 * work does not share a thread with the processes that use it. Prints `listening <url>` when ready.
 * Run: node --import tsx tests/support/hrana-process.ts <file:path.db> [streamIdleMs]
 */
import { spawn } from 'node:child_process';
import { startHranaServer } from './hrana-server';

/** Starts the server in a child process; `close` stops it. */
export async function spawnHranaServer(
  url: string,
  streamIdleMs = 30_000,
): Promise<{ url: string; close(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL(import.meta.url).pathname, url, String(streamIdleMs)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  process.on('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  const listening = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the Hrana server exited (${code})`)));
  });
  return {
    url: listening,
    close: () =>
      new Promise<void>((resolve) =>
        child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')),
      ),
  };
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const server = await startHranaServer({ url: process.argv[2]!, streamIdleMs: Number(process.argv[3] ?? 30_000) });
  console.log(`listening ${server.url}`);
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}
