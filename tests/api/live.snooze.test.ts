import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveConversations } from '../../db/schema';
import { startLiveSnooze } from '../../src/jobs/live-snooze';
import { INBOX_ORG_MSG } from '../../src/shared/inbox-org-messages';
import { LIVE_MSG } from '../../src/shared/live-messages';
import { expectError } from '../support/agent';
import { eventually } from '../support/phones';
import { CUSTOMER, conv, customerWrites, json, liveAccount, openEvents, type LiveAccount } from '../support/live-inbox';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

const HOUR = 3_600_000;
const list = async (who: LiveAccount['ann'], query = '') => json(await who.get(`/api/live/conversations${query}`));
const stateOf = async (jid: string) =>
  (
    await t.db
      .select()
      .from(liveConversations)
      .where(and(eq(liveConversations.phoneId, acc.phone), eq(liveConversations.chatJid, jid)))
      .get()
  )?.state;

describe('live inbox: snooze', () => {
  it('snoozes a held conversation, shows it in the snoozed group, and wakes it taken by its holder at its time', async () => {
    const id = await customerWrites(acc, 'later please');
    await acc.ann.postJson(conv(id, 'take'), {});
    const events = await openEvents(acc.bob);
    expect(
      (await expectError(await acc.bob.postJson(conv(id, 'snooze'), { until: t.clock.now + HOUR }), 409)).message,
    ).toBe(LIVE_MSG.takenBy(acc.annEmail));
    const until = t.clock.now + HOUR;
    const res = await json(await acc.ann.postJson(conv(id, 'snooze'), { until: new Date(until).toISOString() }));
    expect(res.data).toMatchObject({ id, state: 'snoozed', snoozedUntil: until, agent: acc.annEmail });
    expect((await events.until('conversation', (d) => d.event === 'snoozed')).data.conversation).toMatchObject({
      id,
      state: 'snoozed',
    });
    const snoozed = await list(acc.ann, '?state=snoozed');
    expect(snoozed.data.map((c: any) => c.id)).toEqual([id]);
    expect(snoozed.groups.snoozed.count).toBe(1);
    expect((await list(acc.ann, '?state=mine')).data).toEqual([]);

    t.clock.advance(HOUR - 1);
    expect((await list(acc.ann, '?state=snoozed')).data).toHaveLength(1);
    t.clock.advance(1);
    // The list read wakes it where no job runs (the Worker).
    expect((await list(acc.ann, '?state=mine')).data[0]).toMatchObject({ id, state: 'taken', snoozedUntil: null });
    expect((await events.until('conversation', (d) => d.event === 'unsnoozed')).data.conversation.state).toBe('taken');
    await events.close();
  });

  it('wakes a waiting conversation when the customer writes, and through the job at its time', async () => {
    const id = await customerWrites(acc, 'first');
    const snoozed = await json(await acc.bob.postJson(conv(id, 'snooze'), { until: t.clock.now + HOUR }));
    expect(snoozed.data.state).toBe('snoozed');
    await customerWrites(acc, 'are you there?');
    expect((await list(acc.ann, '?state=waiting')).data[0]).toMatchObject({ id, state: 'waiting', snoozedUntil: null });

    const other = await customerWrites(acc, 'second', '905301111111');
    await acc.ann.postJson(conv(other, 'snooze'), { until: t.clock.now + HOUR });
    t.clock.advance(HOUR);
    const stop = startLiveSnooze({
      ctx: { db: t.db, config: t.config, now: () => t.clock.now, bus: t.bus, cache: t.cache },
      pollMs: 20,
    });
    try {
      await eventually(async () => (await stateOf('905301111111@c.us')) === 'waiting', 3_000, 'the job wakes it');
    } finally {
      await stop();
    }
    expect(await stateOf(`${CUSTOMER}@c.us`)).toBe('waiting');
  });

  it('refuses a past, too distant or malformed time, a closed conversation and another account', async () => {
    const id = await customerWrites(acc, 'no');
    const at = (until: unknown) => acc.ann.postJson(conv(id, 'snooze'), { until });
    expect((await expectError(await at(t.clock.now), 422)).message).toBe(INBOX_ORG_MSG.snoozePast);
    expect((await expectError(await at(t.clock.now + 91 * 24 * HOUR), 422)).message).toBe(INBOX_ORG_MSG.snoozeTooLong);
    await expectError(await at('tomorrow'), 422);
    await expectError(await at(null), 422);
    await expectError(await acc.ann.postJson(conv(id, 'snooze'), {}), 422);
    const other = await liveAccount(t, 'b');
    await expectError(await other.ann.postJson(conv(id, 'snooze'), { until: t.clock.now + HOUR }), 404);
    await expectError(await other.ann.postJson(conv(id, 'priority'), { priority: 'high' }), 404);
    await expectError(await other.ann.postJson(conv(id, 'unread'), {}), 404);
    await acc.ann.postJson(conv(id, 'close'), {});
    expect((await expectError(await at(t.clock.now + HOUR), 409)).message).toBe(LIVE_MSG.notOpen);
  });
});

describe('live inbox: priority and unread', () => {
  it('sets priorities, sorts and filters by them, and marks a conversation unread for everyone', async () => {
    const low = await customerWrites(acc, 'low one', '905301111111');
    const urgent = await customerWrites(acc, 'urgent one', '905302222222');
    const plain = await customerWrites(acc, 'plain one', '905303333333');
    expect((await json(await acc.ann.postJson(conv(urgent, 'priority'), { priority: 'urgent' }))).data.priority).toBe(
      'urgent',
    );
    await acc.ann.postJson(conv(low, 'priority'), { priority: 'low' });
    expect((await list(acc.ann)).data.map((c: any) => c.id)).toEqual([plain, urgent, low]);
    expect((await list(acc.ann, '?sort=priority')).data.map((c: any) => c.id)).toEqual([urgent, low, plain]);
    expect((await list(acc.ann, '?priority=urgent')).data.map((c: any) => c.id)).toEqual([urgent]);
    expect((await list(acc.ann, '?priority=none')).data.map((c: any) => c.id)).toEqual([plain]);
    await expectError(await acc.ann.postJson(conv(low, 'priority'), { priority: 'asap' }), 422);
    await expectError(await acc.ann.get('/api/live/conversations?sort=oldest'), 422);

    await acc.ann.get(conv(plain, 'messages'));
    expect((await list(acc.bob)).data.find((c: any) => c.id === plain).unread).toBe(0);
    const events = await openEvents(acc.bob);
    expect((await json(await acc.ann.postJson(conv(plain, 'unread'), {}))).data.unread).toBe(1);
    expect((await events.until('conversation', (d) => d.event === 'unread')).data.conversation.unread).toBe(1);
    await events.close();
    expect((await list(acc.bob)).data.find((c: any) => c.id === plain).unread).toBe(1);
  });
});
