import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { products, type ProductRow } from '../../db/schema';
import { ApiError } from '../errors';
import type { AppEnv } from '../env';
import { cachedFor, TOKEN_CACHE_MS } from '../services/cache';
import type { ServiceCtx } from '../services/context';
import { tokenHash } from '../services/secrets/product-secrets';

/** Header names of the API token: ours, and the reference API's as an alias. */
export const TOKEN_HEADERS = ['x-api-key', 'x-maytapi-key'] as const;
export const TOKEN_MISSING_MESSAGE =
  "Send your API token in the x-maytapi-key header (x-api-key and the token query parameter work too). It is on the console's Token page.";
export const TOKEN_WRONG_MESSAGE =
  "The token is not valid for this product. Send the product's API token in the x-maytapi-key header (or x-api-key); it is on the console's Token page.";

const CACHE_MAX = 10_000;

/**
 * The product a token belongs to, cached briefly: every messaging call needs it. The row holds the
 * token's keyed hash (secrets/product-secrets.ts): one HMAC and one indexed query on a miss. `productChanged`
 * forgets it in this process; other processes' changes show within TOKEN_CACHE_MS.
 */
export async function productByToken(ctx: ServiceCtx, token: string): Promise<ProductRow | null> {
  return cachedFor(
    ctx.cache.tokens,
    token,
    ctx.now(),
    TOKEN_CACHE_MS,
    async () =>
      (await ctx.db
        .select()
        .from(products)
        .where(eq(products.apiTokenHash, await tokenHash(ctx, token)))
        .get()) ?? null,
    CACHE_MAX,
  );
}

/** The token of an `Authorization: Bearer <token>` header (MCP clients send it so), if that is what it is. */
function bearerToken(header: string | undefined): string | undefined {
  const m = header && /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : undefined;
}

/**
 * Authenticates a messaging-API call: the token (x-api-key, x-maytapi-key, Authorization: Bearer or ?token=) must belong to
 * the product id in the path. A wrong pair answers like a wrong token, revealing nothing.
 */
export const apiToken = createMiddleware<AppEnv>(async (c, next) => {
  const token =
    c.req.header(TOKEN_HEADERS[0]) ??
    c.req.header(TOKEN_HEADERS[1]) ??
    bearerToken(c.req.header('authorization')) ??
    c.req.query('token');
  if (!token) throw new ApiError('UNAUTHORIZED', TOKEN_MISSING_MESSAGE);
  const product = token.length <= 200 ? await productByToken(c.get('ctx'), token) : null;
  if (!product || product.id.toLowerCase() !== (c.req.param('pid') ?? '').toLowerCase()) {
    throw new ApiError('UNAUTHORIZED', TOKEN_WRONG_MESSAGE);
  }
  c.set('product', product);
  await next();
});
