import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../errors';
import type { AppContext, AppEnv } from '../env';
import { createSession, validateSession } from '../services/auth/sessions';
import { rotateCsrf } from './csrf';
import type { UserRow } from '../../db/schema';

const SESSION_COOKIE = 'wapi_session';

function cookieOptions(c: AppContext, expiresAt: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax' as const,
    secure: !c.get('deps').config.dev,
    expires: new Date(expiresAt),
  };
}

/** Loads the signed-in user from the session cookie, sliding its expiry. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('sessionToken', null);
  const token = getCookie(c, SESSION_COOKIE);
  if (token && token.length <= 128) {
    const found = await validateSession(c.get('ctx'), token);
    if (found) {
      c.set('user', found.user);
      c.set('sessionToken', token);
      if (found.renewedUntil) setCookie(c, SESSION_COOKIE, token, cookieOptions(c, found.renewedUntil));
    } else {
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
    }
  }
  await next();
});

/** Starts a fresh session (a new session token and a new CSRF token every login), replacing the cookies. */
export async function startSession(c: AppContext, userId: number): Promise<void> {
  const { token, expiresAt } = await createSession(c.get('ctx'), userId);
  setCookie(c, SESSION_COOKIE, token, cookieOptions(c, expiresAt));
  c.set('sessionToken', token);
  rotateCsrf(c);
}

export function clearSessionCookie(c: AppContext): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: !c.get('deps').config.dev });
}

/** Route middleware: 401 before the body is read or validated when nobody is signed in. */
export const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  requireUser(c);
  await next();
});

/** The signed-in user, or 401 in the one error shape. */
export function requireUser(c: AppContext): UserRow {
  const user = c.get('user');
  if (!user) throw new ApiError('UNAUTHORIZED', 'You are not logged in.');
  return user;
}
