import type { PhoneRow, ProductRow } from '../../db/schema';
import type { Bus } from './bus';

/**
 * What this process keeps of the database in memory. A change made through this process's services
 * is forgotten at once (`phoneChanged`, `productChanged`); a change made by another process (another
 * API instance, a runner elsewhere, a Worker isolate) shows up once the entry ages past its bound.
 */

/** A phone as the send path reads it (owner, enabled, engine, sandbox) is at most this stale. */
export const PHONE_CACHE_MS = 2_000;
/** A listPhones answer is at most this stale (this process's status changes and accepted messages forget it at once). */
export const PHONE_LIST_CACHE_MS = 1_000;
/** A token's product (or the absence of one) is at most this stale. */
export const TOKEN_CACHE_MS = 5_000;

/** Seals and opens strings with one key (services/secrets/box.ts makes them). */
export interface SecretBox {
  seal(plain: string, boundTo: string): Promise<string>;
  open(sealed: string, boundTo: string): Promise<string>;
}

/** The API-token hash and the box product secrets are sealed with (secrets/product-secrets.ts makes them). */
export interface ProductCrypto {
  /** The keyed hash of an API token, as `products.api_token` holds it. */
  hash(token: string): Promise<string>;
  box: SecretBox;
}

/** Where a phone's events go (the product it belongs to, the webhook URL, whether acks are delivered). */
export interface WebhookTarget {
  pid: string;
  url: string | null;
  acks: boolean;
}

/** A cached value and the context-clock time it expires at. */
export interface Timed<T> {
  value: T;
  until: number;
}

/** One event of an account's live-chat log as an inbox stream writes it. */
export interface LiveRow {
  id: number;
  type: string;
  data: unknown;
}

/** What the caches keep of an account's live feed (services/inbox/feed.ts implements it). */
export interface LiveFeedHandle {
  subscribe(subscriber: { push(rows: readonly LiveRow[]): void }): () => void;
  begin(last: number): void;
}

/** The caches of one process, carried on the service context (`ctx.cache`). */
export interface Caches {
  /** Phones by id, for the send path (phones/phone-cache.ts). */
  phones: Map<number, Timed<PhoneRow>>;
  /** listPhones answers by product, then by variant (phones/list-cache.ts). */
  phoneLists: Map<string, Map<string, Timed<unknown>>>;
  /** Products by API token; null for a token no product has (middleware/api-token.ts). */
  tokens: Map<string, Timed<ProductRow | null>>;
  /**
   * Per phone: the recent content hashes of each of its chats, newest first (messages/dup-filter.ts).
   * No time bound: read from the database once per phone, then fed by this process's sends, so
   * another process's sends count after `phoneChanged` or a restart. The filter is best effort.
   */
  duplicates: Map<number, Promise<Map<string, string[]>>>;
  /** Per account: the one reader of its live-chat event log that this process's inbox streams share (inbox/feed.ts). */
  liveFeeds: Map<string, LiveFeedHandle>;
  /** Counts this process's edits of phones and products (a reader that started before one must not cache what it read). */
  edits: number;
  /** Per phone: where its events go (webhooks/events.ts webhookTarget), at most PHONE_CACHE_MS stale. */
  webhookTargets: Map<number, Timed<WebhookTarget>>;
  /** Products by id for the runner's event hooks (live package checks), at most PHONE_CACHE_MS stale; undefined: no such product. */
  products: Map<string, Timed<ProductRow | undefined>>;
  /** Per phone: the address of the runner holding its lease (null: none), for nudges (runners/nudge.ts). */
  nudgeHolders: Map<number, Timed<string | null>>;
  /** Google access tokens by the linked account's refresh token, until shortly before they expire (google/oauth.ts). */
  googleTokens: Map<string, Timed<string>>;
  /** The server's sealed box for integration secrets, made from SECRETS_KEY on first use (secrets/box.ts). */
  secretBox?: Promise<SecretBox>;
  /** The API-token hash key and box, made from SECRETS_KEY on first use (secrets/product-secrets.ts). */
  productCrypto?: Promise<ProductCrypto>;
}

/**
 * Empty caches for one process. With the process's bus, the runner's status changes and accepted
 * messages forget the product's listPhones answers (they show each phone's status and queue).
 */
export function createCaches(opts: { bus?: Bus } = {}): Caches {
  const caches: Caches = {
    edits: 0,
    phones: new Map(),
    phoneLists: new Map(),
    tokens: new Map(),
    duplicates: new Map(),
    liveFeeds: new Map(),
    webhookTargets: new Map(),
    products: new Map(),
    nudgeHolders: new Map(),
    googleTokens: new Map(),
  };
  opts.bus?.on('status', (e) => caches.phoneLists.delete(e.pid));
  opts.bus?.on('queued', (e) => caches.phoneLists.delete(e.pid));
  return caches;
}

/** Forgets what is cached of a phone; every writer of a phone row (or its queue) calls it. */
export function phoneChanged(ctx: { cache: Caches }, phone: { id: number; pid: string }): void {
  ctx.cache.edits++;
  ctx.cache.phones.delete(phone.id);
  ctx.cache.phoneLists.delete(phone.pid);
  ctx.cache.duplicates.delete(phone.id);
  ctx.cache.webhookTargets.delete(phone.id);
}

/** Forgets what is cached of a product; every writer of a product row calls it. */
export function productChanged(ctx: { cache: Caches }, pid: string): void {
  ctx.cache.edits++;
  // A new token may have been looked up (and found unknown) before: unknown tokens go too.
  for (const [token, hit] of ctx.cache.tokens) if (!hit.value || hit.value.id === pid) ctx.cache.tokens.delete(token);
  ctx.cache.phoneLists.delete(pid);
  ctx.cache.products.delete(pid);
  for (const [id, hit] of ctx.cache.webhookTargets) if (hit.value.pid === pid) ctx.cache.webhookTargets.delete(id);
}

/** A cached value when fresh, else `load`'s (kept until `ttlMs` from now; the map is emptied past `max` entries). */
export async function cachedFor<K, T>(
  map: Map<K, Timed<T>>,
  key: K,
  now: number,
  ttlMs: number,
  load: () => Promise<T>,
  max = 50_000,
): Promise<T> {
  const hit = map.get(key);
  if (hit && hit.until > now) return hit.value;
  const value = await load();
  keepFor(map, key, value, now + ttlMs, max);
  return value;
}

/** Keeps `value` in a cache map until `until`; past `max` entries the map starts over. */
export function keepFor<K, T>(map: Map<K, Timed<T>>, key: K, value: T, until: number, max = 50_000): void {
  if (map.size > max) map.clear();
  map.set(key, { value, until });
}
