import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../errors';
import type { AppContext, AppEnv } from '../env';
import { randomToken, timingSafeEqualStrings } from '../services/auth/crypto';

const CSRF_COOKIE = 'wapi_csrf';
const CSRF_HEADER = 'x-csrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const CSRF_MESSAGE = 'The request is missing its CSRF token. Reload the page and try again.';
export const CROSS_SITE_MESSAGE = 'Requests from other sites are not accepted.';

function setCsrfCookie(c: AppContext, token: string): void {
  setCookie(c, CSRF_COOKIE, token, { path: '/', sameSite: 'Lax', secure: !c.get('deps').config.dev });
}

/** Our own origin's host: APP_URL's when set (behind a proxy), otherwise the request's. */
function ownHost(c: AppContext): string {
  const appUrl = c.get('deps').config.APP_URL;
  return appUrl ? new URL(appUrl).host : (c.req.header('host') ?? new URL(c.req.url).host);
}

/**
 * A browser tells where a write comes from: `Sec-Fetch-Site` (cross-site or same-site means another
 * site made this page send it) and `Origin`. Clients that send neither (scripts, tests) still need
 * the token.
 */
function fromAnotherSite(c: AppContext): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = c.req.header('origin');
  if (!origin) return false;
  if (origin === 'null') return true;
  try {
    return new URL(origin).host !== ownHost(c);
  } catch {
    return true;
  }
}

/**
 * CSRF protection for the console backend: a readable cookie holds a random token and every write
 * must echo it in a header (double submit), and must not come from another site by its
 * `Origin` / `Sec-Fetch-Site`. The messaging API (token-authenticated, under /api/<uuid>/) uses no
 * cookies and is not covered.
 */
export const csrf = createMiddleware<AppEnv>(async (c, next) => {
  const sentCookie = getCookie(c, CSRF_COOKIE);
  const fresh = !sentCookie || sentCookie.length > 64;
  const token = fresh ? randomToken(18) : sentCookie;
  c.set('csrfToken', token);
  if (!SAFE.has(c.req.method)) {
    if (fromAnotherSite(c)) throw new ApiError('CSRF', CROSS_SITE_MESSAGE);
    const sent = c.req.header(CSRF_HEADER) ?? '';
    if (fresh || !timingSafeEqualStrings(sent, token)) throw new ApiError('CSRF', CSRF_MESSAGE);
  }
  await next();
  // Set after the handler so that error answers carry the cookie too.
  if (fresh) setCsrfCookie(c, c.get('csrfToken'));
});

/** A new CSRF token (at login): a token an attacker planted before the login is worth nothing after it. */
export function rotateCsrf(c: AppContext): void {
  const token = randomToken(18);
  c.set('csrfToken', token);
  setCsrfCookie(c, token);
}
