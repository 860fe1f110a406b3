import { PHONE_LIST_CACHE_MS } from '../cache';
import type { ServiceCtx } from '../context';

const CACHE_MAX = 10_000;

/**
 * A product's listPhones answer (one per variant), or `load()`'s, cached: a customer with hundreds
 * of phones polled by many clients would otherwise read every row for every call. Changes made in
 * this process forget it at once; other processes' changes show within PHONE_LIST_CACHE_MS.
 */
export async function cachedPhoneList<T>(
  ctx: ServiceCtx,
  pid: string,
  variant: string,
  load: () => Promise<T>,
): Promise<T> {
  const lists = ctx.cache.phoneLists;
  let byVariant = lists.get(pid);
  if (!byVariant) {
    if (lists.size >= CACHE_MAX) lists.clear();
    lists.set(pid, (byVariant = new Map()));
  }
  const hit = byVariant.get(variant);
  const now = ctx.now();
  if (hit && hit.until > now) return hit.value as T;
  const value = await load();
  // Forgotten while loading (a change raced the read): the answer may predate it, so it is not kept.
  if (lists.get(pid) === byVariant) byVariant.set(variant, { value, until: now + PHONE_LIST_CACHE_MS });
  return value;
}
