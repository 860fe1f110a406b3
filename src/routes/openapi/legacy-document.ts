import { z } from 'zod';
import { OPERATIONS, type Operation } from '../../shared/openapi/operations';

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

/** Paths of the operations not yet declared with createRoute (shrinks to nothing as routes move). */
export function legacyPaths(): Record<string, Record<string, Record<string, unknown>>> {
  const paths: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op);
  return paths;
}
