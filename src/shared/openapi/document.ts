import { z } from 'zod';
import { errorShape } from './responses';
import { OPERATIONS, type Operation } from './operations';

function schema(s: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _s, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function pathParams(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
    description: m[1] === 'phone_id' ? 'Id of the phone (listPhones)' : m[1] === 'conversation_id' ? 'Chat or group id, e.g. 905301234567@c.us' : undefined,
  }));
}

function queryParams(q: z.ZodType | undefined) {
  if (!q) return [];
  const js = schema(q, 'input') as { properties?: Record<string, Record<string, unknown>> };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({ name, in: 'query', required: false, schema: s }));
}

function operation(op: Operation) {
  const ok = op.responseType
    ? { description: 'OK', content: { [op.responseType]: { schema: { type: 'string', format: 'binary' } } } }
    : { description: 'OK', content: { 'application/json': { schema: op.response ? schema(op.response, 'output') : { type: 'object', properties: { success: { type: 'boolean' } } } } } };
  const error = { description: 'Failure, in the one error shape', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    operationId: `${op.method}${op.path.replace(/\{(\w+)\}/g, '_$1').replace(/[^\w]+/g, '_')}`,
    parameters: [...pathParams(op.path), ...queryParams(op.query)],
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: schema(op.body, 'input'),
                ...(op.examples ? { examples: Object.fromEntries(Object.entries(op.examples).map(([k, v]) => [k, { value: v }])) } : {}),
              },
            },
          },
        }
      : {}),
    responses: { '200': ok, '400': error, '401': error, '404': error, '409': error, '422': error, '429': error },
    ...(op.callbacks
      ? {
          callbacks: {
            Events: Object.fromEntries(
              Object.entries(op.callbacks).map(([name, s]) => [
                name,
                { post: { requestBody: { required: true, content: { 'application/json': { schema: schema(s, 'output') } } }, responses: { '200': { description: 'Your server accepts the event (any 2xx)' } } } },
              ]),
            ),
          },
        }
      : {}),
  };
}

/** The OpenAPI 3.1 description of the messaging API, built from the schemas the routes validate with. */
export function openApiDocument(opts: { serverUrl: string; brand: string; version?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op);
  const name = opts.brand.charAt(0).toUpperCase() + opts.brand.slice(1);
  return {
    openapi: '3.1.0',
    info: {
      title: `${name} WhatsApp API`,
      version: opts.version ?? '1.0.0',
      description: `Send and receive WhatsApp messages from your code. Authenticate every request with your token in the **x-api-key** header (or the \`token\` query parameter). Your product id and token are on the console's Token page.`,
    },
    servers: [{ url: `${opts.serverUrl}/api/{product_id}`, variables: { product_id: { default: '00000000-0000-0000-0000-000000000000', description: 'Your product id' } } }],
    security: [{ ApiKeyAuth: [] }, { TokenQuery: [] }],
    tags: [...new Set(OPERATIONS.map((o) => o.tag))].map((t) => ({ name: t })),
    paths,
    components: {
      securitySchemes: {
        ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        TokenQuery: { type: 'apiKey', in: 'query', name: 'token' },
      },
      schemas: { Error: schema(errorShape, 'output') },
    },
  };
}
