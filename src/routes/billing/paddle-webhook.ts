import { z } from 'zod';
import { receivePaddleWebhook, WEBHOOK_MAX_BYTES } from '../../adapters/billing/paddle-notifications';
import { boundedText } from '../../middleware/payload';
import { paddleWebhookAnswer } from '../../shared/schemas/billing';
import { endpoint, ok, routes } from '../kit/declare';

const signatureHeader = z.object({
  'paddle-signature': z.string().optional().meta({
    description: 'ts={unix seconds};h1={hex HMAC-SHA256 of "{ts}:{raw body}" with the notification secret}',
    example: 'ts=1671552777;h1=eb4d0dc8853be92b7f063b9f3ba5233eb920a09459b6e6b2c26705b4364db151',
  }),
});

// The body is not declared as a validated JSON body: the signature covers the raw bytes, so the
// handler reads them itself (bounded) before anything parses them.
const webhook = endpoint(
  'post',
  '/webhook',
  'Billing',
  "Paddle Billing's signed notifications (subscription and transaction events)",
  { headers: signatureHeader },
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
