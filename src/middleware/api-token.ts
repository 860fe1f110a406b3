import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { products } from '../../db/schema';
import { ApiError } from '../errors';
import type { AppEnv } from '../env';
import type { ProductRow } from '../services/products/products';
import type { ServiceCtx } from '../services/context';

/** Header names of the API token: ours, and the reference API's as an alias. */
export const TOKEN_HEADERS = ['x-api-key', 'x-maytapi-key'] as const;

/** A looked-up token stays trusted this long (token changes and product edits show up after it). */
const CACHE_MS = 5_000;
const CACHE_MAX = 10_000;
const cache = new Map<string, { product: ProductRow | null; until: number }>();

/** The product a token belongs to, cached briefly: every messaging call needs it. */
export async function productByToken(ctx: ServiceCtx, token: string): Promise<ProductRow | null> {
  const hit = cache.get(token);
  const now = Date.now();
  if (hit && hit.until > now) return hit.product;
  const product = (await ctx.db.select().from(products).where(eq(products.apiToken, token)).get()) ?? null;
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(token, { product, until: now + CACHE_MS });
  return product;
}

/** Forgets cached lookups (after settings change). */
export function forgetTokens(): void {
  cache.clear();
}

/**
 * Authenticates a messaging-API call: the token (x-api-key, x-maytapi-key or ?token=) must belong to
 * the product id in the path. A wrong pair answers like a wrong token, revealing nothing.
 */
export const apiToken = createMiddleware<AppEnv>(async (c, next) => {
  const token = c.req.header(TOKEN_HEADERS[0]) ?? c.req.header(TOKEN_HEADERS[1]) ?? c.req.query('token');
  if (!token) throw new ApiError('UNAUTHORIZED', 'Send your API token in the x-api-key header or the token query parameter.');
  const product = token.length <= 200 ? await productByToken(c.get('ctx'), token) : null;
  if (!product || product.id.toLowerCase() !== (c.req.param('pid') ?? '').toLowerCase()) {
    throw new ApiError('UNAUTHORIZED', 'The token is not valid for this product.');
  }
  c.set('product', product);
  await next();
});
