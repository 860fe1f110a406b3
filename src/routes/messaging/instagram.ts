import { payload } from '../../middleware/payload';
import { addInstagram, loginInstagram } from '../../services/instagram/accounts';
import { getPhone } from '../../services/phones/phones';
import { getProduct } from '../../services/products/products';
import { instagramLoginBody, phoneParams } from '../../shared/schemas/messaging/requests';
import { addInstagramResponse, instagramLoginResponse } from '../../shared/schemas/messaging/instagram';
import { endpoint, body, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { TAGS } from './params';

const add = endpoint(
  'post',
  '/addInstagram',
  TAGS.instagram,
  'Add an Instagram account (within the instagram limit); log it in with login',
  {},
  ok(addInstagramResponse),
  {
    description:
      "The account starts as not_logged_in. Past the product's instagram limit the call answers 403 `PHONE_LIMIT`.",
  },
);

const login = endpoint(
  'post',
  '/login',
  TAGS.instagram,
  'Log an Instagram account in (username, password, and the two-factor code when asked)',
  {
    params: phoneParams,
    body: body(instagramLoginBody, {
      login: { username: 'shop.account', password: 'secret' },
      'two-factor code': { username: 'shop.account', password: 'secret', code: '123456' },
    }),
  },
  ok(instagramLoginResponse),
  {
    description:
      "Answers `{ success: true }` once logged in (the account becomes active and its username is its number), `{ success: false, code_required: true }` when Instagram asks for a two-factor code (send the login again with `code`), or `{ success: false, error }` with Instagram's reason. The credentials reach the account's runner sealed with the server's SECRETS_KEY, and nothing of them is kept once the login ends; a server without SECRETS_KEY answers 501 `NOT_CONFIGURED`.",
    middleware: [payload()] as const,
  },
);

/** `POST /api/{productId}/addInstagram`. */
export const instagramAccountRoutes = routes().openapi(add, async (c) => {
  const row = await addInstagram(c.get('ctx'), (await getProduct(c.get('ctx'), c.get('product').id))!);
  return answer(c, { success: true, id: row.id, number: row.number ?? '' });
});

/** `POST /api/{productId}/{phone_id}/login`. */
export const instagramLoginRoutes = routes().openapi(login, async (c) => {
  const phone = await getPhone(c.get('ctx'), c.get('product').id, c.req.valid('param').phone_id);
  return answer(c, await loginInstagram(c.get('ctx'), phone, c.req.valid('json')));
});
