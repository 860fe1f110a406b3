import type { Db } from '../../../db/client';
import type { Bus } from '../../runner/bus';

/**
 * listPhones answers, kept for a moment per product: a customer with hundreds of phones polled by
 * many clients would otherwise read every row for every call. Changes made in this process forget
 * the product's entry at once; other processes' changes (a runner elsewhere) show within the TTL.
 */
export const PHONE_LIST_CACHE_MS = 1_000;

const caches = new WeakMap<Db, Map<string, { value: unknown; until: number }>>();
const listening = new WeakSet<Bus>();

function cacheOf(db: Db) {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new Map()));
  return c;
}

/** Forgets a product's cached lists. */
export function forgetPhoneList(db: Db, pid: string): void {
  const c = caches.get(db);
  if (!c) return;
  for (const key of c.keys()) if (key.startsWith(`${pid}|`)) c.delete(key);
}

/** The cached list of a product, or `load()`'s, cached. Status changes and queued messages forget it. */
export async function cachedPhoneList<T>(db: Db, bus: Bus | undefined, pid: string, variant: string, load: () => Promise<T>): Promise<T> {
  if (bus && !listening.has(bus)) {
    listening.add(bus);
    bus.on('status', (e) => forgetPhoneList(db, e.pid));
    bus.on('queued', (e) => forgetPhoneList(db, e.pid));
  }
  const cache = cacheOf(db);
  const key = `${pid}|${variant}`;
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && hit.until > now) return hit.value as T;
  const value = await load();
  if (cache.size > 10_000) cache.clear();
  cache.set(key, { value, until: now + PHONE_LIST_CACHE_MS });
  return value;
}
