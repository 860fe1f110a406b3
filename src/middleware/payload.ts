import { createMiddleware } from 'hono/factory';
import { ApiError } from '../errors';
import type { AppContext, AppEnv } from '../env';

/** Largest request body the console backend takes. */
export const MAX_BODY_BYTES = 64 * 1024;

const JSON_TYPE = /^application\/([a-z-.]+\+)?json/;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('BAD_REQUEST', 'The request body is not valid JSON.');
  }
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', `The request body is too large (at most ${maxBytes} bytes).`);
}

/**
 * The body as text, never reading past `maxBytes`: a declared length is judged from the header, and
 * a chunked body is counted while it streams and refused the moment it passes the limit.
 */
export async function boundedText(c: AppContext, maxBytes: number): Promise<string> {
  const declared = c.req.header('content-length');
  if (declared !== undefined) {
    if (Number(declared) > maxBytes) throw tooLarge(maxBytes);
    return c.req.text();
  }
  const stream = c.req.raw.body;
  if (!stream) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(all);
}

/** The payload as an object, and as JSON text (the body itself when it came as JSON). */
async function parsePayload(
  c: AppContext,
  maxBytes: number,
): Promise<{ value: Record<string, unknown>; json: string }> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const text = await boundedText(c, maxBytes);
  if (text.length > maxBytes) throw tooLarge(maxBytes);
  let value: unknown;
  let json: string | undefined;
  if (text.trim() === '') value = {};
  else if (JSON_TYPE.test(type) || type === '') {
    value = parseJson(text);
    json = text;
  } else if (type.startsWith('application/x-www-form-urlencoded')) value = formValue(new URLSearchParams(text));
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
  return { value: value as Record<string, unknown>, json: json ?? JSON.stringify(value) };
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

/**
 * The body middleware in front of a declared route's validation: whatever form the body came in
 * (JSON, a form, the console's form with one field carrying JSON, nothing), the validators and the
 * handler see it as JSON through `c.req.valid('json')`, and the API log sees it as `payload`.
 */
export function payload(maxBytes = MAX_BODY_BYTES) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { value, json } = await parsePayload(c, maxBytes);
    if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      // The validators read the type from the request; a Worker's request headers are immutable.
      const headers = new Headers(c.req.raw.headers);
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
      c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers });
    }
    // Hono's json() parses its cached text: with only `json` cached it would rebuild a Response from
    // the value on every request (a tenth of sendMessage's CPU), so the text is cached as well.
    // (Hono keeps promises there, though its type names the values.)
    c.req.bodyCache = { json: Promise.resolve(value), text: Promise.resolve(json) as unknown as string };
    await next();
  });
}
