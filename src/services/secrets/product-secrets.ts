import { and, eq, like, not, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { products, type ProductRow } from '../../../db/schema';
import type { Config } from '../../config';
import { ApiError } from '../../errors';
import { toBase64Url } from '../auth/crypto';
import type { Caches, ProductCrypto } from '../cache';
import { secretBox } from './box';

/**
 * Product API tokens and webhook signing secrets at rest (issue 39), like the other credentials: a
 * database file alone reveals neither.
 *
 * - The API token is stored twice: `api_token` holds its keyed hash (HMAC-SHA256 with a key derived
 *   from SECRETS_KEY, `h1.` + base64url), which the api-token middleware looks up with one indexed
 *   query; `api_token_sealed` holds it sealed (AES-GCM, bound to the product) for the console's
 *   Token page, the Postman collection and the staff views.
 * - The webhook secret (`whsec_...`) is stored sealed in `webhook_secret`, bound to the product.
 *
 * Rows written before this (plain tokens and secrets) are sealed by `sealStoredSecrets`, which the
 * Node entry runs at start and `npm run db:migrate` runs after the migrations (SQL cannot encrypt).
 *
 * Without SECRETS_KEY: outside production a published development key stands in (the Node entry
 * always has data/secrets.key; this covers in-memory test databases and `wrangler dev`); in
 * production the entries refuse to start (`missingSecretsKey`), since nothing could be looked up.
 */

/** Stands in for SECRETS_KEY outside production only: published, so it protects nothing. */
const DEV_FALLBACK_SECRETS_KEY = 'wapi-development-only-secrets-key-published-not-secret';

/** Why a production entry without SECRETS_KEY does not start. */
const SECRETS_KEY_REQUIRED =
  'SECRETS_KEY: required when NODE_ENV=production (API tokens and webhook secrets are stored sealed with it; 32+ characters)';

/** The start-up error of a production entry without SECRETS_KEY; null when it may start. */
export function missingSecretsKey(config: Pick<Config, 'SECRETS_KEY' | 'dev'>): string | null {
  return config.SECRETS_KEY || config.dev ? null : `Invalid configuration:\n  ${SECRETS_KEY_REQUIRED}`;
}

const HASH_PREFIX = 'h1.';
const encoder = new TextEncoder();

export type { ProductCrypto };

async function makeCrypto(secret: string): Promise<ProductCrypto> {
  // A key of its own for the hash (the box's AES key is the SHA-256 of SECRETS_KEY alone).
  const raw = await crypto.subtle.digest('SHA-256', encoder.encode(`wapi api-token hash v1\0${secret}`));
  const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return {
    async hash(token) {
      const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(token));
      return `${HASH_PREFIX}${toBase64Url(new Uint8Array(mac))}`;
    },
    box: await secretBox(secret),
  };
}

type Ctx = { config: Pick<Config, 'SECRETS_KEY' | 'dev'>; cache: Pick<Caches, 'productCrypto'> };

/** This process's product crypto, made once (a digest and two key imports). */
function productCrypto(ctx: Ctx): Promise<ProductCrypto> {
  const secret = ctx.config.SECRETS_KEY ?? (ctx.config.dev ? DEV_FALLBACK_SECRETS_KEY : null);
  if (!secret) throw new ApiError('NOT_CONFIGURED', SECRETS_KEY_REQUIRED);
  ctx.cache.productCrypto ??= makeCrypto(secret);
  return ctx.cache.productCrypto;
}

const tokenBinding = (pid: string) => `product-api-token:${pid}`;
const webhookBinding = (pid: string) => `product-webhook-secret:${pid}`;

/** The columns a product's API token is stored in. */
export async function storedToken(ctx: Ctx, pid: string, token: string) {
  const c = await productCrypto(ctx);
  return { apiTokenHash: await c.hash(token), apiTokenSealed: await c.box.seal(token, tokenBinding(pid)) };
}

/** The keyed hash of a presented token, for the lookup. */
export async function tokenHash(ctx: Ctx, token: string): Promise<string> {
  return (await productCrypto(ctx)).hash(token);
}

/** The product's API token as the customer sees it. */
export async function openToken(ctx: Ctx, p: Pick<ProductRow, 'id' | 'apiTokenSealed'>): Promise<string> {
  if (!p.apiTokenSealed) throw new ApiError('INTERNAL', 'This product has no API token.');
  return (await productCrypto(ctx)).box.open(p.apiTokenSealed, tokenBinding(p.id));
}

/** A webhook secret as `products.webhook_secret` holds it. */
export async function sealWebhookSecret(ctx: Ctx, pid: string, secret: string): Promise<string> {
  return (await productCrypto(ctx)).box.seal(secret, webhookBinding(pid));
}

/** The webhook secret from its stored form (a plain `whsec_` one from before sealing is taken as it is). */
export async function openWebhookSecret(ctx: Ctx, pid: string, stored: string): Promise<string> {
  if (stored.startsWith('whsec_')) return stored;
  return (await productCrypto(ctx)).box.open(stored, webhookBinding(pid));
}

/** Rows that are not sealed yet (plain API token or webhook secret). */
const PLAIN = () =>
  // (A sealed value starts with `v1.`, a hash with `h1.`: the `_` wildcard matches no sealed one.)
  or(not(like(products.apiTokenHash, `${HASH_PREFIX}%`)), like(products.webhookSecret, 'whsec_%'));

/** How many products still hold an API token or webhook secret in plain text. */
export async function plainSecretRows(db: Db): Promise<number> {
  return (await db.select({ id: products.id }).from(products).where(PLAIN()).all()).length;
}

/**
 * Seals the API tokens and webhook secrets rows still hold in plain text (rows from before
 * migration 0023); safe to run again. Answers how many products it changed.
 */
export async function sealStoredSecrets(ctx: Ctx & { db: Db }): Promise<number> {
  const plain = await ctx.db
    .select({ id: products.id, token: products.apiTokenHash, hook: products.webhookSecret })
    .from(products)
    .where(PLAIN())
    .all();
  for (const row of plain) {
    const set: Partial<ProductRow> = {};
    if (!row.token.startsWith(HASH_PREFIX)) Object.assign(set, await storedToken(ctx, row.id, row.token));
    if (row.hook?.startsWith('whsec_')) set.webhookSecret = await sealWebhookSecret(ctx, row.id, row.hook);
    if (Object.keys(set).length)
      await ctx.db
        .update(products)
        .set(set)
        .where(and(eq(products.id, row.id), eq(products.apiTokenHash, row.token)));
  }
  return plain.length;
}
