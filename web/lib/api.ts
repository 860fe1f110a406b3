import { CONSOLE_CLIENT, CONSOLE_CLIENT_HEADER } from '../../src/shared/console-client';
import { getBootstrap } from './bootstrap';
import { MSG } from './messages';

/** A failed call, of the console backend or the messaging API; `message` is the text to show. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    /** True when `message` is the server's own text rather than a fallback. */
    readonly fromServer = false,
    readonly code?: string,
  ) {
    super(message);
  }
}

type Success = { success: true };
type Unauthorized = () => void;

let onUnauthorized: Unauthorized | null = null;

/** Registers what happens when the server says the session is gone (401). */
export function setUnauthorizedHandler(handler: Unauthorized | null): void {
  onUnauthorized = handler;
}

const CSRF_COOKIE = 'wapi_csrf';

/** The CSRF token: the `wapi_csrf` cookie, or the shell's bootstrap value when the cookie is unreadable. */
export function csrfToken(cookie: string = typeof document === 'undefined' ? '' : document.cookie): string {
  for (const part of cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === CSRF_COOKIE) return decodeURIComponent(v.join('='));
  }
  return getBootstrap().csrfToken;
}

/** A POST body as the console backend expects it: a form with one field `data` carrying JSON. */
export function formBody(payload: unknown): URLSearchParams {
  return new URLSearchParams({ data: JSON.stringify(payload ?? {}) });
}

/** The header the messaging API reads the product token from. */
export const TOKEN_HEADER = 'x-api-key';

/** How a call goes: the session (cookie, CSRF on writes), or a product token (no cookies); a JSON body instead of the form. */
export interface CallOptions {
  token?: string | undefined;
  json?: boolean | undefined;
  /** The answer counts whatever its `success` says (only a failed status or a body that is not JSON fails). */
  whole?: boolean;
}

/**
 * The console's one HTTP client. With the session (the console backend) an answer counts only with
 * `success: true`, and a 401 signs the console out; with a token (the messaging API) any answer but
 * `success: false` counts. A failure throws ApiError with the server's message, else the status.
 */
export async function call<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  payload?: unknown,
  o: CallOptions = {},
): Promise<T & Success> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (o.token) Object.assign(headers, { [TOKEN_HEADER]: o.token, [CONSOLE_CLIENT_HEADER]: CONSOLE_CLIENT });
  else if (method !== 'GET') headers['x-csrf-token'] = csrfToken();
  if (o.json) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: o.token ? 'omit' : 'same-origin',
      headers,
      body:
        method === 'GET' || method === 'DELETE'
          ? undefined
          : o.json
            ? JSON.stringify(payload ?? {})
            : formBody(payload),
    });
  } catch {
    throw new ApiError(MSG.network, 0);
  }
  const body = (await res.json().catch(() => null)) as
    | (Record<string, unknown> & { success?: boolean; message?: unknown; error?: { code?: string; message?: string } })
    | null;
  if (
    !res.ok ||
    !body ||
    (o.whole ? false : o.token ? !Array.isArray(body) && body.success === false : body.success !== true)
  ) {
    if (res.status === 401 && !o.token && onUnauthorized && !path.startsWith('/api/auth/login')) onUnauthorized();
    const serverMessage = (typeof body?.message === 'string' && body.message) || body?.error?.message;
    const message = serverMessage || `${res.status} ${res.statusText}`.trim();
    throw new ApiError(message, res.status, Boolean(serverMessage), body?.error?.code);
  }
  return body as T & Success;
}

/** GET a console API path; throws ApiError with the server's message on failure. */
export function apiGet<T = object>(path: string): Promise<T & Success> {
  return call<T>('GET', path);
}

/** POST a payload to a console API path; throws ApiError with the server's message on failure. */
export function apiPost<T = object>(path: string, payload: unknown): Promise<T & Success> {
  return call<T>('POST', path, payload);
}
