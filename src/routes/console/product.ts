import { ApiError } from '../../errors';
import { requireUser } from '../../middleware/session';
import { productOfUser } from '../../services/auth/users';
import { subscriptionLists } from '../../services/billing/subscriptions';
import { productView } from '../../services/products/products';
import { openToken } from '../../services/secrets/product-secrets';
import { checkWebhook, CHECK_SUCCESS_MESSAGE } from '../../services/webhooks/check';
import {
  checkWebhookAnswer,
  checkWebhookBody,
  postmanCollection as collectionSchema,
  postmanQuery,
  productAnswer,
  productQuery,
} from '../../shared/schemas/console/product';
import { brandName } from '../../ssr/shell';
import { ownProduct } from '../kit/own-product';
import { publicBaseUrl } from '../kit/public-base-url';
import { CONSOLE_TAGS, signedInBody, signedInCall } from '../kit/console-declare';
import { endpoint, body, ok, routes } from '../kit/declare';
import { openApiDocument } from '../openapi/messaging-document';
import { postmanCollection } from '../openapi/postman';

const NO_PRODUCT = 'Product not found.';

const product = endpoint(
  'get',
  '/product',
  CONSOLE_TAGS.product,
  "The signed-in customer's product, with its API token",
  {
    query: productQuery,
  },
  ok(productAnswer),
  signedInCall(),
);
const postman = endpoint(
  'get',
  '/postman',
  CONSOLE_TAGS.product,
  "A Postman collection of the messaging API with the product's id and token filled in",
  {
    query: postmanQuery,
  },
  ok(collectionSchema, 'The collection, as an attachment'),
  signedInCall(),
);
const checkWebhookRoute = endpoint(
  'post',
  '/live/checkWebhook',
  CONSOLE_TAGS.product,
  'Post a signed sample event to a webhook and report whether it answered 2xx',
  {
    body: body(checkWebhookBody),
  },
  ok(checkWebhookAnswer),
  signedInBody(),
);

/** `/api/{brand}/...`: the console backend of the brand. */
export const brandRoutes = routes()
  .openapi(product, async (c) => {
    const found = await productOfUser(c.get('ctx'), requireUser(c).id);
    const { pid } = c.req.valid('query');
    // Another account's product id answers exactly like a missing one.
    if (!found || (pid !== undefined && pid !== found.id)) throw new ApiError('NOT_FOUND', NO_PRODUCT);
    return c.json(
      {
        success: true,
        product: { ...(await productView(c.get('ctx'), found)), ...(await subscriptionLists(c.get('ctx'), found)) },
      },
      200,
    );
  })
  .openapi(postman, async (c) => {
    const found = await ownProduct(c);
    const { config } = c.get('deps');
    const baseUrl = publicBaseUrl(c);
    const collection = postmanCollection(openApiDocument({ serverUrl: baseUrl, brand: config.BRAND }), {
      baseUrl,
      productId: found.id,
      token: await openToken(c.get('ctx'), found),
      phoneId: c.req.valid('query').phone_id ?? '',
      name: brandName(config.BRAND),
    });
    c.header('content-disposition', `attachment; filename="${config.BRAND}-api.postman_collection.json"`);
    c.header('cache-control', 'no-store');
    return c.json(collection, 200);
  })
  .openapi(checkWebhookRoute, async (c) => {
    const found = await ownProduct(c);
    const { webhook, ...sample } = c.req.valid('json');
    const deps = c.get('deps');
    const res = await checkWebhook(c.get('ctx'), found.id, webhook, sample, {
      resolve: deps.resolveHost,
      post: deps.postWebhook,
    });
    return c.json({ success: true, message: CHECK_SUCCESS_MESSAGE, statusCode: res.statusCode }, 200);
  });
