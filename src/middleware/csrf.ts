import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../errors';
import type { AppEnv } from '../env';
import { randomToken, timingSafeEqualStrings } from '../services/auth/crypto';

export const CSRF_COOKIE = 'wapi_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF protection for the console backend: a readable cookie holds a random token and
 * every write must echo it in a header, which a cross-site form or image cannot do. The messaging
 * API (token-authenticated, under /api/<uuid>/) does not use cookies and is not covered.
 */
export const csrf = createMiddleware<AppEnv>(async (c, next) => {
  const sentCookie = getCookie(c, CSRF_COOKIE);
  const fresh = !sentCookie || sentCookie.length > 64;
  const token = fresh ? randomToken(18) : sentCookie;
  c.set('csrfToken', token);
  if (!SAFE.has(c.req.method)) {
    const sent = c.req.header(CSRF_HEADER) ?? '';
    if (fresh || !timingSafeEqualStrings(sent, token)) {
      throw new ApiError('CSRF', 'The request is missing its CSRF token. Reload the page and try again.');
    }
  }
  await next();
  // Set after the handler so that error answers carry the cookie too.
  if (fresh) setCookie(c, CSRF_COOKIE, token, { path: '/', sameSite: 'Lax', secure: !c.get('deps').config.dev });
});
