import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveThreads } from '../../db/schema';
import { withinHours } from '../../src/services/inbox/away';
import { eventually } from '../support/phones';
import { conv, customerWrites, json, liveAccount, type LiveAccount } from '../support/live-inbox';
import { createTestApp, type TestApp } from '../support/test-app';

/** A customer whose simulated phone does not echo what it gets (numbers ending in 7 do). */
const QUIET = '905301234561';
const AWAY = 'We are closed now; we answer from 9:00 (Istanbul).';
const HOURS = {
  timezone: 'Europe/Istanbul',
  days: { mon: [{ from: '09:00', to: '17:00' }], tue: [{ from: '09:00', to: '17:00' }] },
};
/** Monday 23 November 2026, 10:00 in Istanbul (UTC+3). */
const MONDAY_10 = Date.UTC(2026, 10, 23, 7, 0, 0);

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

const aways = async (id: string) =>
  (await json(await acc.ann.get(conv(id, 'messages')))).data.messages.filter((m: any) => m.fromMe && m.text === AWAY)
    .length;
const threads = () => t.db.select().from(liveThreads).where(eq(liveThreads.pid, acc.pid)).orderBy(liveThreads.id).all();

describe('live inbox: business hours and the away message (issue 42)', () => {
  it('tells open from closed in the business hours time zone', () => {
    expect(withinHours(null, 0)).toBe(true);
    expect(withinHours(HOURS, MONDAY_10)).toBe(true);
    // 08:59 and 17:00 Istanbul are outside; 16:59 inside.
    expect(withinHours(HOURS, MONDAY_10 - 61 * 60_000)).toBe(false);
    expect(withinHours(HOURS, MONDAY_10 + 7 * 3600_000)).toBe(false);
    expect(withinHours(HOURS, MONDAY_10 + 7 * 3600_000 - 60_000)).toBe(true);
    // Sunday noon UTC (the test clock) is closed; 06:30 UTC Monday is 09:30 in Istanbul, not in New York.
    expect(withinHours(HOURS, Date.UTC(2026, 10, 22, 12))).toBe(false);
    expect(withinHours({ ...HOURS, timezone: 'America/New_York' }, Date.UTC(2026, 10, 23, 6, 30))).toBe(false);
    expect(withinHours({ ...HOURS, timezone: 'America/New_York' }, Date.UTC(2026, 10, 23, 14, 30))).toBe(true);
    expect(withinHours({ timezone: 'UTC', days: { mon: [{ from: '00:00', to: '24:00' }] } }, MONDAY_10)).toBe(true);
  });

  it('outside the hours answers once per conversation from its phone, and again for the next one', async () => {
    await acc.o.agent.postJson('/api/live/settings', { away_message: AWAY, business_hours: HOURS });
    // The test clock is Sunday noon: closed.
    const id = await customerWrites(acc, 'anyone?', QUIET);
    await eventually(async () => (await aways(id)) === 1, 5_000, 'the away message');
    const [first] = await threads();
    expect(first!.awaySentAt).toBe(t.clock.now);
    await customerWrites(acc, 'hello??', QUIET);
    await new Promise((r) => setTimeout(r, 300));
    expect(await aways(id)).toBe(1);
    // The next conversation (after a close) gets its own.
    await acc.ann.postJson(conv(id, 'close'), {});
    await customerWrites(acc, 'me again', QUIET);
    await eventually(async () => (await aways(id)) === 2, 5_000, 'the second away message');
    expect((await threads()).map((th) => th.awaySentAt !== null)).toEqual([true, true]);
  });

  it('says nothing within the hours, without hours, or without an away message', async () => {
    await acc.o.agent.postJson('/api/live/settings', { away_message: AWAY, business_hours: HOURS });
    t.clock.advance(MONDAY_10 - t.clock.now);
    const id = await customerWrites(acc, 'open?', QUIET);
    await acc.o.agent.postJson('/api/live/settings', { business_hours: null });
    await acc.ann.postJson(conv(id, 'close'), {});
    t.clock.advance(10 * 3600_000);
    await customerWrites(acc, 'always open?', QUIET);
    await acc.o.agent.postJson('/api/live/settings', { away_message: '', business_hours: HOURS });
    await acc.ann.postJson(conv(id, 'close'), {});
    await customerWrites(acc, 'no message?', QUIET);
    await new Promise((r) => setTimeout(r, 300));
    expect(await aways(id)).toBe(0);
    expect((await threads()).every((th) => th.awaySentAt === null)).toBe(true);
  });
});
