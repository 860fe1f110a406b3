import { z } from 'zod';
import { payload } from '../../middleware/payload';
import { LIVE_WEBHOOK_PATH } from '../../shared/live-webhook';
import { justSuccess } from '../../shared/schemas/common';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const eventBody = z
  .looseObject({
    type: z
      .string()
      .optional()
      .meta({ description: 'The event type (message, ack, status, live_event)', example: 'message' }),
  })
  .meta({ description: 'A webhook event as the outbox posts it' });

const webhook = endpoint(
  'post',
  LIVE_WEBHOOK_PATH.replace('/api/live', ''),
  CONSOLE_TAGS.live,
  "The default webhook: accepts the account's events (the inbox reads the message store itself, so nothing is lost by not forwarding them)",
  {
    body: body(eventBody),
  },
  ok(justSuccess),
  { middleware: [payload()] as const },
);

/** `POST /api/live/webhook`: the target of 'set default webhook'; deliveries and webhook tests to it succeed. */
export const liveWebhookRoutes = routes().openapi(webhook, (c) => c.json({ success: true }, 200));
