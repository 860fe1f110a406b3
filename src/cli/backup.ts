/**
 * `npm run backup -- <file>`: writes a consistent copy of the file database in DATABASE_URL to
 * <file> while the server and runners keep running (SQLite's `VACUUM INTO` reads one snapshot; WAL
 * lets writers go on meanwhile). Restore: docs/deploy.md.
 *
 *   DATABASE_URL=file:data/wapi.db npm run backup -- backups/wapi-2026-11-24.db
 */
import { createClient } from '@libsql/client';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { runCli, withClient } from './run';
import { BUSY_TIMEOUT_MS } from '../../db/open';

async function main(): Promise<number> {
  const target = process.argv[2];
  const url = process.env.DATABASE_URL ?? 'file:data/wapi.db';
  if (!target) {
    console.error('Usage: npm run backup -- <file>   (the copy of the database in DATABASE_URL goes to <file>)');
    return 1;
  }
  if (!url.startsWith('file:')) {
    console.error(
      `DATABASE_URL is ${url.split('?')[0]}: back up a libSQL server with its own tools (sqld snapshots, turso db shell .dump); this command copies a file database.`,
    );
    return 1;
  }
  const path = resolve(target);
  if (existsSync(path)) {
    console.error(`${path} exists: choose a new file (a backup never overwrites one).`);
    return 1;
  }
  const client = createClient({ url });
  return withClient(
    client,
    async () => {
      await client.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      const started = Date.now();
      await client.execute({ sql: 'VACUUM INTO ?', args: [path] });
      console.log(`Backed up ${url.split('?')[0]} to ${path} in ${Date.now() - started} ms.`);
      return 0;
    },
    (err) => `Backup failed: ${err instanceof Error ? err.message : String(err)}`,
  );
}

runCli(main);
