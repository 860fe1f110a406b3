import { eq } from 'drizzle-orm';
import { products } from '../../../db/schema';
import type { ServiceCtx } from '../context';

/** The settings of a product, read fresh (the agent limit changes with subscriptions). */
export async function productOfId(ctx: ServiceCtx, pid: string) {
  return ctx.db.select({ settings: products.settings }).from(products).where(eq(products.id, pid)).get();
}
