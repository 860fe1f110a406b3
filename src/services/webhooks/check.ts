import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import type { PostWebhook, ResolveHost } from './port';
import { webhookSecretOf } from './secret';
import { eventId } from './outbox';
import { signWebhook } from './sign';
import { checkWebhookUrl } from './url-check';

export const CHECK_SUCCESS_MESSAGE = 'Worked successfly. Please set the webhook like that!';

/** A sample incoming message, as the webhook will receive them. */
function sampleMessage(pid: string, publicUrl: string) {
  return {
    product_id: pid,
    phone_id: 0,
    message: {
      type: 'text',
      text: 'This is a test message from Wapi.',
      fromMe: false,
      id: 'false_905301234567@c.us_TEST',
    },
    user: { id: '905301234567@c.us', name: 'Wapi Test', phone: '905301234567' },
    conversation: '905301234567@c.us',
    receiver: '905300000000',
    timestamp: 0,
    type: 'message',
    reply: `${publicUrl}/api/${pid}/0/sendMessage`,
    test: true,
  };
}

/** Sends a signed sample to a webhook and reports whether it answered 2xx (the webhook page's verify step). */
export async function checkWebhook(
  ctx: ServiceCtx,
  pid: string,
  raw: unknown,
  body: Record<string, unknown> | undefined,
  deps: { resolve: ResolveHost; post: PostWebhook },
): Promise<{ statusCode: number }> {
  if (typeof raw !== 'string' || raw.trim() === '')
    throw new ApiError('VALIDATION', 'Webhook is empty! Please set the webhook.');
  const url = await checkWebhookUrl(raw.trim(), { allowPrivate: ctx.config.dev, resolve: deps.resolve });
  const sample = sampleMessage(pid, ctx.config.publicUrl);
  // The caller's message fields go into the sample's message, which keeps its id and fromMe (as declared).
  const own = body?.message;
  const message =
    own && typeof own === 'object' && !Array.isArray(own) ? { ...sample.message, ...own } : sample.message;
  const payload = JSON.stringify({ ...sample, ...(body ?? {}), message, test: true });
  const id = eventId();
  const headers = await signWebhook(await webhookSecretOf(ctx, pid), id, Math.floor(ctx.now() / 1000), payload);
  const res = await deps.post(url.toString(), payload, {
    'content-type': 'application/json',
    'user-agent': 'Wapi-Webhooks/1.0',
    ...headers,
  });
  if (res.status === null || res.status < 200 || res.status >= 300) {
    const why = res.status === null ? (res.error ?? 'no answer') : `it answered HTTP ${res.status}`;
    throw new ApiError(
      'BAD_REQUEST',
      `The webhook is not reachable (${why}). Check the URL and that your service is up, then try again.`,
      { statusCode: res.status },
    );
  }
  return { statusCode: res.status };
}
