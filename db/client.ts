import type { Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql/web';
import * as schema from './schema';

/** Wraps a libSQL client (file, memory or remote) in drizzle with our schema. */
export function createDb(client: Client) {
  return drizzle(client, { schema, casing: 'snake_case' });
}

export type Db = ReturnType<typeof createDb>;
