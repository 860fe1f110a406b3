import { and, eq, isNull } from 'drizzle-orm';
import { products } from '../../../db/schema';
import { productChanged } from '../cache';
import type { ServiceCtx } from '../context';
import { openWebhookSecret, sealWebhookSecret } from '../secrets/product-secrets';
import { newWebhookSecret } from './sign';

/** The product's signing secret, created on first use; the row holds it sealed (secrets/product-secrets.ts). */
export async function webhookSecretOf(ctx: ServiceCtx, pid: string): Promise<string> {
  const row = await ctx.db.select({ s: products.webhookSecret }).from(products).where(eq(products.id, pid)).get();
  if (row?.s) return openWebhookSecret(ctx, pid, row.s);
  await ctx.db
    .update(products)
    .set({ webhookSecret: await sealWebhookSecret(ctx, pid, newWebhookSecret()) })
    .where(and(eq(products.id, pid), isNull(products.webhookSecret)));
  productChanged(ctx, pid);
  const again = await ctx.db.select({ s: products.webhookSecret }).from(products).where(eq(products.id, pid)).get();
  return openWebhookSecret(ctx, pid, again!.s!);
}
