import type { z } from 'zod';
import { ApiError } from '../errors';
import type { AppContext } from '../env';

/** Largest request body the console backend takes. */
export const MAX_BODY_BYTES = 64 * 1024;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('BAD_REQUEST', 'The request body is not valid JSON.');
  }
}

/**
 * Reads a POST payload. The console sends a form with one field carrying JSON; plain JSON bodies
 * and ordinary form fields are accepted too.
 */
export async function readPayload(c: AppContext, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > maxBytes) throw new ApiError('PAYLOAD_TOO_LARGE', `The request body is too large (at most ${maxBytes} bytes).`);
  const text = await c.req.text();
  if (text.length > maxBytes) throw new ApiError('PAYLOAD_TOO_LARGE', `The request body is too large (at most ${maxBytes} bytes).`);
  let value: unknown;
  if (text.trim() === '') value = {};
  else if (type.startsWith('application/json') || type === '') value = parseJson(text);
  else if (type.startsWith('application/x-www-form-urlencoded')) value = formValue(new URLSearchParams(text));
  else if (type.startsWith('multipart/form-data')) {
    const form = await new Request('http://x', { method: 'POST', headers: { 'content-type': type }, body: text })
      .formData()
      .catch(() => {
        throw new ApiError('BAD_REQUEST', 'The form body could not be read.');
      });
    const params = new URLSearchParams();
    form.forEach((v, k) => typeof v === 'string' && params.append(k, v));
    value = formValue(params);
  } else throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON or as a form.');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('BAD_REQUEST', 'The request body must be a JSON object.');
  }
  c.set('payload', value);
  return value as Record<string, unknown>;
}

/** A form whose only field holds JSON is that JSON; any other form is its fields. */
function formValue(params: URLSearchParams): unknown {
  const keys = [...new Set(params.keys())];
  if (keys.length === 1) {
    const only = params.get(keys[0]!)!.trim();
    if (only.startsWith('{')) return parseJson(only);
  }
  return Object.fromEntries(params);
}

/** Validates a payload against a schema; the first problem becomes the message, all go in `fields`. */
export function validate<S extends z.ZodType>(schema: S, input: unknown, code: 'VALIDATION' | 'BAD_REQUEST' = 'VALIDATION'): z.infer<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const i of r.error.issues) fields[i.path.join('.') || '_'] ??= i.message;
  const first = r.error.issues[0];
  // The console's forms show the spec's messages as they are; API callers also get the field's name.
  const where = code === 'BAD_REQUEST' && first && first.path.length ? `${first.path.join('.')}: ` : '';
  throw new ApiError(code, first ? `${where}${first.message}` : 'Invalid input.', { fields });
}

export async function readValid<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.infer<S>> {
  return validate(schema, await readPayload(c));
}
