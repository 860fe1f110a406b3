import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveConversations, livePresence, liveStreams, liveThreads } from '../../db/schema';
import { seatsChanged } from '../../src/services/inbox/auto-assign';
import { eventually } from '../support/phones';
import { conv, customerWrites, json, liveAccount, openEvents, type LiveAccount } from '../support/live-inbox';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

const C = ['905301110001', '905301110002', '905301110003', '905301110004', '905301110005'];
const idOf = (n: string) => `${acc.phone}:${n}@c.us`;
const settings = (body: object) => acc.o.agent.postJson('/api/live/settings', body);
const online = (who: LiveAccount['ann'], status = 'online') => who.postJson('/api/live/presence', { status });
/** Each conversation's holder e-mail (null while waiting). */
const holders = async () => {
  const rows = await t.db.select().from(liveConversations).where(eq(liveConversations.pid, acc.pid)).all();
  return Object.fromEntries(rows.map((r) => [r.chatJid.split('@')[0], r.state === 'taken' ? r.holderEmail : null]));
};
const heldBy = async (n: string, email: string | null) =>
  eventually(async () => (await holders())[n] === email, 5_000, `${n} held by ${email}`);
const annKey = async () => `a:${(await acc.o.call('list')).body.agents.find((a: any) => a.email === acc.annEmail).uid}`;
/** A customer writes and the message's work (the assignment after it) is done. */
const writes = async (n: string, text = `hi from ${n}`) => {
  const id = await customerWrites(acc, text, n);
  t.clock.advance(1_000);
  return id;
};

