import { Hono } from 'hono';
import { ApiError } from '../errors';
import type { AppEnv } from '../env';
import { requireUser } from '../middleware/session';
import { productOfUser } from '../services/auth/users';
import { productView } from '../services/products/products';

/** `/api/{product}/...`: the console backend of the brand (the product itself for now). */
export const brandRoutes = new Hono<AppEnv>().get('/product', async (c) => {
  const user = requireUser(c);
  const product = await productOfUser(c.var.ctx, user.id);
  const pid = c.req.query('pid');
  // Another account's product id answers exactly like a missing one.
  if (!product || (pid !== undefined && pid !== product.id)) throw new ApiError('NOT_FOUND', 'Product not found.');
  return c.json({ success: true, product: productView(product) });
});
