import { createClient } from '@libsql/client';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { observeDbCall } from '../src/services/metrics/registry';
import { createDb, type Db } from './client';
import { metered } from './metered';

/** How long a writer waits for another process's write to finish before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 10_000;

/**
 * Opens the database for a Node process. A local file is shared by the server and runner processes:
 * WAL lets readers run beside the one writer, and the busy timeout makes writers queue instead of failing.
 * Every call is counted for `GET /metrics` (round trips and their latency).
 */
export async function openDb(url: string, authToken?: string): Promise<Db> {
  if (url.startsWith('file:')) mkdirSync(dirname(url.slice('file:'.length)), { recursive: true });
  const client = createClient({ url, ...(authToken ? { authToken } : {}) });
  if (url.startsWith('file:')) {
    await client.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA synchronous = NORMAL');
  }
  return createDb(metered(client, observeDbCall));
}
