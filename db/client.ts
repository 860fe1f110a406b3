import type { Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql/web';
import * as schema from './schema';

/** How drizzle names columns in SQL (its queries and conditions turned into plain SQL alike). */
export const CASING = 'snake_case';

/** Wraps a libSQL client (file, memory or remote) in drizzle with our schema. */
export function createDb(client: Client) {
  return drizzle(client, { schema, casing: CASING });
}

export type Db = ReturnType<typeof createDb>;
