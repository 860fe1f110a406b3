import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/shared/routes';
import { csrfToken, formBody } from '../../web/lib/api';
import {
  afterLoginPath,
  decide,
  loginUrlFor,
  routeParams,
  safeOrigin,
  showSupportBubble,
  supportBubbleDocked,
  withOrigin,
} from '../../web/lib/navigation';
import { PAGES } from '../../web/routes';
import { postLoginTarget } from '../../src/shared/safe-redirect';
import { OFF_SITE_ORIGINS, ON_SITE_ORIGINS } from '../support/open-redirects';

describe('console routing decisions', () => {
  it('sends anonymous visitors to /login carrying the origin', () => {
    expect(decide('/phone-detail/12', 'tab=chat', false)).toEqual({
      kind: 'redirect',
      to: '/login?origin=%2Fphone-detail%2F12%3Ftab%3Dchat',
    });
    expect(loginUrlFor('/settings')).toBe('/login?origin=%2Fsettings');
  });

  it('sends signed-in users away from the guest pages', () => {
    expect(decide('/login', 'origin=%2Fsettings', true)).toEqual({ kind: 'redirect', to: '/settings' });
    expect(decide('/login', '', true)).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('/register', '', true)).toEqual({ kind: 'redirect', to: '/subscription' });
  });

  it('sends a new account to the tool that sent the visitor to log in, carried from /login to /register and back', () => {
    expect(decide('/register', 'origin=%2Ftools%2Fwarmingup', true)).toEqual({
      kind: 'redirect',
      to: '/tools/warmingup',
    });
    expect(decide('/register', `origin=${encodeURIComponent('//evil.example')}`, true)).toEqual({
      kind: 'redirect',
      to: '/subscription',
    });
    expect(decide('/register', 'origin=%2Fregister', true)).toEqual({ kind: 'redirect', to: '/subscription' });
    expect(withOrigin('/register', 'origin=%2Ftools%2Fwarmingup')).toBe('/register?origin=%2Ftools%2Fwarmingup');
    expect(withOrigin('/login', 'origin=%2Ftools%2Fwarmingup&x=1')).toBe('/login?origin=%2Ftools%2Fwarmingup');
    expect(withOrigin('/register', '')).toBe('/register');
  });

  it('goes to / after login when the origin was an auth page or not local', () => {
    expect(afterLoginPath('origin=%2Flogin%3Forigin%3D%252Fx')).toBe('/');
    expect(safeOrigin('/register')).toBe('/');
    expect(safeOrigin('//evil.example')).toBe('/');
    expect(safeOrigin('/\\evil.example')).toBe('/');
    expect(safeOrigin('https://evil.example')).toBe('/');
    expect(safeOrigin('/tools/vcardmaker?x=1')).toBe('/tools/vcardmaker?x=1');
    expect(safeOrigin(null)).toBe('/');
  });

  it("refuses every off-site, backslash, control-character and scheme origin (the server's rule)", () => {
    for (const base of ['http://localhost', 'https://app.example:8443']) {
      for (const origin of OFF_SITE_ORIGINS) {
        expect([safeOrigin(origin, base), origin]).toEqual(['/', origin]);
        expect([postLoginTarget(origin, base), origin]).toEqual(['/', origin]);
        expect(afterLoginPath(`origin=${encodeURIComponent(origin)}`, base)).toBe('/');
        expect(decide('/login', `origin=${encodeURIComponent(origin)}`, true)).toEqual({ kind: 'redirect', to: '/' });
      }
      for (const [origin, to] of ON_SITE_ORIGINS) {
        expect(safeOrigin(origin, base)).toBe(to);
        expect(decide('/login', `origin=${encodeURIComponent(origin)}`, true)).toEqual({ kind: 'redirect', to });
      }
    }
    expect(afterLoginPath('origin=/%5C127.0.0.1:21799/pwned')).toBe('/');
    expect(afterLoginPath('origin=/%09/host/x')).toBe('/');
  });

  it('follows the table redirects and the /settings catch-all, and answers 404 for the rest', () => {
    expect(decide('/documentation', '', true)).toEqual({ kind: 'redirect', to: '/developers/documentation' });
    expect(decide('/settings/whatever', '', true)).toEqual({ kind: 'redirect', to: '/settings' });
    expect(decide('/settings/account', '', true)).toMatchObject({
      kind: 'route',
      route: { path: '/settings/account' },
    });
    expect(decide('/no/such/page', '', true)).toEqual({ kind: 'notFound' });
    expect(decide('/no/such/page', '', false)).toEqual({ kind: 'notFound' });
  });

  it('renders public pages for everyone, with their parameters', () => {
    expect(decide('/verify/resetPassword/abc%20d', '', false)).toMatchObject({
      kind: 'route',
      params: { token: 'abc d' },
    });
    expect(decide('/forgot', '', true)).toMatchObject({ kind: 'route', route: { path: '/forgot' } });
    expect(routeParams('/yta/:rest*', '/yta/users/1')).toEqual({ rest: 'users/1' });
  });

  it('routes each back-office tab to its own page in the staff frame, and any other /yta address to the catch-all', () => {
    expect(decide('/yta', '', true)).toMatchObject({
      kind: 'route',
      route: { path: '/yta', title: 'Back Office', area: 'staff' },
    });
    expect(decide('/yta/audit/', '', true)).toMatchObject({
      kind: 'route',
      route: { path: '/yta/audit', title: 'Back Office', access: 'private', layout: 'none', area: 'staff' },
    });
    expect(decide('/yta/no-such-tab', '', true)).toMatchObject({
      kind: 'route',
      route: { path: '/yta/:rest*', title: 'Back Office', area: 'staff' },
    });
    expect(ROUTES.filter((r) => r.path.startsWith('/yta')).every((r) => r.area === 'staff')).toBe(true);
  });

  it('has a page for every built route of the shared table', () => {
    const built = ROUTES.filter((r) => r.area !== 'later').map((r) => r.path);
    expect(Object.keys(PAGES).sort()).toEqual([...built].sort());
  });

  it('hides the support bubble in the back-office only', () => {
    expect(showSupportBubble('/yta')).toBe(false);
    expect(showSupportBubble('/yta/users')).toBe(false);
    expect(showSupportBubble('/ytab')).toBe(true);
    expect(showSupportBubble('/settings')).toBe(true);
    // The agent app is not a customer's console (issue 22).
    expect(showSupportBubble('/live')).toBe(false);
    expect(showSupportBubble('/live/login')).toBe(false);
    expect(showSupportBubble('/lively')).toBe(true);
    expect(supportBubbleDocked('/chat')).toBe(true);
    expect(supportBubbleDocked('/analytic/timeline')).toBe(true);
    expect(supportBubbleDocked('/phones')).toBe(false);
  });
});

describe('console API client', () => {
  it('sends one form field `data` carrying JSON', () => {
    expect(formBody({ username: 'a@b.co', password: 'p&q=' }).toString()).toBe(
      `data=${encodeURIComponent(JSON.stringify({ username: 'a@b.co', password: 'p&q=' })).replace(/%20/g, '+')}`,
    );
    expect(new URLSearchParams(formBody({ a: 1 }).toString()).get('data')).toBe('{"a":1}');
  });

  it('reads the CSRF token from the wapi_csrf cookie', () => {
    expect(csrfToken('theme=dark; wapi_csrf=abc%3D123; other=1')).toBe('abc=123');
    expect(csrfToken('theme=dark')).toBe('');
  });
});
