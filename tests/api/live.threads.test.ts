import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveConversations, liveThreads } from '../../db/schema';
import { conv, customerWrites, json, liveAccount, type LiveAccount } from '../support/live-inbox';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

const threads = () => t.db.select().from(liveThreads).where(eq(liveThreads.pid, acc.pid)).orderBy(asc(liveThreads.id));
const post = async (who: LiveAccount['ann'], path: string, payload: unknown = {}) => {
  const r = await who.postJson(path, payload);
  expect(r.status, JSON.stringify(await r.clone().json())).toBe(200);
  return json(r);
};
const keyOf = async (email: string) => {
  const list = (await acc.o.call('list')).body.agents as { email: string; uid: number }[];
  return `a:${list.find((a) => a.email === email)!.uid}`;
};

describe('live inbox: threads, one per conversation cycle (issue 42)', () => {
  it('opens with the waiting message, records who took part, the first response and the close', async () => {
    const id = await customerWrites(acc, 'hello?');
    const [opened] = await threads();
    expect(opened).toMatchObject({ phoneId: acc.phone, closedAt: null, participants: [], firstResponseAt: null });
    const live = await t.db.select().from(liveConversations).where(eq(liveConversations.pid, acc.pid)).get();
    expect(live!.threadId).toBe(opened!.id);

    // A second message in the same cycle opens nothing new.
    await customerWrites(acc, 'anyone there?');
    expect(await threads()).toHaveLength(1);

    const ann = await keyOf(acc.annEmail);
    const bob = await keyOf(acc.bobEmail);
    await post(acc.ann, conv(id, 'take'));
    t.clock.advance(30_000);
    await post(acc.ann, conv(id, 'send'), { type: 'text', message: 'Hi, Ann here' });
    t.clock.advance(5_000);
    await post(acc.ann, conv(id, 'send'), { type: 'text', message: 'How can I help?' });
    await post(acc.ann, conv(id, 'transfer'), { agentId: Number(bob.slice(2)) });
    t.clock.advance(60_000);
    await post(acc.bob, conv(id, 'close'));

    const [done] = await threads();
    expect(done!.participants).toEqual([ann, bob]);
    expect(done!.firstResponder).toBe(ann);
    expect(done!.firstResponseAt! - done!.createdAt).toBeGreaterThanOrEqual(30_000);
    expect(done!.closer).toBe(bob);
    expect(done!.closedAt).toBe(t.clock.now);
  });

  it('a message after the close, and a reopen, each open a new thread', async () => {
    const id = await customerWrites(acc, 'first');
    await post(acc.ann, conv(id, 'close'));
    await customerWrites(acc, 'second');
    await post(acc.ann, conv(id, 'close'));
    await post(acc.ann, conv(id, 'reopen'));
    const all = await threads();
    expect(all).toHaveLength(3);
    expect(all.map((x) => x.closedAt === null)).toEqual([false, false, true]);
    const live = await t.db.select().from(liveConversations).where(eq(liveConversations.pid, acc.pid)).get();
    expect(live!.threadId).toBe(all[2]!.id);
  });

  it('a conversation taken straight from no interaction gets its thread on the take', async () => {
    const id = await customerWrites(acc, 'one');
    // Simulate a conversation from before threads existed.
    await t.db.update(liveConversations).set({ threadId: null }).where(eq(liveConversations.pid, acc.pid));
    await t.db.delete(liveThreads);
    await post(acc.ann, conv(id, 'take'));
    const [made] = await threads();
    expect(made!.participants).toEqual([await keyOf(acc.annEmail)]);
  });
});
