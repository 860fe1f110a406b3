import { resolvePath, type RouteSpec } from '../../src/shared/routes';
import { postLoginTarget, postSignUpTarget } from '../../src/shared/safe-redirect';

/** What the console shows for a location. */
export type Decision =
  | { kind: 'redirect'; to: string }
  | { kind: 'route'; route: RouteSpec; params: Record<string, string> }
  | { kind: 'notFound' };

function withQuery(search: string): string {
  const s = search.replace(/^\?/, '');
  return s ? `?${s}` : '';
}

/** `/login?origin=…` carrying the page an anonymous visitor asked for. */
export function loginUrlFor(pathname: string, search = ''): string {
  return `/login?origin=${encodeURIComponent(pathname + withQuery(search))}`;
}

/** The console's own origin (a fixed stand-in outside a browser, where only the path matters). */
function appOrigin(): string {
  return typeof window !== 'undefined' && window.location ? window.location.origin : 'http://localhost';
}

/**
 * Where to go after login: the origin when it stays on the site, else `/`; also `/` when the origin
 * was the login or register page (1-console §2). The same rule as the server's (src/shared/safe-redirect).
 */
export function safeOrigin(origin: string | null | undefined, base = appOrigin()): string {
  return postLoginTarget(origin, base);
}

/** The post-login destination read from a location's search string. */
export function afterLoginPath(search: string, base = appOrigin()): string {
  return safeOrigin(new URLSearchParams(search).get('origin'), base);
}

/** The post-sign-up destination read from a location's search string: the origin, else /subscription. */
function afterSignUpPath(search: string, base = appOrigin()): string {
  return postSignUpTarget(new URLSearchParams(search).get('origin'), base);
}

/** The other auth page (login or register) keeping the `origin` the visitor carries. */
export function withOrigin(path: '/login' | '/register', search: string): string {
  const origin = new URLSearchParams(search).get('origin');
  return origin ? `${path}?origin=${encodeURIComponent(origin)}` : path;
}

/** Values of the `:name` segments of a wouter-style pattern (a trailing `:rest*` takes the remainder). */
export function routeParams(pattern: string, pathname: string): Record<string, string> {
  const p = pattern.split('/').filter(Boolean);
  const s = pathname.split('/').filter(Boolean);
  const out: Record<string, string> = {};
  p.forEach((seg, i) => {
    if (!seg.startsWith(':')) return;
    if (seg.endsWith('*')) out[seg.slice(1, -1)] = s.slice(i).map(decodeURIComponent).join('/');
    else if (s[i] !== undefined) out[seg.slice(1)] = decodeURIComponent(s[i]!);
  });
  return out;
}

/**
 * The routing decision for a location, from the shared route table: table redirects, guest pages
 * for signed-in users, private pages for anonymous visitors, the route itself, or the 404 page.
 */
export function decide(pathname: string, search: string, authenticated: boolean): Decision {
  const { route, redirect } = resolvePath(pathname);
  if (redirect) return { kind: 'redirect', to: redirect };
  if (!route) return { kind: 'notFound' };
  if (route.access === 'guest' && authenticated) {
    return { kind: 'redirect', to: route.path === '/register' ? afterSignUpPath(search) : afterLoginPath(search) };
  }
  if (route.access === 'private' && !authenticated) return { kind: 'redirect', to: loginUrlFor(pathname, search) };
  return { kind: 'route', route, params: routeParams(route.path, pathname) };
}

/**
 * The support bubble shows everywhere except the staff back-office under /yta and the agent app
 * under /live (agents are the customer's staff, not our customers).
 */
export function showSupportBubble(pathname: string): boolean {
  return !/^\/(yta|live)(\/|$)/.test(pathname);
}

/**
 * Pages whose working surface reaches the bottom right (the chat pane's Send, the analytics tables):
 * the bubble ends the page there instead of floating over them.
 */
export function supportBubbleDocked(pathname: string): boolean {
  return /^\/(chat|analytic)(\/|$)/.test(pathname);
}

/**
 * Partner accounts have their own subscription page (1-console §2) instead of the package page; where
 * a route sends the account instead, or null. Others stay on /subscription_partner, which tells them
 * what the partner program is and how to apply (issue 38).
 */
export function partnerRedirect(routePath: string, partner: boolean): string | null {
  if (partner && routePath === '/subscription') return '/subscription_partner';
  return null;
}
