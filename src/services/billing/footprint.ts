import { footprints } from '../../../db/schema';
import type { ServiceCtx } from '../context';

/** Footprint categories the console and the checkout record (1-console §7); the back-office reads them. */
export const FOOTPRINT_CATEGORIES = ['checkout-start', 'checkout-success', 'checkout-close', 'feedback', 'payment-declined', 'page'] as const;
export type FootprintCategory = (typeof FOOTPRINT_CATEGORIES)[number];

/** Records what a user did around checkouts and cancellations. */
export async function addFootprint(ctx: ServiceCtx, uid: number | null, category: FootprintCategory, label = '', extra: Record<string, unknown> = {}): Promise<void> {
  await ctx.db.insert(footprints).values({ uid, category, label: label.slice(0, 200), extra, at: ctx.now() });
}
