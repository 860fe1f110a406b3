import { footprints } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';

/** Footprint categories the console and the checkout record (1-console §7); the back-office reads them. */
const FOOTPRINT_CATEGORIES = [
  'checkout-start',
  'checkout-success',
  'checkout-close',
  'feedback',
  'payment-declined',
  'page',
] as const;
export type FootprintCategory = (typeof FOOTPRINT_CATEGORIES)[number];

/** Records what a user did around checkouts and cancellations. */
export async function addFootprint(
  ctx: ServiceCtx,
  uid: number | null,
  category: FootprintCategory,
  label = '',
  extra: Record<string, unknown> = {},
): Promise<void> {
  await ctx.db.insert(footprints).values({ uid, category, label: label.slice(0, 200), extra, at: ctx.now() });
}

/** Labels that name an event other than by its category (4-admin §3: the back-office's word for a decline). */
const LABEL_EVENTS: Record<string, FootprintCategory> = { 'paddle-payment-declined': 'payment-declined' };

const asEvent = (word: string): FootprintCategory | undefined =>
  (FOOTPRINT_CATEGORIES as readonly string[]).includes(word) ? (word as FootprintCategory) : LABEL_EVENTS[word];

/**
 * The event of a `footprint/add` record: its category when that names one (the console's records),
 * else its label (the seeds' records: `{"category":"checkout","label":"checkout-start"}`), the free
 * category then kept in `extra.category`. Neither naming an event is a 422 that lists them.
 */
export function footprintEvent(
  category: string,
  label = '',
  extra: Record<string, unknown> = {},
): { category: FootprintCategory; extra: Record<string, unknown> } {
  const byCategory = asEvent(category);
  if (byCategory) return { category: byCategory, extra };
  const byLabel = asEvent(label.trim());
  if (byLabel) return { category: byLabel, extra: 'category' in extra ? extra : { ...extra, category } };
  const events = [...FOOTPRINT_CATEGORIES, ...Object.keys(LABEL_EVENTS)].join(', ');
  throw new ApiError('VALIDATION', `category or label must name the event: ${events}.`, {
    fields: { category: 'no event', label: 'no event' },
  });
}
