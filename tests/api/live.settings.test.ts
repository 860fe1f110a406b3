import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_AUTO_MSG } from '../../src/shared/live-auto-messages';
import { expectError } from '../support/agent';
import { json, liveAccount, openEvents, type LiveAccount } from '../support/live-inbox';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

const DEFAULTS = { auto_assign: 'off', max_open_per_agent: 10, csat: false, away_message: '', business_hours: null };
const HOURS = {
  timezone: 'Europe/Istanbul',
  days: {
    mon: [
      { from: '09:00', to: '12:00' },
      { from: '13:00', to: '17:30' },
    ],
    sat: [],
  },
};

describe('live inbox: settings (issue 42)', () => {
  it('answers the defaults, saves what the owner changes, keeps the rest, and tells every inbox', async () => {
    expect((await json(await acc.ann.get('/api/live/settings'))).data).toEqual(DEFAULTS);
    const stream = await openEvents(acc.bob);
    await stream.next();
    const saved = await acc.o.agent.postJson('/api/live/settings', {
      auto_assign: 'round_robin',
      max_open_per_agent: 3,
      business_hours: HOURS,
      away_message: '  We are closed; we answer from 9:00.  ',
    });
    expect(saved.status).toBe(200);
    const want = {
      ...DEFAULTS,
      auto_assign: 'round_robin',
      max_open_per_agent: 3,
      business_hours: HOURS,
      away_message: 'We are closed; we answer from 9:00.',
    };
    expect((await json(saved)).data).toEqual(want);
    expect((await stream.until('settings')).data).toEqual({ by: acc.o.email, settings: want });
    await stream.close();
    // A partial change keeps the other fields; agents read the same.
    await acc.o.agent.postJson('/api/live/settings', { csat: true });
    expect((await json(await acc.bob.get('/api/live/settings'))).data).toEqual({ ...want, csat: true });
    await acc.o.agent.postJson('/api/live/settings', { business_hours: null });
    expect((await json(await acc.o.agent.get('/api/live/settings'))).data.business_hours).toBeNull();
  });

  it('refuses an agent (403) and leaves the settings as they were', async () => {
    const res = await acc.ann.postJson('/api/live/settings', { auto_assign: 'round_robin' });
    expect((await expectError(res, 403)).message).toBe(LIVE_AUTO_MSG.ownerOnly);
    expect((await json(await acc.ann.get('/api/live/settings'))).data).toEqual(DEFAULTS);
  });

  it('answers bad input with a clear 4xx in the one error shape', async () => {
    const bad: [unknown, number][] = [
      [{ auto_assign: 'random' }, 422],
      [{ max_open_per_agent: 0 }, 422],
      [{ max_open_per_agent: 2.5 }, 422],
      [{ csat: 'yes' }, 422],
      [{ away_message: 'x'.repeat(5_000) }, 422],
      [{ business_hours: { timezone: 'Europe/Istanbul', days: { mon: [{ from: '9:00', to: '17:00' }] } } }, 422],
      [{ business_hours: { timezone: 'Europe/Istanbul', days: { mon: [{ from: '18:00', to: '17:00' }] } } }, 422],
      [{ business_hours: { timezone: 'Europe/Istanbul', days: { monday: [] } } }, 422],
      [{ business_hours: { days: {} } }, 422],
      [[], 400],
    ];
    for (const [body, status] of bad) {
      const res = await acc.o.agent.postJson('/api/live/settings', body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(status);
      await expectError(res, status);
    }
    const tz = await acc.o.agent.postJson('/api/live/settings', {
      business_hours: { timezone: 'Mars/Olympus', days: {} },
    });
    expect((await expectError(tz, 400)).message).toBe(LIVE_AUTO_MSG.badTimezone('Mars/Olympus'));
    const huge = await acc.o.agent.postJson('/api/live/settings', { away_message: 'x'.repeat(2_000_000) });
    expect(huge.status).toBe(413);
    await expectError(huge, 413);
    expect((await json(await acc.o.agent.get('/api/live/settings'))).data).toEqual(DEFAULTS);
  });

  it("keeps each account's settings to itself", async () => {
    const other = await liveAccount(t, 'b');
    await other.o.agent.postJson('/api/live/settings', { csat: true, max_open_per_agent: 2 });
    expect((await json(await acc.ann.get('/api/live/settings'))).data).toEqual(DEFAULTS);
    expect((await json(await other.ann.get('/api/live/settings'))).data).toMatchObject({
      csat: true,
      max_open_per_agent: 2,
    });
  });

  it('needs a session', async () => {
    const res = await t.app.request('/api/live/settings');
    await expectError(res, 401);
  });
});
