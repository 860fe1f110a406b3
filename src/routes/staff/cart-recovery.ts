import { staffActor } from '../../middleware/staff';
import { cartDetail, listAbandonedCarts } from '../../services/staff/cart-list';
import { setCartNote } from '../../services/staff/cart-send';
import {
  abandonedCartAnswer,
  abandonedCartBody,
  cartDetailAnswer,
  cartDetailBody,
  userNoteAnswer,
  userNoteBody,
} from '../../shared/schemas/staff/cart';
import { CONSOLE_TAGS, staffBody } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const T = CONSOLE_TAGS.staff;

const list = endpoint(
  'post',
  '/abandoned-cart',
  T,
  'The abandoned-cart dashboard: users whose checkout failed or was closed, 50 a page, with the summary figures (admins only)',
  {
    body: body(abandonedCartBody, { highRisk: { page: 1, limit: 50, filter: { riskLevel: 'high', minFailures: 2 } } }),
  },
  ok(abandonedCartAnswer),
  staffBody('admin', 8 * 1024),
);
const detail = endpoint(
  'post',
  '/cart-detail',
  T,
  "One user's cart: what they tried to buy, the six recovery steps (sent, queued), the e-mail history and the note (admins only)",
  {
    body: body(cartDetailBody, { user: { uid: 42 } }),
  },
  ok(cartDetailAnswer),
  staffBody('admin', 8 * 1024),
);
const note = endpoint(
  'post',
  '/user-note',
  T,
  "Save staff's note on a user's cart (admins only; recorded)",
  {
    body: body(userNoteBody, { note: { uid: 42, note: 'Called, will pay on Monday.' } }),
  },
  ok(userNoteAnswer),
  staffBody('admin', 8 * 1024),
);

/** `/api/{brand}/admin/abandoned-cart`, `/cart-detail` and `/user-note`: the cart-recovery dashboard's calls. */
export const cartRecoveryRoutes = routes()
  .openapi(list, async (c) =>
    c.json({ success: true as const, ...(await listAbandonedCarts(c.get('ctx'), c.req.valid('json'))) }, 200),
  )
  .openapi(detail, async (c) =>
    c.json({ success: true as const, ...(await cartDetail(c.get('ctx'), c.req.valid('json').uid)) }, 200),
  )
  .openapi(note, async (c) => {
    const input = c.req.valid('json');
    await setCartNote(c.get('ctx'), staffActor(c), input.uid, input.note);
    return c.json({ success: true as const }, 200);
  });
