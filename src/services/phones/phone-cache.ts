import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { phones } from '../../../db/schema';
import { ApiError } from '../../errors';
import { parsePhoneId, type PhoneRow } from './phones';

/**
 * Phones as the send path needs them (owner, enabled, engine, sandbox), cached briefly: accepting a
 * message must not cost a query for a row that changes only when the customer edits the phone. Edits
 * in this process forget the entry at once; other processes see them within the TTL.
 */
export const PHONE_CACHE_MS = 2_000;
const caches = new WeakMap<Db, Map<number, { row: PhoneRow; until: number }>>();

function cacheOf(db: Db) {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new Map()));
  return c;
}

/** The phone of a product for sending, from the cache when fresh; 404 like getPhone otherwise. */
export async function sendingPhone(db: Db, pid: string, rawId: string): Promise<PhoneRow> {
  const id = parsePhoneId(rawId);
  if (id === null) throw new ApiError('NOT_FOUND', 'Phone not found.');
  const cache = cacheOf(db);
  const hit = cache.get(id);
  const now = Date.now();
  let row = hit && hit.until > now ? hit.row : undefined;
  if (!row) {
    row = await db.select().from(phones).where(eq(phones.id, id)).get();
    if (row) {
      if (cache.size > 50_000) cache.clear();
      cache.set(id, { row, until: now + PHONE_CACHE_MS });
    }
  }
  if (!row || row.pid !== pid) throw new ApiError('NOT_FOUND', 'Phone not found.');
  return row;
}

/** Drops a phone from the cache after it changed. */
export function forgetPhone(db: Db, id: number): void {
  cacheOf(db).delete(id);
}

