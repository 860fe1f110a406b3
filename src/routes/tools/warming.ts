import { ApiError } from '../../errors';
import type { AppContext } from '../../env';
import { requireUser } from '../../middleware/session';
import { productOfUser } from '../../services/auth/users';
import {
  addToPool,
  listWarming,
  removeFromPool,
  setPoolStatus,
  WARMING_ADDED,
  WARMING_REMOVED,
} from '../../services/warming/pool';
import {
  createWarmingAnswer,
  createWarmingBody,
  deleteWarmingAnswer,
  deleteWarmingQuery,
  listWarmingAnswer,
  updateAllWarmingAnswer,
  updateAllWarmingBody,
} from '../../shared/schemas/tools';
import { CONSOLE_TAGS, signedInBody, signedInCall } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const NO_PRODUCT = 'Product not found.';

/** The signed-in user's product id; a `product_id` naming another account's product answers 404 like a missing one. */
async function ownPid(c: AppContext, claimed?: string): Promise<string> {
  const product = await productOfUser(c.get('ctx'), requireUser(c).id);
  if (!product || (claimed !== undefined && claimed !== product.id)) throw new ApiError('NOT_FOUND', NO_PRODUCT);
  return product.id;
}

const list = endpoint(
  'get',
  '/listWarming',
  CONSOLE_TAGS.tools,
  "The warming pool of the signed-in customer's product",
  {},
  ok(listWarmingAnswer),
  signedInCall(),
);
const create = endpoint(
  'post',
  '/createWarming',
  CONSOLE_TAGS.tools,
  'Add a phone to the warming pool, active',
  { body: body(createWarmingBody, { phone: { phone_id: 1 } }) },
  ok(createWarmingAnswer),
  signedInBody(),
);
// A write, so POST (CSRF-checked) although the reference console was seen calling it with GET.
const remove = endpoint(
  'post',
  '/deleteWarming',
  CONSOLE_TAGS.tools,
  'Take a phone out of the warming pool',
  { query: deleteWarmingQuery },
  ok(deleteWarmingAnswer),
  signedInCall(),
);
const toggle = endpoint(
  'post',
  '/updateAllWarmingStatus',
  CONSOLE_TAGS.tools,
  'Start (active) or stop (disabled) the warming system',
  { body: body(updateAllWarmingBody, { start: { status: 'active' } }) },
  ok(updateAllWarmingAnswer),
  signedInBody(),
);

/** `/api/warming/*`: the Warming Up Numbers tool's calls (3-developer §7); the warming job does the sending. */
export const warmingRoutes = routes()
  .openapi(list, async (c) => c.json({ success: true, data: await listWarming(c.get('ctx'), await ownPid(c)) }, 200))
  .openapi(create, async (c) => {
    const { phone_id, product_id } = c.req.valid('json');
    const id = await addToPool(c.get('ctx'), await ownPid(c, product_id), phone_id);
    return c.json({ success: true, message: WARMING_ADDED, data: { success: true, id } }, 200);
  })
  .openapi(remove, async (c) => {
    await removeFromPool(c.get('ctx'), await ownPid(c), Number(c.req.valid('query').id));
    return c.json({ success: true, message: WARMING_REMOVED }, 200);
  })
  .openapi(toggle, async (c) => {
    const { status, product_id } = c.req.valid('json');
    const updated = await setPoolStatus(c.get('ctx'), await ownPid(c, product_id), status);
    return c.json({ success: true, status, updated }, 200);
  });
