import { describe, expect, it } from 'vitest';
import type { SessionState } from '../../src/engines/types';
import { PHONE_STATUSES } from '../../src/shared/phone-status';
import { deriveStatus, mapState, webhookStatus } from '../../src/services/phones/status-map';

describe('status mapping (2-phones §4.1, 3-developer §4)', () => {
  const cases: [SessionState, string, string][] = [
    [{ kind: 'starting' }, 'loading', 'loading'],
    [{ kind: 'connecting' }, 'loading', 'loading'],
    [{ kind: 'logged-out', reason: 'x' }, 'loading', 'loading'],
    [{ kind: 'qr', qr: '2@x' }, 'qr-screen', 'qr-screen'],
    [{ kind: 'pairing', code: 'ABCDEFGH' }, 'PAIRING', 'other'],
    [{ kind: 'active', me: { number: '905301234567', name: 'A' } }, 'active', 'active'],
    [{ kind: 'conn-retry' }, 'conn-retry', 'no internet'],
    [{ kind: 'phone-error', message: 'Phone not connected' }, 'phone-error', 'phone-error'],
    [{ kind: 'banned', message: 'banned' }, 'phone-error', 'phone-error'],
    [{ kind: 'idle' }, 'idle', 'other'],
  ];
  it.each(cases)('%o is stored as %s and derived by the console as %s', (state, status, derived) => {
    const m = mapState(state, 'v1');
    expect(m.status).toBe(status);
    expect(deriveStatus(m.flags)).toBe(derived);
    expect(m.flags.version).toBe('v1');
    expect(m.flags.multidevice).toBe(true);
  });

  it("derives in the spec's order: connRetry, isQr, loading, message, loggedIn, else other", () => {
    const none = { connRetry: false, isQr: false, loading: false, message: '', loggedIn: false };
    expect(deriveStatus({ ...none, connRetry: true, isQr: true })).toBe('no internet');
    expect(deriveStatus({ ...none, isQr: true, loading: true })).toBe('qr-screen');
    expect(deriveStatus({ ...none, loading: true, message: 'x' })).toBe('loading');
    expect(deriveStatus({ ...none, message: 'x', loggedIn: true })).toBe('phone-error');
    expect(deriveStatus({ ...none, loggedIn: true })).toBe('active');
    expect(deriveStatus(none)).toBe('other');
  });

  it('maps every console status onto the webhook status enum', () => {
    const map = Object.fromEntries(PHONE_STATUSES.map((s) => [s, webhookStatus(s)]));
    expect(map).toEqual({
      'creating...': 'loading',
      loading: 'loading',
      'qr-screen': 'qr-code',
      PAIRING: 'qr-code',
      active: 'active',
      'conn-retry': 'phone-error',
      TIMEOUT: 'phone-error',
      'phone-error': 'phone-error',
      'low-battery': 'phone-error',
      idle: 'idle',
      disabled: 'disabled',
      not_logged_in: 'qr-code',
      'account-error': 'phone-error',
    });
  });
});
