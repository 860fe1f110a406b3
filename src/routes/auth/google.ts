import { generateCodeVerifier, generateState } from 'arctic';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ApiError } from '../../errors';
import { googleCallbackQuery, googleStartQuery } from '../../shared/schemas/auth';
import { postLoginTarget, postSignUpTarget } from '../../shared/safe-redirect';
import type { AppContext } from '../../env';
import { startSession } from '../../middleware/session';
import { signInWithGoogle } from '../../services/auth/google-accounts';
import { CONSOLE_TAGS, redirect } from '../kit/console-declare';
import { endpoint, routes } from '../kit/declare';

const STATE_COOKIE = 'google_oauth_state';
const VERIFIER_COOKIE = 'google_code_verifier';
const RETURN_COOKIE = 'google_oauth_return';
const ORIGIN_COOKIE = 'google_oauth_origin';
/** A longer `origin` is dropped (the user lands on the default page) rather than refused. */
const ORIGIN_MAX = 1024;
/** How long the sign-in round trip to Google may take. */
const OAUTH_COOKIE_SECONDS = 10 * 60;

const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';

/** This app's OAuth client, its callback and the Google port (src/adapters/google/) the calls go through. */
function client(c: AppContext) {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_OAUTH_URL, APP_URL } = c.get('deps').config;
  const port = c.get('ctx').google;
  if (!GOOGLE_CLIENT_ID || !GOOGLE_CLIENT_SECRET || !port) throw new ApiError('NOT_CONFIGURED', GOOGLE_NOT_CONFIGURED);
  const base = (APP_URL ?? new URL(c.req.url).origin).replace(/\/+$/, '');
  const app = {
    id: GOOGLE_CLIENT_ID,
    secret: GOOGLE_CLIENT_SECRET,
    tokenUrl: `${GOOGLE_OAUTH_URL.replace(/\/+$/, '')}/token`,
  };
  return { port, app, redirectUri: `${base}/api/auth/google/callback` };
}

function failed(c: AppContext, reason: string) {
  return c.redirect(`/login?error=${encodeURIComponent(reason)}`, 302);
}

const start = endpoint(
  'get',
  '/',
  CONSOLE_TAGS.account,
  "Sign in or up with Google: redirects to Google's consent page",
  {
    query: googleStartQuery,
  },
  redirect('To Google, with the state and PKCE verifier in short-lived cookies'),
);
const callback = endpoint(
  'get',
  '/callback',
  CONSOLE_TAGS.account,
  "Google's return: starts a session and redirects into the console",
  { query: googleCallbackQuery },
  redirect(
    'Into the console (the `origin` given at the start, else `/subscription` for a new account and `/`), or to `/login?error=...` when the sign-in failed',
  ),
);

/** `/api/auth/google`: sign-in and sign-up with Google (state and PKCE verifier in short-lived cookies). */
export const googleRoutes = routes()
  .openapi(start, (c) => {
    const google = client(c);
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = google.port.consentUrl(google.app, google.redirectUri, state, verifier, ['openid', 'email', 'profile']);
    const opts = {
      path: '/api/auth/google',
      httpOnly: true,
      sameSite: 'Lax' as const,
      secure: !c.get('deps').config.dev,
      maxAge: OAUTH_COOKIE_SECONDS,
    };
    setCookie(c, STATE_COOKIE, state, opts);
    setCookie(c, VERIFIER_COOKIE, verifier, opts);
    const { from, origin } = c.req.valid('query');
    setCookie(c, RETURN_COOKIE, from === 'register' ? 'register' : 'login', opts);
    const back = origin && origin.length <= ORIGIN_MAX ? postLoginTarget(origin, new URL(c.req.url).origin, '') : '';
    if (back) setCookie(c, ORIGIN_COOKIE, back, opts);
    return c.redirect(url.toString(), 302);
  })
  .openapi(callback, async (c) => {
    const google = client(c);
    const { state, code } = c.req.valid('query');
    const expected = getCookie(c, STATE_COOKIE);
    const verifier = getCookie(c, VERIFIER_COOKIE);
    const back = getCookie(c, ORIGIN_COOKIE);
    for (const name of [STATE_COOKIE, VERIFIER_COOKIE, RETURN_COOKIE, ORIGIN_COOKIE])
      deleteCookie(c, name, { path: '/api/auth/google' });
    if (!state || !code || !expected || !verifier || state !== expected) {
      return failed(
        c,
        'Google sign-in failed: the request expired or did not come from this browser. Please try again.',
      );
    }
    let claims: Record<string, unknown>;
    try {
      claims = await google.port.signInClaims(google.app, google.redirectUri, code, verifier);
    } catch {
      return failed(c, 'Google sign-in failed. Please try again.');
    }
    const outcome = await signInWithGoogle(c.get('ctx'), claims);
    if (!outcome.ok) return failed(c, outcome.reason);
    await startSession(c, outcome.user.id);
    // The origin is checked again on the way out: the same rule as the login page's.
    const appOrigin = new URL(c.req.url).origin;
    return c.redirect(outcome.created ? postSignUpTarget(back, appOrigin) : postLoginTarget(back, appOrigin), 302);
  });
