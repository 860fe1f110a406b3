import { staffActor } from '../../middleware/staff';
import { sendRecovery } from '../../services/staff/cart-send';
import { CART_MSG } from '../../shared/cart-recovery';
import { cartRecoveryAnswer, cartRecoveryBody } from '../../shared/schemas/staff/cart';
import { CONSOLE_TAGS, staffBody } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const send = endpoint(
  'post',
  '/cart-recovery',
  CONSOLE_TAGS.staff,
  'Send a user one cart-recovery e-mail now, by template (admins only; recorded)',
  {
    body: body(cartRecoveryBody, {
      discount: {
        uid: 42,
        email: 'ada@example.com',
        template_type: 'first-discount',
        extra: { last_event_label: 'paddle-payment-declined' },
      },
    }),
  },
  ok(cartRecoveryAnswer),
  staffBody('admin', 16 * 1024),
);

/** `/api/mailer/cart-recovery`: staff send a recovery step by hand from the cart detail page. */
export const cartMailerRoutes = routes().openapi(send, async (c) => {
  const input = c.req.valid('json');
  await sendRecovery(
    c.get('ctx'),
    { uid: input.uid, email: input.email, template: input.template_type, extra: input.extra },
    { source: 'staff', actor: staffActor(c) },
  );
  return c.json({ success: true as const, data: { success: true as const, message: CART_MSG.sent } }, 200);
});
