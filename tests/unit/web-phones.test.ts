import { describe, expect, it } from 'vitest';
import { dialCode, dialCountries } from '../../web/lib/dial-codes';
import { testDisabledText } from '../../web/lib/phone-messages';
import {
  countedPhones,
  deriveStatus,
  filterPhones,
  formatPairingCode,
  partnerModeOf,
  proxyOffered,
  recommendedProxy,
  redeployAllBody,
  regionOf,
  statusLabel,
  type Phone,
} from '../../web/lib/phones';
import { cleanPhoneNumber } from '../../web/pages/phones/ConnectWithPhoneNumber';
import { screenRefreshMs } from '../../web/pages/phones/PhoneScreen';
import { checklistItems } from '../../web/pages/phones/ProfileChecklist';
import { progressOf, statusPollMs } from '../../web/stores/phone-watch';

function phone(over: Partial<Phone> & { id: number }): Phone {
  return {
    pid: 'p',
    number: '',
    name: '',
    status: 'active',
    type: 'whatsapp',
    engine: 'sim',
    multi_device: true,
    own_multi_device: true,
    version: '',
    proxy: false,
    proxyRegion: null,
    queue: 0,
    active: true,
    deleted: false,
    mod: 'live',
    data: { sandbox: false, mobile_proxy: false },
    created_at: '',
    updated_at: '',
    ...over,
  };
}

const flags = { loggedIn: false, isQr: false, loading: false, connRetry: false, message: '' };

describe('phone status', () => {
  it('derives the status from the status call in the spec order', () => {
    expect(deriveStatus({ phone_status: 'active', status: { ...flags, connRetry: true, loggedIn: true } })).toBe(
      'conn-retry',
    );
    expect(deriveStatus({ phone_status: 'qr-screen', status: { ...flags, isQr: true } })).toBe('qr-screen');
    expect(deriveStatus({ phone_status: 'loading', status: { ...flags, loading: true } })).toBe('loading');
    expect(deriveStatus({ phone_status: 'creating...', status: { ...flags, loading: true } })).toBe('creating...');
    expect(deriveStatus({ phone_status: 'phone-error', status: { ...flags, message: 'No signal' } })).toBe(
      'phone-error',
    );
    expect(deriveStatus({ phone_status: 'active', status: { ...flags, loggedIn: true } })).toBe('active');
    expect(deriveStatus({ phone_status: 'PAIRING', status: flags })).toBe('PAIRING');
    expect(deriveStatus({ phone_status: '', status: flags })).toBe('other');
    expect(deriveStatus({ phone_status: 'disabled', status: { ...flags, loading: true } })).toBe('disabled');
  });

  it("shows conn-retry as 'no internet', and the disabled send in a sentence that says what to do", () => {
    expect(statusLabel('conn-retry')).toBe('no internet');
    expect(testDisabledText('qr-screen')).toBe(
      'This phone is waiting for its QR code to be scanned. Scan it with WhatsApp on the phone, then send.',
    );
    // Every status a phone can be in says what is happening and what to do, never the raw status.
    for (const status of ['PAIRING', 'conn-retry', 'loading', 'idle', 'TIMEOUT', 'other', 'something-new']) {
      const text = testDisabledText(status);
      expect(text).not.toContain(status);
      expect(text).toMatch(/^[A-Z].*\.$/);
    }
    expect(testDisabledText('PAIRING')).toBe(
      'This phone is waiting for its pairing code. Enter the code in WhatsApp on the phone (Linked devices, Link with phone number), then send.',
    );
  });

  it('polls every 5 s, every 20 s when active; refreshes the screen faster while loading, in QR or disabled', () => {
    expect(statusPollMs('active')).toBe(20_000);
    expect(statusPollMs('qr-screen')).toBe(5_000);
    expect(screenRefreshMs('active')).toBe(20_000);
    for (const s of ['loading', 'creating...', 'qr-screen', 'disabled']) expect(screenRefreshMs(s)).toBe(5_000);
    expect(screenRefreshMs('idle')).toBe(20_000);
  });

  it('climbs the progress bar 20 → 50 → 80', () => {
    expect(progressOf({ replicas: 0, availableReplicas: 0, readyReplicas: 0 }).percent).toBe(20);
    expect(progressOf({ replicas: 1, availableReplicas: 0, readyReplicas: 0 })).toMatchObject({
      percent: 50,
      label: 'instance creating',
    });
    expect(progressOf({ replicas: 1, availableReplicas: 1, readyReplicas: 1 })).toMatchObject({
      percent: 80,
      label: 'instance created',
    });
  });
});

