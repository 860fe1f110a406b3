import { describe, expect, it } from 'vitest';
import { matchPattern, resolvePath } from '../../src/shared/routes';

describe('route table', () => {
  it('matches wouter patterns', () => {
    expect(matchPattern('/phone-detail/:phone', '/phone-detail/42')).toBe(true);
    expect(matchPattern('/phone-detail/:phone', '/phone-detail')).toBe(false);
    expect(matchPattern('/yta/:rest*', '/yta/users/1')).toBe(true);
    expect(matchPattern('/forgot', '/forgot/')).toBe(true);
  });

  it('resolves redirects, the settings catch-all and 404s', () => {
    expect(resolvePath('/documentation')).toEqual({ redirect: '/developers/documentation' });
    expect(resolvePath('/settings/foo')).toEqual({ redirect: '/settings' });
    expect(resolvePath('/settings/account').route?.title).toBe('Settings');
    expect(resolvePath('/tools/vcardmaker').route?.access).toBe('public');
    expect(resolvePath('/tools/warmingup').route?.access).toBe('private');
    expect(resolvePath('/nope')).toEqual({});
  });
});
