import { brandName } from '../../shared/brand';
import { jsonSchema } from './json-schema';
import { messagingRoutes } from '../messaging';
import { TAGS } from '../messaging/params';
import { webhookEvent } from '../messaging/webhooks';
import { WEBHOOK_EVENTS } from '../../shared/schemas/messaging/answers';
import { errorShape } from '../../shared/schemas/common';

/** Where this API deliberately answers otherwise than the public reference it is compatible with. */
const DIFFERENCES_TITLE = '**Where we differ from the reference**';
/** Each point also in the README's list (tests/api/webhooks-declared.test.ts compares them). */
export const DIFFERENCE_POINTS = [
  '- Failures always have one shape: `{ success: false, message, error: { code, message, requestId } }`. Invalid fields answer 422 (`VALIDATION`), except sendMessage and setProfileImage, which answer 400 naming the field.',
  '- sendMessage takes an `Idempotency-Key` header (ours): a retry with the same key and body within 24 hours answers the first message id and sends nothing again.',
  '- Messages to one chat keep their order; a message waiting for a retry does not hold up other chats. A message that finally fails is reported by the `error` webhook event (ours, see webhooks).',
  '- Webhooks are signed with Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`).',
  '- `GET /{phone_id}/delete` disables the phone and keeps its data; `enable` brings it back.',
  '- Log `type` is `incoming` (a WhatsApp message one of your phones received), `outgoing` (a call you made, a message sent from the phone itself, a status change or a webhook delivery) or `error`; `data.kind` tells which event.',
  '- `phone_id` in webhook bodies is an integer (`12`); the reference declares phone ids as strings (`"12"`).',
  "- The product's `webhook` (`GET /product`, `setWebhook`) is the URL as a string; the reference declares an object `{ webhook }`.",
  '- Webhooks carry fields and events the reference does not declare, each declared in the document: `conversation_name` and `test` on messages, the `failed` ack of official (Cloud API) numbers (`ackCode` -1 with its `reason`), the `error`, `protection`, `optout` and `campaign` events, and the `replied_by_agent` live-chat event. Every `time` and `timestamp` is in seconds.',
  "- The deprecated `GET /{phone_id}/backup` and `POST /{phone_id}/restore` answer 410 (`GONE`): Multi-Device doesn't support them.",
];
const DIFFERENCES = [DIFFERENCES_TITLE, ...DIFFERENCE_POINTS].join('\n');

/**
 * The error shape as a component. Its schema carries the id `Error`, so zod writes it as a `$ref` into
 * its own `$defs`, which would not resolve at the document's root: the definition itself is the component.
 */
function errorComponent(): Record<string, unknown> {
  const json = jsonSchema(errorShape) as { $defs?: Record<string, Record<string, unknown>> };
  return json.$defs?.Error ?? json;
}

type Operation = { operationId?: string; tags?: string[]; responses?: Record<string, unknown> };

/** A stable operation id from the method and path: `get_phone_id_status`. */
function operationId(method: string, path: string): string {
  return `${method}${path.replace(/\{(\w+)\}/g, '_$1').replace(/[^\w]+/g, '_')}`;
}

/**
 * The OpenAPI 3.1 description of the messaging API, generated from the route declarations
 * (src/routes/messaging): what the routes validate is what the document says.
 */
export function openApiDocument(opts: { serverUrl: string; brand: string; version?: string }) {
  const generated = messagingRoutes.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: '', version: '' },
  }) as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, unknown> };
  };
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, ops] of Object.entries(generated.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      (paths[path] ??= {})[method] = { operationId: operationId(method, path), ...op };
    }
  }
  const name = brandName(opts.brand);
  return {
    openapi: '3.1.0',
    info: {
      title: `${name} WhatsApp API`,
      version: opts.version ?? '1.0.0',
      description: `Send and receive WhatsApp messages from your code. Authenticate every request with your token in the **x-api-key** header (**x-maytapi-key**, \`Authorization: Bearer <token>\` and the \`token\` query parameter work too). Your product id and token are on the console's Token page.\n\n${DIFFERENCES}`,
    },
    servers: [
      {
        url: `${opts.serverUrl}/api/{product_id}`,
        variables: { product_id: { default: '00000000-0000-0000-0000-000000000000', description: 'Your product id' } },
      },
    ],
    security: [{ ApiKeyAuth: [] }, { TokenQuery: [] }, { BearerAuth: [] }],
    tags: Object.values(TAGS).map((t) => ({ name: t })),
    paths,
    webhooks: Object.fromEntries(
      Object.entries(WEBHOOK_EVENTS).map(([name, e]) => [name, webhookEvent(e.schema, e.description)]),
    ),
    components: {
      securitySchemes: {
        ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        TokenQuery: { type: 'apiKey', in: 'query', name: 'token' },
        BearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The same token as Authorization: Bearer <token> (read when x-api-key is absent); what MCP clients send',
        },
      },
      schemas: { ...generated.components?.schemas, Error: errorComponent() },
    },
  };
}
