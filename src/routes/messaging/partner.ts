import { $ } from '@hono/zod-openapi';
import { ApiError } from '../../errors';
import type { AppContext } from '../../env';
import { apiToken } from '../../middleware/api-token';
import { payload } from '../../middleware/payload';
import { addPhone, cleanNumber } from '../../services/phones/add';
import { changeMode } from '../../services/phones/lifecycle';
import { getPhone } from '../../services/phones/phones';
import { getProduct } from '../../services/products/products';
import { addPhoneBody } from '../../shared/schemas/messaging/requests';
import { addPhoneResponse } from '../../shared/schemas/messaging/answers';
import {
  partnerModeAnswer,
  partnerModeBody,
  partnerNumberQuery,
  partnerPhoneParams,
} from '../../shared/schemas/messaging/partner';
import { BY_TOKEN, CONSOLE_TAGS } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const added = ok(addPhoneResponse);

const addPhoneGet = endpoint(
  'get',
  '/addPhone',
  CONSOLE_TAGS.partner,
  'Add a phone as a partner',
  { query: partnerNumberQuery },
  added,
  { security: BY_TOKEN },
);
const addPhonePost = endpoint(
  'post',
  '/addPhone',
  CONSOLE_TAGS.partner,
  'Add a phone as a partner',
  { query: partnerNumberQuery, body: body(addPhoneBody) },
  added,
  { security: BY_TOKEN, hide: true, middleware: [payload()] as const },
);
const changeMod = endpoint(
  'post',
  '/{phoneId}/changeMod',
  CONSOLE_TAGS.partner,
  "Set a partner phone's mode (live or closed)",
  {
    params: partnerPhoneParams,
    body: body(partnerModeBody),
  },
  ok(partnerModeAnswer),
  { security: BY_TOKEN, middleware: [payload()] as const },
);

async function addPartnerPhone(c: AppContext, raw: unknown) {
  const product = (await getProduct(c.get('ctx'), c.get('product').id))!;
  const row = await addPhone(c.get('ctx'), product, { number: cleanNumber(raw), partner: true });
  return c.json(
    { success: true, id: row.id, pid: row.pid, number: row.number ?? '', name: row.name, multi_device: true },
    200,
  );
}

/** `/partner/{productId}/...`: the partner path to add phones and set their mode (2-phones §6). */
export const partnerRoutes = $(
  routes()
    .use('*', apiToken)
    .use('*', async (c, next) => {
      if (!c.get('product').settings.partner) throw new ApiError('FORBIDDEN', 'This is not a partner account.');
      await next();
    }),
)
  .openapi(addPhoneGet, (c) => addPartnerPhone(c, c.req.valid('query').number))
  .openapi(addPhonePost, (c) => {
    const input = c.req.valid('json');
    return addPartnerPhone(c, 'number' in input ? input.number : c.req.valid('query').number);
  })
  .openapi(changeMod, async (c) => {
    const ctx = c.get('ctx');
    const row = await changeMode(
      ctx,
      await getPhone(ctx, c.get('product').id, c.req.valid('param').phoneId),
      c.req.valid('json').mod,
    );
    return c.json({ success: true, mod: row.partnerMode }, 200);
  });
