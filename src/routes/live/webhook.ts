import { payload } from '../../middleware/payload';
import { LIVE_WEBHOOK_PATH } from '../../shared/live-webhook';
import { justSuccess } from '../../shared/schemas/common';
import { liveWebhookEvent } from '../../shared/schemas/live';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const webhook = endpoint(
  'post',
  LIVE_WEBHOOK_PATH.replace('/api/live', ''),
  CONSOLE_TAGS.live,
  "The default webhook: accepts the account's events (the inbox reads the message store itself, so nothing is lost by not forwarding them)",
  {
    body: body(liveWebhookEvent),
  },
  ok(justSuccess),
  { middleware: [payload()] as const },
);

/** `POST /api/live/webhook`: the target of 'set default webhook'; deliveries and webhook tests to it succeed. */
export const liveWebhookRoutes = routes().openapi(webhook, (c) => c.json({ success: true }, 200));