describe('live inbox: round robin (issue 42)', () => {
  it('gives a new waiting conversation to the online agent with the fewest open; when none has room it waits, and the oldest waiting goes to the next seat', async () => {
    await settings({ auto_assign: 'round_robin', max_open_per_agent: 1 });
    await online(acc.ann);
    await online(acc.bob);
    await writes(C[0]!);
    await eventually(async () => (await holders())[C[0]!] !== null, 5_000, 'first assigned');
    const first = (await holders())[C[0]!]!;
    const other = first === acc.annEmail ? acc.bobEmail : acc.annEmail;
    await writes(C[1]!);
    await heldBy(C[1]!, other);
    // Both are full: the next two wait, oldest first.
    await writes(C[2]!);
    await writes(C[3]!);
    await new Promise((r) => setTimeout(r, 200));
    expect(await holders()).toMatchObject({ [C[2]!]: null, [C[3]!]: null });
    const closer = first === acc.annEmail ? acc.ann : acc.bob;
    expect((await closer.postJson(conv(idOf(C[0]!), 'close'), {})).status).toBe(200);
    await heldBy(C[2]!, first);
    expect((await holders())[C[3]!]).toBeNull();
    // A transfer away frees the other's seat: the last one goes to them.
    const giver = other === acc.annEmail ? acc.ann : acc.bob;
    expect((await giver.postJson(conv(idOf(C[1]!), 'transfer'), { to: 'owner' })).status).toBe(200);
    await heldBy(C[3]!, other);
  });

  it('assigns by the fewest open, then to the one assigned longest ago; the take is an ordinary one (event, thread)', async () => {
    await settings({ auto_assign: 'round_robin', max_open_per_agent: 5 });
    // The owner watches with the inbox open, having chosen offline (so round robin leaves them out).
    await online(acc.o.agent, 'offline');
    const stream = await openEvents(acc.o.agent);
    await stream.next();
    // Bob alone first, then Ann: one each by the fewest open.
    await online(acc.bob);
    await writes(C[0]!);
    await heldBy(C[0]!, acc.bobEmail);
    await online(acc.ann);
    await writes(C[1]!);
    await heldBy(C[1]!, acc.annEmail);
    // A tie (one each) goes to the one assigned longest ago (Bob), then to Ann.
    await writes(C[2]!);
    await heldBy(C[2]!, acc.bobEmail);
    await writes(C[3]!);
    await heldBy(C[3]!, acc.annEmail);
    const got = [acc.bobEmail];
    const taken = await stream.until('conversation', (d) => d.event === 'taken_by_agent');
    expect(taken.data).toMatchObject({ by: got[0], conversation: { id: idOf(C[0]!), state: 'taken', agent: got[0] } });
    await stream.close();
    const live = await t.db
      .select()
      .from(liveConversations)
      .where(and(eq(liveConversations.phoneId, acc.phone), eq(liveConversations.chatJid, `${C[0]}@c.us`)))
      .get();
    const thread = await t.db.select().from(liveThreads).where(eq(liveThreads.id, live!.threadId!)).get();
    expect(thread!.participants).toEqual([live!.holder]);
    // The agent sees it as theirs.
    const mine = await json(
      await (got[0] === acc.annEmail ? acc.ann : acc.bob).get('/api/live/conversations?state=mine'),
    );
    expect(mine.data.map((c: any) => c.id)).toContain(idOf(C[0]!));
  });

  it('gives nothing to busy or offline agents, nothing with round robin off, and catches up when an agent comes online or the settings change', async () => {
    await online(acc.ann, 'busy');
    await writes(C[0]!);
    await settings({ auto_assign: 'round_robin', max_open_per_agent: 1 });
    await writes(C[1]!);
    await new Promise((r) => setTimeout(r, 200));
    expect(await holders()).toEqual({ [C[0]!]: null, [C[1]!]: null });
    // Bob comes online: the oldest waiting goes to him; the other waits for room.
    await online(acc.bob);
    expect(await holders()).toEqual({ [C[0]!]: acc.bobEmail, [C[1]!]: null });
    // A larger capacity makes room for it.
    await settings({ max_open_per_agent: 2 });
    expect(await holders()).toEqual({ [C[0]!]: acc.bobEmail, [C[1]!]: acc.bobEmail });
    // Off: nothing more is assigned.
    await settings({ auto_assign: 'off' });
    await writes(C[2]!);
    await new Promise((r) => setTimeout(r, 200));
    expect((await holders())[C[2]!]).toBeNull();
  });

  it('never overfills an agent when conversations arrive at once', async () => {
    await settings({ auto_assign: 'round_robin', max_open_per_agent: 2 });
    await online(acc.ann);
    await Promise.all(C.map((n) => acc.api.sim('/incoming', { phoneId: acc.phone, from: n, message: `burst ${n}` })));
    await eventually(async () => Object.keys(await holders()).length === C.length, 5_000, 'all listed');
    await eventually(
      async () => Object.values(await holders()).filter((h) => h === acc.annEmail).length === 2,
      5_000,
      'ann full',
    );
    const held = Object.values(await holders());
    expect(held.filter((h) => h === acc.annEmail)).toHaveLength(2);
    expect(held.filter((h) => h === null)).toHaveLength(3);
  });

  it("never overfills an agent whose seat fills between the pass's look and its take: the take checks the room itself", async () => {
    await settings({ auto_assign: 'round_robin', max_open_per_agent: 1 });
    await writes(C[0]!);
    await writes(C[1]!);
    await t.db.insert(livePresence).values({ pid: acc.pid, holder: await annKey(), status: 'online', updatedAt: 0 });
    // Right before the pass's take is written, Ann takes the other conversation by hand (as another process could).
    let interloped = false;
    const db = beforeUpsert(t.db, liveConversations, async () => {
      if (interloped) return;
      interloped = true;
      expect((await acc.ann.postJson(conv(idOf(C[1]!), 'take'), {})).status).toBe(200);
    });
    await seatsChanged({ db, config: t.config, now: () => t.clock.now, cache: t.cache, bus: t.bus }, acc.pid);
    expect(interloped).toBe(true);
    expect(await holders()).toEqual({ [C[0]!]: null, [C[1]!]: acc.annEmail });
  });

  it('an agent opening the inbox comes online and round robin gives them the oldest waiting conversation', async () => {
    await settings({ auto_assign: 'round_robin' });
    await online(acc.o.agent, 'offline');
    await writes(C[0]!);
    await new Promise((r) => setTimeout(r, 200));
    expect((await holders())[C[0]!]).toBeNull();
    const stream = await openEvents(acc.ann);
    await stream.next();
    await heldBy(C[0]!, acc.annEmail);
    await stream.close();
  });

  it('passes over an online agent whose only streams died with their process (before the sweep sets them offline)', async () => {
    await settings({ auto_assign: 'round_robin' });
    const ann = await annKey();
    await t.db.insert(livePresence).values({ pid: acc.pid, holder: ann, status: 'online', updatedAt: 0 });
    const dead = { pid: acc.pid, holder: ann, email: acc.annEmail, openedAt: t.clock.now, seenAt: t.clock.now };
    await t.db.insert(liveStreams).values({ id: 'dead', ...dead });
    t.clock.advance(61_000);
    await writes(C[0]!);
    await new Promise((r) => setTimeout(r, 200));
    expect((await holders())[C[0]!]).toBeNull();
    // A live stream of hers again (her browser reconnected to another process): she gets it.
    await t.db.insert(liveStreams).values({ id: 'alive', ...dead, seenAt: t.clock.now });
    await seatsChanged({ db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache, bus: t.bus }, acc.pid);
    expect((await holders())[C[0]!]).toBe(acc.annEmail);
  });

  it("keeps accounts apart: another account's online agents get none of this account's conversations", async () => {
    const other = await liveAccount(t, 'b');
    await other.o.agent.postJson('/api/live/settings', { auto_assign: 'round_robin' });
    await online(other.ann);
    await settings({ auto_assign: 'round_robin' });
    await writes(C[0]!);
    await new Promise((r) => setTimeout(r, 200));
    expect((await holders())[C[0]!]).toBeNull();
    await online(acc.bob);
    expect((await holders())[C[0]!]).toBe(acc.bobEmail);
  });
});

/** `db` whose upserts into `table` first run `before` (a write that lands between a read and the write it leads to). */
function beforeUpsert<D extends object>(db: D, table: unknown, before: () => Promise<void>): D {
  const wrap = (target: object, armed: boolean): object =>
    new Proxy(target, {
      get(obj, key, receiver) {
        const value = Reflect.get(obj, key, receiver);
        if (typeof value !== 'function') return value;
        if (armed && key === 'all')
          return async (...args: unknown[]) => {
            await before();
            return value.apply(obj, args);
          };
        return (...args: unknown[]) => {
          const out = value.apply(obj, args);
          const arm = armed || (key === 'insert' && args[0] === table);
          return out && typeof out === 'object' && !(out instanceof Promise) ? wrap(out, arm) : out;
        };
      },
    });
  return wrap(db, false) as D;
}
