import { CONSOLE_CLIENT, CONSOLE_CLIENT_PARAM } from '../../src/shared/console-client';
import { $product } from '../stores/product';
import { ApiError, call as api } from './api';
import { MSG } from './messages';

/** The signed-in product's id and API token; the console calls the messaging API as the product. */
export function credentials(): { pid: string; token: string } {
  const product = $product.get();
  const token = product?.settings.wapi_token;
  if (!product || !token) throw new ApiError(MSG.loadFailed, 0);
  return { pid: product.id, token };
}

/** A call as the product, with its token. */
const call = async <T>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, json?: boolean) =>
  api<T>(method, url, payload, { token: credentials().token, json });

/** `GET /api/{pid}{path}` with the product token. */
export function msgGet<T>(path: string): Promise<T> {
  return call<T>('GET', `/api/${credentials().pid}${path}`);
}

/** `POST /api/{pid}{path}`; the body is a form with one field carrying JSON (2-phones §7). */
export function msgPost<T>(path: string, payload: unknown): Promise<T> {
  return call<T>('POST', `/api/${credentials().pid}${path}`, payload);
}

/** `DELETE /api/{pid}{path}` with the product token (no body). */
export function msgDelete<T>(path: string): Promise<T> {
  return call<T>('DELETE', `/api/${credentials().pid}${path}`);
}

/** `GET /partner/{pid}{path}`: the partner path (2-phones §6). */
export function partnerGet<T>(path: string): Promise<T> {
  return call<T>('GET', `/partner/${credentials().pid}${path}`);
}

/** `POST /partner/{pid}{path}`. */
export function partnerPost<T>(path: string, payload: unknown): Promise<T> {
  return call<T>('POST', `/partner/${credentials().pid}${path}`, payload);
}

/** `POST /api/sim{path}`: the simulated network's controls take JSON. */
export function simPost<T>(path: string, payload: unknown): Promise<T> {
  return call<T>('POST', `/api/sim${path}`, payload, true);
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
