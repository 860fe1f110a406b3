import { paddleReceiptUrl } from '../../adapters/billing/paddle-receipts';
import { paddleReceiptParams } from '../../shared/schemas/billing';
import { CONSOLE_TAGS, signedInCall } from '../kit/console-declare';
import { endpoint, ERRORS, routes } from '../kit/declare';
import { ownProduct } from '../kit/own-product';

const receipt = endpoint(
  'get',
  '/receipt/{txnId}',
  CONSOLE_TAGS.billing,
  "A paid Paddle payment's receipt: a redirect to its invoice PDF at Paddle",
  {
    params: paddleReceiptParams,
  },
  {
    302: { description: "To Paddle's invoice PDF (its link is valid for an hour, so each visit asks for a new one)" },
    ...ERRORS,
  },
  signedInCall(),
);

/** `GET /api/billing/paddle/receipt/{txnId}`: the `receipt_url` of Paddle payments in the payment history. */
export const paddleReceiptRoutes = routes().openapi(receipt, async (c) => {
  const product = await ownProduct(c);
  return c.redirect(await paddleReceiptUrl(c.get('ctx'), product.id, c.req.valid('param').txnId), 302);
});
