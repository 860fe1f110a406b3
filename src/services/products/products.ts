import { eq } from 'drizzle-orm';
import { products, type ProductRow, type ProductSettings } from '../../../db/schema';
import { randomToken } from '../auth/crypto';
import { productChanged } from '../cache';
import type { ServiceCtx } from '../context';
import { openToken, storedToken } from '../secrets/product-secrets';

/** Settings a new product starts with. Development gives a few phones so the demo can add some. */
function defaultSettings(ctx: ServiceCtx): ProductSettings {
  return {
    subscription_package: null,
    phone_limit: ctx.config.dev ? ctx.config.DEV_PHONE_LIMIT : 0,
    agent_limit: 0,
    instagram_limit: 0,
    partner: false,
    update_limited: false,
  };
}

/** Creates a user's product: UUID id, random API token, default settings, no trial yet. */
export async function createProduct(ctx: ServiceCtx, uid: number): Promise<ProductRow> {
  const id = crypto.randomUUID();
  const row = await ctx.db
    .insert(products)
    .values({
      id,
      uid,
      productType: ctx.config.BRAND,
      ...(await storedToken(ctx, id, randomToken(24))),
      settings: defaultSettings(ctx),
      trial: null,
      createdAt: ctx.now(),
    })
    .returning()
    .get();
  productChanged(ctx, row!.id);
  return row!;
}

/** The product as the console reads it (Product in 1-console §3), without its subscription lists. */
export async function productView(ctx: ServiceCtx, p: ProductRow) {
  const token = await openToken(ctx, p);
  return {
    id: p.id,
    uid: p.uid,
    product_type: p.productType,
    settings: { ...p.settings, wapi_token: token, wapi_pid: p.id },
    trial: p.trial,
  };
}

export async function getProduct(ctx: ServiceCtx, id: string) {
  return ctx.db.select().from(products).where(eq(products.id, id)).get();
}
