import { readFileSync } from 'node:fs';
import { createClient } from '@libsql/client/web';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHranaServer, type HranaServer } from '../support/hrana-server';

const run = promisify(execFile);
let dir: string;
let server: HranaServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wapi-migrate-cli-'));
  server = await startHranaServer({ url: `file:${join(dir, 'remote.db')}`, authToken: 'sekret' });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run db:migrate`'s command with the given environment (asynchronously: the server is in this process). */
function migrate(env: Record<string, string>) {
  const { DATABASE_URL: _u, DATABASE_AUTH_TOKEN: _t, ...rest } = process.env;
  return run(process.execPath, ['--import', 'tsx', 'src/cli/migrate.ts'], { env: { ...rest, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, out: err.stdout + err.stderr }),
  );
}

it('src/cli/migrate.ts migrates a remote libSQL database (with its token), then finds it up to date', async () => {
  const first = await migrate({ DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: 'sekret' });
  const count = (JSON.parse(readFileSync('db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] }).entries
    .length;
  expect(first.out).toContain(`Applied ${count} migration${count === 1 ? '' : 's'}; ${count} in total`);
  expect(first.code).toBe(0);

  const again = await migrate({ DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: 'sekret' });
  expect(again.out).toMatch(/Already up to date/);

  const tables = await createClient({ url: server.url, authToken: 'sekret' }).execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'users'",
  );
  expect(tables.rows).toHaveLength(1);
});

it('src/cli/migrate.ts fails clearly without DATABASE_URL or with a wrong token', async () => {
  const none = await migrate({});
  expect(none.code).toBe(1);
  expect(none.out).toMatch(/DATABASE_URL is not set/);

  const denied = await migrate({ DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: 'wrong' });
  expect(denied.code).toBe(1);
  expect(denied.out).toMatch(/Migration failed/);
});
