import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveConversations, liveThreads } from '../../db/schema';
import { LIVE_AUTO_MSG } from '../../src/shared/live-auto-messages';
import { eventually } from '../support/phones';
import {
  conv,
  customerWrites,
  json,
  liveAccount,
  openEvents,
  type LiveAccount,
  type SseEvent,
} from '../support/live-inbox';
import { createTestApp, type TestApp } from '../support/test-app';

/** A customer whose simulated phone does not echo what it gets (numbers ending in 7 do). */
const QUIET = '905301234561';

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

const threads = () => t.db.select().from(liveThreads).where(eq(liveThreads.pid, acc.pid)).orderBy(liveThreads.id).all();
const state = async () =>
  (await t.db.select().from(liveConversations).where(eq(liveConversations.pid, acc.pid)).get())!.state;
const questions = async (id: string) =>
  (await json(await acc.ann.get(conv(id, 'messages')))).data.messages.filter(
    (m: any) => m.fromMe && m.text === LIVE_AUTO_MSG.csatQuestion,
  ).length;
/** The rating question went out: it is the chat's latest line (so the customer answers after it). */
const questionSent = (a: LiveAccount = acc) =>
  eventually(
    async () =>
      (await json(await a.ann.get('/api/live/conversations'))).data[0]?.lastMessage === LIVE_AUTO_MSG.csatQuestion,
    5_000,
    'the rating question sent',
  );
/** A conversation ann closed (the rating question goes out when CSAT is on). */
const closedOne = async (csat = true) => {
  const id = await customerWrites(acc, 'my order is late', QUIET);
  expect((await acc.ann.postJson(conv(id, 'close'), {})).status).toBe(200);
  if (csat) await questionSent();
  return id;
};

describe('live inbox: CSAT (issue 42)', () => {
  it('asks for a rating on close and stores a 1-5 reply on the thread without opening a conversation', async () => {
    await acc.o.agent.postJson('/api/live/settings', { csat: true });
    const id = await closedOne();
    expect(await questions(id)).toBe(1);
    const [asked] = await threads();
    expect(asked!.csatAskedAt).toBe(t.clock.now);

    const stream = await openEvents(acc.bob);
    await stream.next();
    t.clock.advance(60 * 60 * 1000);
    await customerWrites(acc, '4', QUIET);
    const seen: SseEvent[] = [];
    for (let e = await stream.next(); e.event !== 'csat'; e = await stream.next()) seen.push(e);
    // Nothing but the csat event: no message, no waiting conversation.
    expect(seen.filter((e) => e.event === 'message' || e.event === 'conversation')).toEqual([]);
    const [rated] = await threads();
    expect(rated).toMatchObject({ csatRating: 4, csatAt: t.clock.now });
    expect(await state()).toBe('closed');
    expect((await json(await acc.ann.get('/api/live/conversations?state=waiting'))).data).toEqual([]);

    // Once rated, the next message opens a new conversation as usual (a new thread).
    await customerWrites(acc, '5', QUIET);
    expect((await stream.until('conversation')).data).toMatchObject({ event: 'waiting', conversation: { id } });
    await stream.close();
    expect(await state()).toBe('waiting');
    expect((await threads()).map((th) => th.csatRating)).toEqual([4, null]);
  });

  it('any other reply, or a rating after 24 hours, opens a new conversation as today', async () => {
    await acc.o.agent.postJson('/api/live/settings', { csat: true });
    await closedOne();
    await customerWrites(acc, '4 stars', QUIET);
    expect(await state()).toBe('waiting');
    const [first] = await threads();
    expect(first!.csatRating).toBeNull();

    const id = (await json(await acc.ann.get('/api/live/conversations'))).data[0].id;
    expect((await acc.ann.postJson(conv(id, 'close'), {})).status).toBe(200);
    await questionSent();
    // A day and a moment pass (moved back on the question: the sessions would expire with the clock).
    const second = (await threads())[1]!;
    await t.db
      .update(liveThreads)
      .set({ csatAskedAt: second.csatAskedAt! - 24 * 60 * 60 * 1000 - 1 })
      .where(eq(liveThreads.id, second.id));
    await customerWrites(acc, '5', QUIET);
    expect(await state()).toBe('waiting');
    expect((await threads()).map((th) => th.csatRating)).toEqual([null, null, null]);
  });

  it('asks nothing with CSAT off, and a lone digit then opens a conversation', async () => {
    const id = await closedOne(false);
    await new Promise((r) => setTimeout(r, 200));
    expect(await questions(id)).toBe(0);
    expect((await threads())[0]!.csatAskedAt).toBeNull();
    await customerWrites(acc, '3', QUIET);
    expect(await state()).toBe('waiting');
  });

  it("never takes another account's question for this chat's", async () => {
    const other = await liveAccount(t, 'b');
    await other.o.agent.postJson('/api/live/settings', { csat: true });
    // The other account asks; this account (CSAT off) closes its own conversation with the same customer.
    const theirs = await customerWrites(other, 'hello b', QUIET);
    await other.ann.postJson(conv(theirs, 'close'), {});
    await questionSent(other);
    await closedOne(false);
    await customerWrites(acc, '2', QUIET);
    expect(await state()).toBe('waiting');
    const mine = await threads();
    expect(mine.every((th) => th.csatRating === null)).toBe(true);
  });
});
