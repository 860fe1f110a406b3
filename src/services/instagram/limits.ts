import type { ProductRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { INSTAGRAM_MSG } from '../../shared/instagram';
import type { ServiceCtx } from '../context';
import { countedPhones } from '../phones/phones';

/** How many Instagram accounts a product may have enabled. */
function instagramLimitOf(product: ProductRow): number {
  return Number(product.settings.instagram_limit ?? 0) || 0;
}

/** Throws the limit error when one more enabled Instagram account would exceed the product's limit. */
export async function assertRoomForInstagram(ctx: ServiceCtx, product: ProductRow, except?: number): Promise<void> {
  const used = await countedPhones(ctx, product.id, except === undefined ? [] : [except], 'instagram');
  if (used >= instagramLimitOf(product))
    throw new ApiError('PHONE_LIMIT', INSTAGRAM_MSG.limit, { instagram_limit: instagramLimitOf(product) });
}
