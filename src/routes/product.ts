import { Hono } from 'hono';
import { ApiError } from '../errors';
import type { AppEnv } from '../env';
import { readPayload } from '../middleware/payload';
import { requireUser } from '../middleware/session';
import { productOfUser } from '../services/auth/users';
import { productView } from '../services/products/products';
import { checkWebhook, CHECK_SUCCESS_MESSAGE } from '../services/webhooks/check';
import { openApiDocument } from './openapi/messaging-document';
import { postmanCollection } from './openapi/postman';
import { brandName } from '../ssr/shell';

/** `/api/{product}/...`: the console backend of the brand. */
export const brandRoutes = new Hono<AppEnv>()
  .get('/product', async (c) => {
    const user = requireUser(c);
    const product = await productOfUser(c.get('ctx'), user.id);
    const pid = c.req.query('pid');
    // Another account's product id answers exactly like a missing one.
    if (!product || (pid !== undefined && pid !== product.id)) throw new ApiError('NOT_FOUND', 'Product not found.');
    return c.json({ success: true, product: productView(product) });
  })
  .get('/postman', async (c) => {
    const user = requireUser(c);
    const product = await productOfUser(c.get('ctx'), user.id);
    if (!product) throw new ApiError('NOT_FOUND', 'Product not found.');
    const phoneId = c.req.query('phone_id') ?? '';
    if (phoneId && !/^\d{1,12}$/.test(phoneId)) throw new ApiError('VALIDATION', 'phone_id must be a phone id.');
    const baseUrl = c.get('deps').config.APP_URL?.replace(/\/+$/, '') ?? new URL(c.req.url).origin;
    const brand = brandName(c.get('deps').config.BRAND);
    const collection = postmanCollection(openApiDocument({ serverUrl: baseUrl, brand: c.get('deps').config.BRAND }), {
      baseUrl,
      productId: product.id,
      token: product.apiToken,
      phoneId,
      name: brand,
    });
    c.header('content-disposition', `attachment; filename="${c.get('deps').config.BRAND}-api.postman_collection.json"`);
    c.header('cache-control', 'no-store');
    return c.json(collection);
  })
  .post('/live/checkWebhook', async (c) => {
    const user = requireUser(c);
    const product = await productOfUser(c.get('ctx'), user.id);
    if (!product) throw new ApiError('NOT_FOUND', 'Product not found.');
    const { webhook, ...sample } = await readPayload(c);
    const res = await checkWebhook(c.get('ctx'), product.id, webhook, sample, {
      ...(c.get('deps').resolveHost ? { resolve: c.get('deps').resolveHost } : {}),
      ...(c.get('deps').postWebhook ? { post: c.get('deps').postWebhook } : {}),
    });
    return c.json({ success: true, message: CHECK_SUCCESS_MESSAGE, statusCode: res.statusCode });
  });
