import { createClient } from '@libsql/client';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createDb, type Db } from './client';
import { metered, type CallObserver } from './metered';

/** A database URL as logs and banners may show it: no credentials, no query (an auth token may ride in `?authToken=`). */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol === 'file:') return url.split('?')[0]!;
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return url.split('?')[0]!;
  }
}

/** How long a writer waits for another process's write to finish before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 10_000;

/**
 * Opens the database for a Node process. A local file is shared by the server and runner processes:
 * WAL lets readers run beside the one writer, and the busy timeout makes writers queue instead of failing.
 * With `observe` (the entries pass the metrics registry's `observeDbCall`) every call is reported:
 * round trips and their latency for `GET /metrics`.
 */
export async function openDb(url: string, authToken?: string, observe?: CallObserver): Promise<Db> {
  if (url.startsWith('file:')) mkdirSync(dirname(url.slice('file:'.length)), { recursive: true });
  // The busy timeout goes to every connection the client opens (it replaces one that a failed
  // rollback left unusable), not only to the first one the PRAGMA below reaches.
  const client = createClient({
    url,
    ...(authToken ? { authToken } : {}),
    ...(url.startsWith('file:') ? { timeout: BUSY_TIMEOUT_MS } : {}),
  });
  if (url.startsWith('file:')) {
    await client.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA synchronous = NORMAL');
  }
  return createDb(observe ? metered(client, observe) : client);
}
