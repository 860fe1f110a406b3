import { getBootstrap } from './bootstrap';
import { MSG } from './messages';

/** A failed console API call; `message` is the text to show. */
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

async function request<T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T & Success> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken();
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: method === 'GET' ? undefined : formBody(payload),
    });
  } catch {
    throw new ApiError(MSG.network, 0);
  }
  const body = (await res.json().catch(() => null)) as
    | (Record<string, unknown> & { success?: boolean; message?: unknown; error?: { code?: string; message?: string } })
    | null;
  if (!res.ok || !body || body.success !== true) {
    if (res.status === 401 && onUnauthorized && !path.startsWith('/api/auth/login')) onUnauthorized();
    const serverMessage = (typeof body?.message === 'string' && body.message) || body?.error?.message;
    const message = serverMessage || `${res.status} ${res.statusText}`.trim();
    throw new ApiError(message, res.status, Boolean(serverMessage), body?.error?.code);
  }
  return body as T & Success;
}

/** GET a console API path; throws ApiError with the server's message on failure. */
export function apiGet<T = object>(path: string): Promise<T & Success> {
  return request<T>('GET', path);
}

/** POST a payload to a console API path; throws ApiError with the server's message on failure. */
export function apiPost<T = object>(path: string, payload: unknown): Promise<T & Success> {
  return request<T>('POST', path, payload);
}
