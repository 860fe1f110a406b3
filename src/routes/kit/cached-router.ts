import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** How many distinct method + path pairs the router remembers. */
export const ROUTE_CACHE_MAX = 2_000;

/**
 * Hono's trie router with a bounded memory of its answers by method and path: an integration calls
 * the same few URLs over and over (its product's sendMessage for a phone), and matching a path
 * against the app's ~660 routes and their middleware costs more than the rest of routing together.
 * The answer for a path never changes once the routes are built (it carries that path's parameters),
 * so a remembered answer is the one the trie would give. Oldest first out when full.
 */
export class CachedRouter<T> implements Router<T> {
  readonly name = 'CachedRouter + TrieRouter';
  private readonly trie = new TrieRouter<T>();
  private readonly seen = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.seen.clear();
    this.trie.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let hit = this.seen.get(key);
    if (hit) return hit;
    hit = this.trie.match(method, path);
    // Long paths are one-offs (and would let a client fill the memory with junk); they are not kept.
    if (path.length <= 200) {
      if (this.seen.size >= ROUTE_CACHE_MAX) this.seen.delete(this.seen.keys().next().value!);
      this.seen.set(key, hit);
    }
    return hit;
  }
}