describe('phone list', () => {
  const list = [
    phone({ id: 1, name: 'Support Line', number: '905301112233' }),
    phone({ id: 22, name: 'Sales', status: 'qr-screen' }),
    phone({ id: 3, status: 'disabled', active: false }),
    phone({ id: 4, status: 'creating...', queue: 3 }),
    phone({ id: 5, data: { sandbox: true, mobile_proxy: false } }),
  ];

  it('searches number, id or name, trimmed and case-insensitive', () => {
    expect(filterPhones(list, 'all', '  support ').map((p) => p.id)).toEqual([1]);
    expect(filterPhones(list, 'all', '1112').map((p) => p.id)).toEqual([1]);
    expect(filterPhones(list, 'all', '22').map((p) => p.id)).toEqual([1, 22]);
    expect(filterPhones(list, 'all', '').length).toBe(5);
  });

  it('filters by status and by queue', () => {
    expect(filterPhones(list, 'disabled', '').map((p) => p.id)).toEqual([3]);
    expect(filterPhones(list, 'loading', '').map((p) => p.id)).toEqual([4]);
    expect(filterPhones(list, 'has-queue', '').map((p) => p.id)).toEqual([4]);
    expect(filterPhones(list, 'has-queue', '', { 22: 5 }).map((p) => p.id)).toEqual([22, 4]);
  });

  it('counts enabled non-sandbox phones against the limit', () => {
    expect(countedPhones(list)).toBe(3);
  });

  it('omits the phone list of a bulk redeploy when every enabled phone is selected', () => {
    expect(redeployAllBody([1, 22, 4, 5], list)).toEqual({});
    expect(redeployAllBody([1, 22, 3, 4, 5], list)).toEqual({});
    expect(redeployAllBody([1, 4], list)).toEqual({ phones: [1, 4] });
  });

  it('offers a proxy only to enabled, non-sandbox, proxy-less, inactive phones', () => {
    expect(proxyOffered(phone({ id: 1, status: 'qr-screen' }))).toBe(true);
    expect(proxyOffered(phone({ id: 1, status: 'active' }))).toBe(false);
    expect(proxyOffered(phone({ id: 1, status: 'qr-screen', proxy: true }))).toBe(false);
    expect(proxyOffered(phone({ id: 1, status: 'qr-screen', data: { sandbox: true, mobile_proxy: false } }))).toBe(
      false,
    );
  });

  it('shows partners closed for disabled phones', () => {
    expect(partnerModeOf(phone({ id: 1, mod: 'trial' }))).toBe('trial');
    expect(partnerModeOf(phone({ id: 1, status: 'disabled', active: false, mod: 'live' }))).toBe('closed');
  });
});

describe('regions, numbers and codes', () => {
  it('flags South Asia and South America and recommends their proxies', () => {
    expect(regionOf('pk')).toBe('south-asia');
    expect(regionOf('BR')).toBe('south-america');
    expect(regionOf('TR')).toBeNull();
    expect(regionOf(null)).toBeNull();
    expect(recommendedProxy('south-asia')).toBe('IN');
    expect(recommendedProxy('south-america')).toBe('SA');
  });

  it('formats pairing codes and cleans numbers', () => {
    expect(formatPairingCode('abcdefgh')).toBe('ABCD-EFGH');
    expect(cleanPhoneNumber('+90 530 123 45 67')).toBe('905301234567');
    expect(cleanPhoneNumber('90530abc')).toBe('');
  });

  it('puts Türkiye first in the country picker', () => {
    expect(dialCode('tr')).toBe('90');
    expect(dialCountries()[0]?.value).toBe('TR');
  });
});

describe('profile checklist', () => {
  it("shows the server's steps in its order, each with its label and page", () => {
    const items = checklistItems([
      { key: 'profile', done: true },
      { key: 'subscribe', done: false },
      { key: 'phone', done: true },
      { key: 'pair', done: false },
      { key: 'webhook', done: false },
    ]);
    expect(items.map((i) => i.key)).toEqual(['profile', 'subscribe', 'phone', 'pair', 'webhook']);
    expect(items.filter((i) => i.done).map((i) => i.key)).toEqual(['profile', 'phone']);
    expect(items.find((i) => i.key === 'subscribe')?.href).toBe('/subscription');
    expect(items.find((i) => i.key === 'webhook')?.href).toBe('/developers/webhook');
  });
});
