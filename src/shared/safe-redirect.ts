/**
 * Where a signed-in user goes after login: the `origin` the login page carried, when it stays on the
 * site, else `/` (1-console §2). Shared by the server's shell route and the console, so both refuse
 * the same forms.
 *
 * The rule: the origin must be a path (one leading `/`, no scheme, not protocol-relative), hold no
 * backslash and no control character (tab, newline and the rest, nor their percent-encoded forms,
 * nor an encoded backslash), and, resolved with `URL` against the app's own origin, keep that origin.
 * What comes back is the resolved path, query and fragment; never a value whose path begins `//`.
 * The login and register pages themselves send the user to `/`.
 *
 * After a sign-up the same origin is honoured (a visitor sent to log in from a tool who creates an
 * account instead comes back to that tool); without one the new account lands on `/subscription`.
 */

const AUTH_PAGES = ['/login', '/register'];

/** Control characters and the backslash, raw. */
const RAW_REFUSED = /[\u0000-\u001f\u007f-\u009f\\]/;
/** The same, percent-encoded (any case): %00–%1F, %7F, %5C. */
const ENCODED_REFUSED = /%(?:[01][0-9a-f]|7f|5c)/i;

/** The post-login destination for a raw `origin` value, or `fallback` when it would leave the site. */
export function postLoginTarget(origin: string | null | undefined, appOrigin: string, fallback = '/'): string {
  if (!origin || origin[0] !== '/' || origin[1] === '/') return fallback;
  if (RAW_REFUSED.test(origin) || ENCODED_REFUSED.test(origin)) return fallback;
  let base: URL;
  let url: URL;
  try {
    base = new URL(appOrigin);
    url = new URL(origin, base.origin);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  // `/.//host` resolves to the path `//host`, which as a Location would be protocol-relative.
  if (url.pathname.startsWith('//')) return fallback;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (AUTH_PAGES.includes(path)) return fallback;
  return url.pathname + url.search + url.hash;
}

/** Where a new account goes after sign-up: the register page's `origin` by the same rule, else `/subscription`. */
export function postSignUpTarget(origin: string | null | undefined, appOrigin: string): string {
  return postLoginTarget(origin, appOrigin, '/subscription');
}
