import { CONSOLE_CLIENT, CONSOLE_CLIENT_HEADER, CONSOLE_CLIENT_PARAM } from '../../src/shared/console-client';
import { $product } from '../stores/product';
import { formBody } from './api';
import { MSG } from './messages';

/** A failed messaging-API call; `message` is the text to show (the server's, else a fallback). */
export class MessagingError extends Error {
  override name = 'MessagingError';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The header the messaging API reads the product token from. */
export const TOKEN_HEADER = 'x-api-key';

/** The signed-in product's id and API token; the console calls the messaging API as the product. */
export function credentials(): { pid: string; token: string } {
  const product = $product.get();
  const token = product?.settings.wapi_token;
  if (!product || !token) throw new MessagingError(MSG.loadFailed, 0);
  return { pid: product.id, token };
}

type Body = { kind: 'form' | 'json'; value: unknown };

async function call<T>(method: 'GET' | 'POST', url: string, body?: Body): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', [TOKEN_HEADER]: credentials().token, [CONSOLE_CLIENT_HEADER]: CONSOLE_CLIENT };
  let payload: BodyInit | undefined;
  if (body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.value ?? {});
  } else if (body) payload = formBody(body.value);
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: payload, credentials: 'omit' });
  } catch {
    throw new MessagingError(MSG.network, 0);
  }
  const data = (await res.json().catch(() => null)) as
    | (Record<string, unknown> & { success?: boolean; message?: unknown; error?: { code?: string; message?: string } })
    | null;
  if (!res.ok || data === null || (typeof data === 'object' && !Array.isArray(data) && data.success === false)) {
    const message = (typeof data?.message === 'string' && data.message) || data?.error?.message || `${res.status} ${res.statusText}`.trim();
    throw new MessagingError(message, res.status, data?.error?.code);
  }
  return data as T;
}

/** `GET /api/{pid}{path}` with the product token. */
export function msgGet<T>(path: string): Promise<T> {
  return call<T>('GET', `/api/${credentials().pid}${path}`);
}

/** `POST /api/{pid}{path}`; the body is a form with one field carrying JSON (2-phones §7). */
export function msgPost<T>(path: string, payload: unknown): Promise<T> {
  return call<T>('POST', `/api/${credentials().pid}${path}`, { kind: 'form', value: payload });
}

/** `GET /partner/{pid}{path}`: the partner path (2-phones §6). */
export function partnerGet<T>(path: string): Promise<T> {
  return call<T>('GET', `/partner/${credentials().pid}${path}`);
}

/** `POST /partner/{pid}{path}`. */
export function partnerPost<T>(path: string, payload: unknown): Promise<T> {
  return call<T>('POST', `/partner/${credentials().pid}${path}`, { kind: 'form', value: payload });
}

/** `POST /api/sim{path}`: the simulated network's controls take JSON. */
export function simPost<T>(path: string, payload: unknown): Promise<T> {
  return call<T>('POST', `/api/sim${path}`, { kind: 'json', value: payload });
}

/** `GET /api/locationDetech/detech`: the visitor's country, or null. */
export async function visitorCountry(): Promise<string | null> {
  const body = await call<{ location?: { country?: string | null } }>('GET', '/api/locationDetech/detech');
  return body.location?.country ?? null;
}

/**
 * The address of a phone's screen image. The token travels as a parameter because an `<img>` sends
 * no headers; `t` makes each refresh a new request. Without `t` it is the shareable screen URL.
 */
export function screenUrl(phoneId: number, t?: number, origin = ''): string {
  const { pid, token } = credentials();
  const stamp = t === undefined ? '' : `&t=${t}&${CONSOLE_CLIENT_PARAM}=${CONSOLE_CLIENT}`;
  return `${origin}/api/${pid}/${phoneId}/screen?token=${encodeURIComponent(token)}${stamp}`;
}

/** The text of a failure for the user. */
export function errorMessage(e: unknown): string {
  return e instanceof Error && e.message ? e.message : MSG.genericError;
}
