import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { livePresence, liveStreams } from '../../db/schema';
import { startLivePresence } from '../../src/jobs/live-presence';
import { expectError } from '../support/agent';
import { eventually } from '../support/phones';
import { json, liveAccount, openEvents, type LiveAccount } from '../support/live-inbox';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

const statuses = async (who = acc.ann) =>
  Object.fromEntries(
    (await json(await who.get('/api/live/presence'))).data.map((m: any) => [m.email, m.status]),
  ) as Record<string, string>;

describe('live inbox: presence (issue 42)', () => {
  it('lists the team offline at first; each sets their own status and every inbox hears it', async () => {
    const list = (await json(await acc.bob.get('/api/live/presence'))).data;
    expect(list.map((m: any) => [m.email, m.owner, m.status, m.open])).toEqual([
      [acc.o.email, true, 'offline', 0],
      [acc.annEmail, false, 'offline', 0],
      [acc.bobEmail, false, 'offline', 0],
    ]);
    expect(list[0].id).toBeNull();
    expect(list[1].id).toEqual(expect.any(Number));
    const stream = await openEvents(acc.bob);
    await stream.next();
    // Opening the inbox brings Bob online (he never chose otherwise): his own stream hears it too.
    expect((await stream.until('presence')).data).toMatchObject({ email: acc.bobEmail, status: 'online' });
    const set = await acc.ann.postJson('/api/live/presence', { status: 'online' });
    expect(set.status).toBe(200);
    expect((await json(set)).data).toMatchObject({ email: acc.annEmail, status: 'online', owner: false, open: 0 });
    expect((await stream.until('presence')).data).toEqual({
      holder: `a:${list[1].id}`,
      id: list[1].id,
      email: acc.annEmail,
      status: 'online',
    });
    await acc.o.agent.postJson('/api/live/presence', { status: 'busy' });
    expect((await stream.until('presence')).data).toMatchObject({ id: null, email: acc.o.email, status: 'busy' });
    // Setting the same status again changes nothing and says nothing.
    await acc.ann.postJson('/api/live/presence', { status: 'online' });
    await acc.bob.postJson('/api/live/presence', { status: 'offline' });
    expect((await stream.until('presence')).data).toMatchObject({ email: acc.bobEmail, status: 'offline' });
    await acc.ann.postJson('/api/live/presence', { status: 'busy' });
    expect((await stream.until('presence')).data).toMatchObject({ email: acc.annEmail, status: 'busy' });
    await stream.close();
    expect(await statuses(acc.bob)).toEqual({
      [acc.o.email]: 'busy',
      [acc.annEmail]: 'busy',
      [acc.bobEmail]: 'offline',
    });
  });

  it("goes offline when the holder's last event stream closes, not before", async () => {
    await acc.ann.postJson('/api/live/presence', { status: 'online' });
    const watcher = await openEvents(acc.bob);
    await watcher.next();
    const first = await openEvents(acc.ann);
    const second = await openEvents(acc.ann);
    await first.next();
    await second.next();
    await first.close();
    await new Promise((r) => setTimeout(r, 200));
    expect((await statuses())[acc.annEmail]).toBe('online');
    await second.close();
    await eventually(async () => (await statuses(acc.bob))[acc.annEmail] === 'offline', 5_000, 'ann offline');
    const annOffline = (d: any) => d.email === acc.annEmail && d.status === 'offline';
    expect((await watcher.until('presence', annOffline)).data).toMatchObject({ status: 'offline' });
    await watcher.close();
    expect(await t.db.select().from(liveStreams).all()).toEqual([]); // every stream closed, every row gone
  });

  it('opening the inbox again brings back what the holder chose: online by default, busy stays busy, a chosen offline stays offline', async () => {
    const reopen = async (who: LiveAccount['ann']) => {
      const s = await openEvents(who);
      await s.next();
      await new Promise((r) => setTimeout(r, 100));
      const now = (await statuses())[who === acc.ann ? acc.annEmail : acc.bobEmail];
      await s.close();
      await eventually(async () => (await statuses(acc.o.agent))[acc.annEmail] === 'offline', 3_000, 'offline');
      return now;
    };
    expect(await reopen(acc.ann)).toBe('online');
    await acc.ann.postJson('/api/live/presence', { status: 'busy' });
    await eventually(async () => (await statuses(acc.o.agent))[acc.annEmail] === 'busy', 3_000, 'busy');
    expect(await reopen(acc.ann)).toBe('busy');
    await acc.ann.postJson('/api/live/presence', { status: 'offline' });
    expect(await reopen(acc.ann)).toBe('offline');
    await acc.ann.postJson('/api/live/presence', { status: 'online' });
    expect(await reopen(acc.ann)).toBe('online');
  });

  it('a running stream touches its row; one that died with its process never keeps its holder online', async () => {
    const ann = `a:${(await json(await acc.ann.get('/api/live/presence'))).data[1].id}`;
    await acc.ann.postJson('/api/live/presence', { status: 'online' });
    const stream = await openEvents(acc.ann);
    await stream.next();
    const [mine] = await t.db.select().from(liveStreams).all();
    expect(mine).toMatchObject({ pid: acc.pid, holder: ann, email: acc.annEmail, seenAt: t.clock.now });
    t.clock.advance(16_000);
    await acc.bob.postJson('/api/live/presence', { status: 'busy' }); // an event: the stream's loop runs
    await eventually(
      async () => (await t.db.select().from(liveStreams).get())!.seenAt === t.clock.now,
      3_000,
      'the stream touched its row',
    );
    await stream.close();
    await eventually(async () => (await statuses())[acc.annEmail] === 'offline', 3_000, 'ann offline');

    // A process died with a stream of Ann's open: its row stays, untouched.
    await acc.ann.postJson('/api/live/presence', { status: 'online' });
    const dead = { pid: acc.pid, holder: ann, email: acc.annEmail, openedAt: t.clock.now, seenAt: t.clock.now };
    await t.db.insert(liveStreams).values({ id: 'dead-1', ...dead });
    t.clock.advance(61_000);
    // Her new stream closing is her last live one: offline, whatever the dead row says.
    const again = await openEvents(acc.ann);
    await again.next();
    await again.close();
    await eventually(async () => (await statuses(acc.bob))[acc.annEmail] === 'offline', 3_000, 'offline at last close');

    // Online again with only a dead stream: the job (or reading presence, on the Worker) sets her offline.
    await acc.ann.postJson('/api/live/presence', { status: 'online' });
    await t.db.insert(liveStreams).values({ id: 'dead-2', ...dead });
    const watcher = await openEvents(acc.bob);
    await watcher.next();
    const stop = startLivePresence({
      ctx: { db: t.db, config: t.config, now: () => t.clock.now, bus: t.bus, cache: t.cache },
      pollMs: 20,
    });
    try {
      await eventually(
        async () => !(await t.db.select().from(liveStreams).all()).some((r) => r.id.startsWith('dead')),
        3_000,
        'swept',
      );
    } finally {
      await stop();
    }
    expect((await watcher.until('presence')).data).toMatchObject({ email: acc.annEmail, status: 'offline' });
    await watcher.close();
    const [row] = await t.db.select().from(livePresence).where(eq(livePresence.holder, ann)).all();
    expect(row!.status).toBe('offline');

    await acc.ann.postJson('/api/live/presence', { status: 'online' });
    await t.db.insert(liveStreams).values({ id: 'dead-3', ...dead, seenAt: t.clock.now - 61_000 });
    expect((await statuses(acc.bob))[acc.annEmail]).toBe('offline');
  });

  it('answers bad input with a clear 4xx and keeps accounts apart', async () => {
    for (const body of [{}, { status: 'away' }, { status: 1 }]) {
      const res = await acc.ann.postJson('/api/live/presence', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      await expectError(res, 422);
    }
    await expectError(await acc.ann.postJson('/api/live/presence', []), 400);
    await expectError(await t.app.request('/api/live/presence'), 401);
    const other = await liveAccount(t, 'b');
    await other.ann.postJson('/api/live/presence', { status: 'online' });
    expect(Object.keys(await statuses())).toEqual([acc.o.email, acc.annEmail, acc.bobEmail]);
    expect((await statuses())[acc.annEmail]).toBe('offline');
    expect((await statuses(other.bob))[other.annEmail]).toBe('online');
  });
});
