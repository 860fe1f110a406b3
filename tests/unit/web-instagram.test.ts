import { describe, expect, it } from 'vitest';
import { mapState } from '../../src/services/phones/status-map';
import {
  deriveInstagramStatus,
  inClosedBeta,
  loginErrors,
  logoutDisabled,
  rowClick,
  showsDisable,
  usedAccounts,
} from '../../web/lib/instagram';

describe('Instagram account rules (3-developer §2.4, §4, §5)', () => {
  const flags = { loggedIn: false, isQr: false, loading: false, connRetry: false, message: '' };

  it("derives the status of a status check in the spec's order", () => {
    expect(deriveInstagramStatus({ ...flags, connRetry: true, loggedIn: true }, 'active')).toBe('no internet');
    expect(deriveInstagramStatus({ ...flags, loading: true }, 'loading')).toBe('not_logged_in');
    expect(deriveInstagramStatus({ ...flags, loggedIn: true, loading: true, message: 'x' }, 'active')).toBe('loading');
    expect(deriveInstagramStatus({ ...flags, loggedIn: true, message: 'challenge' }, 'active')).toBe('account-error');
    expect(deriveInstagramStatus({ ...flags, loggedIn: true }, 'active')).toBe('active');
    expect(deriveInstagramStatus({ ...flags, loggedIn: true }, 'disabled')).toBe('disabled');
  });

  it("stores the sessions' Instagram states so that the status check derives them back", () => {
    const derived = (s: Parameters<typeof mapState>[0]) =>
      deriveInstagramStatus(mapState(s, 'v').flags, mapState(s, 'v').status);
    expect(mapState({ kind: 'login-required' }, 'v').status).toBe('not_logged_in');
    expect(derived({ kind: 'login-required' })).toBe('not_logged_in');
    expect(mapState({ kind: 'account-error', message: 'challenge' }, 'v').status).toBe('account-error');
    expect(derived({ kind: 'account-error', message: 'challenge' })).toBe('account-error');
    expect(derived({ kind: 'active', me: { number: 'shop', name: 'shop' } })).toBe('active');
    expect(derived({ kind: 'conn-retry' })).toBe('no internet');
  });

  it('decides what a row click does', () => {
    expect(rowClick({ status: 'loading', number: 'a' })).toBe('nothing');
    expect(rowClick({ status: 'disabled', number: 'a' })).toBe('enable');
    expect(rowClick({ status: 'active', number: 'a' })).toBe('select');
    expect(rowClick({ status: 'account-error', number: 'a' })).toBe('select');
    expect(rowClick({ status: 'idle', number: 'a' })).toBe('select');
    expect(rowClick({ status: 'idle', number: '' })).toBe('login');
    expect(rowClick({ status: 'not_logged_in', number: '' })).toBe('login');
    expect(rowClick({ status: 'no internet', number: 'a' })).toBe('login');
  });

  it('disables logout for loading, not_logged_in, idle, creating... and empty; offers disable but on disabled rows', () => {
    for (const s of ['loading', 'not_logged_in', 'idle', 'creating...', '']) expect(logoutDisabled(s)).toBe(true);
    for (const s of ['active', 'account-error', 'no internet']) expect(logoutDisabled(s)).toBe(false);
    expect(showsDisable('active')).toBe(true);
    expect(showsDisable('disabled')).toBe(false);
  });

  it('counts enabled accounts, shows the closed beta without package and limit, and validates the login', () => {
    expect(usedAccounts([{ active: true }, { active: false }, { active: true }])).toBe(2);
    expect(inClosedBeta({ subscription_package: null, instagram_limit: 0 })).toBe(true);
    expect(inClosedBeta({ subscription_package: 'api', instagram_limit: 0 })).toBe(false);
    expect(inClosedBeta({ subscription_package: null, instagram_limit: 1 })).toBe(false);
    expect(Object.keys(loginErrors({ username: ' ', password: '', code: '' }, false))).toEqual([
      'username',
      'password',
    ]);
    expect(loginErrors({ username: 'a', password: 'b', code: '' }, true).code).toBeTruthy();
    expect(loginErrors({ username: 'a', password: 'b', code: '' }, false)).toEqual({});
  });
});
