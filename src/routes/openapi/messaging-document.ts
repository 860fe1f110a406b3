import { z } from 'zod';
import { messagingRoutes } from '../messaging';
import { TAGS } from '../messaging/params';
import { webhookEvent } from '../messaging/webhooks';
import { WEBHOOK_EVENTS } from '../../shared/schemas/messaging';
import { errorShape } from '../../shared/schemas/common';

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
  const generated = messagingRoutes.getOpenAPI31Document({ openapi: '3.1.0', info: { title: '', version: '' } }) as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, unknown> };
  };
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, ops] of Object.entries(generated.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      (paths[path] ??= {})[method] = { operationId: operationId(method, path), ...op };
    }
  }
  const name = opts.brand.charAt(0).toUpperCase() + opts.brand.slice(1);
  const { $schema: _s, ...error } = z.toJSONSchema(errorShape, { io: 'output' }) as Record<string, unknown>;
  return {
    openapi: '3.1.0',
    info: {
      title: `${name} WhatsApp API`,
      version: opts.version ?? '1.0.0',
      description: `Send and receive WhatsApp messages from your code. Authenticate every request with your token in the **x-api-key** header (or the \`token\` query parameter). Your product id and token are on the console's Token page.`,
    },
    servers: [{ url: `${opts.serverUrl}/api/{product_id}`, variables: { product_id: { default: '00000000-0000-0000-0000-000000000000', description: 'Your product id' } } }],
    security: [{ ApiKeyAuth: [] }, { TokenQuery: [] }],
    tags: Object.values(TAGS).map((t) => ({ name: t })),
    paths,
    webhooks: Object.fromEntries(Object.entries(WEBHOOK_EVENTS).map(([name, e]) => [name, webhookEvent(e.schema, e.description)])),
    components: {
      securitySchemes: {
        ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        TokenQuery: { type: 'apiKey', in: 'query', name: 'token' },
      },
      schemas: { ...generated.components?.schemas, Error: error },
    },
  };
}
