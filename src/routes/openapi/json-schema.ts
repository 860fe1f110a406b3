import { z } from 'zod';

/** A zod schema as a JSON Schema object to embed in a document (without its `$schema` line). */
export function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _s, ...json } = z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>;
  return json;
}
