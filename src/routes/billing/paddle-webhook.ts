import { receivePaddleWebhook, WEBHOOK_MAX_BYTES } from '../../adapters/billing/paddle-notifications';
import { boundedText } from '../../middleware/payload';
import { paddleSignatureHeader, paddleWebhookAnswer } from '../../shared/schemas/billing';
import { endpoint, ok, routes } from '../kit/declare';

// The body is not declared as a validated JSON body: the signature covers the raw bytes, so the
// handler reads them itself (bounded) before anything parses them.
const webhook = endpoint(
  'post',
  '/webhook',
  'Billing',
  "Paddle Billing's signed notifications (subscription and transaction events)",
  { headers: paddleSignatureHeader },
  ok(paddleWebhookAnswer),
  {
    description:
      'Server to server: no session or CSRF token. A missing, forged or older than 5 s signature answers 401 and changes nothing; an event already applied, or older than the state held, answers 200 and changes nothing. 501 when Paddle is not configured.',
  },
);

/** `POST /api/billing/paddle/webhook`: Paddle's notification destination. */
export const paddleWebhookRoutes = routes().openapi(webhook, async (c) => {
  const ctx = c.get('ctx');
  const raw = await boundedText(c, WEBHOOK_MAX_BYTES);
  const result = await receivePaddleWebhook(ctx, raw, c.req.header('paddle-signature'));
  return c.json({ success: true as const, result }, 200);
});
