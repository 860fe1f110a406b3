import { ApiError } from '../../errors';
import type { AppContext } from '../../env';
import { requireUser } from '../../middleware/session';
import { productOfUser } from '../../services/auth/users';

/** The signed-in customer's product; a `pid` naming another product answers like a missing one (404). */
export async function ownProduct(c: AppContext, pid?: string) {
  const product = await productOfUser(c.get('ctx'), requireUser(c).id);
  if (!product || (pid !== undefined && pid !== '' && pid !== product.id))
    throw new ApiError('NOT_FOUND', 'Product not found.');
  return product;
}
