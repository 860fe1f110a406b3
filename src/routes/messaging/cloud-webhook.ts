import { boundedText } from '../../middleware/payload';
import { CLOUD_WEBHOOK_MAX_BYTES, receiveCloudWebhook, verifyCloudWebhook } from '../../services/cloud/inbox';
import {
  cloudChallengeText,
  cloudSignatureHeaders,
  cloudVerifyQuery,
  cloudWebhookAnswer,
} from '../../shared/schemas/messaging/cloud';
import { endpoint, ERRORS, ok, routes } from '../kit/declare';

const TAG = 'WhatsApp Cloud API';

const verify = endpoint(
  'get',
  '/webhook',
  TAG,
  "Meta's webhook verification (official numbers)",
  {
    query: cloudVerifyQuery,
  },
  {
    200: { description: 'The challenge, echoed', content: { 'text/plain': { schema: cloudChallengeText } } },
    ...ERRORS,
  },
  {
    description:
      'Meta calls it once when the callback URL is registered: hub.mode=subscribe and hub.verify_token equal to WHATSAPP_CLOUD_VERIFY_TOKEN answer hub.challenge as text; anything else answers 403.',
  },
);

// The body is not a validated JSON body: the signature covers the raw bytes, so the handler reads them (bounded) first.
const deliver = endpoint(
  'post',
  '/webhook',
  TAG,
  "Meta's signed webhook deliveries for official numbers (inbound messages and statuses)",
  {
    headers: cloudSignatureHeaders,
  },
  ok(cloudWebhookAnswer),
  {
    description:
      'Server to server. A missing or wrong signature answers 401 and stores nothing. Every message and status is stored before the answer, once by its id, so a retried or reordered delivery changes nothing twice.',
  },
);

/** `/api/cloud/webhook`: the callback URL registered with Meta for official numbers. */
export const cloudWebhookRoutes = routes()
  .openapi(verify, async (c) => {
    const q = c.req.valid('query');
    const challenge = verifyCloudWebhook(c.get('ctx'), {
      mode: q['hub.mode'],
      token: q['hub.verify_token'],
      challenge: q['hub.challenge'],
    });
    return c.text(challenge, 200);
  })
  .openapi(deliver, async (c) => {
    const raw = await boundedText(c, CLOUD_WEBHOOK_MAX_BYTES);
    const outcome = await receiveCloudWebhook(c.get('ctx'), raw, c.req.header('x-hub-signature-256'));
    return c.json({ success: true as const, ...outcome }, 200);
  });
