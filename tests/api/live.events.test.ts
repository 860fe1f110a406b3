import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordLiveEvent } from '../../src/services/inbox/events';
import { conv, customerWrites, liveAccount, openEvents, type LiveAccount } from '../support/live-inbox';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

describe('live inbox: the event stream', () => {
  it("streams a simulated customer's message, the waiting conversation, takes and acks, each with an id", async () => {
    const stream = await openEvents(acc.bob);
    expect((await stream.next()).event).toBe('ready');
    const id = await customerWrites(acc, 'hello stream');
    const message = await stream.until('message');
    expect(message.id).toMatch(/^\d+$/);
    // With the conversation's unread count after it, so the console sets the count rather than adding to it.
    expect(message.data).toMatchObject({
      conversationId: id,
      message: { fromMe: false, text: 'hello stream' },
      unread: 1,
    });
    const waiting = await stream.until('conversation');
    expect(waiting.data).toMatchObject({ event: 'waiting', conversation: { id, state: 'waiting' } });
    expect(Number(waiting.id)).toBeGreaterThan(Number(message.id));

    await acc.ann.postJson(conv(id, 'take'), {});
    expect((await stream.until('conversation')).data).toMatchObject({
      event: 'taken_by_agent',
      by: acc.annEmail,
      conversation: { id, state: 'taken', agent: acc.annEmail },
    });
    const sent = (await (await acc.ann.postJson(conv(id, 'send'), { type: 'text', message: 'on it' })).json()) as any;
    expect((await stream.until('message', (d) => d.message.fromMe)).data).toMatchObject({
      message: { id: sent.data.msgId, text: 'on it', by: acc.annEmail },
      unread: 1,
    });
    expect((await stream.until('ack', (d) => d.msgId === sent.data.msgId)).data).toMatchObject({
      conversationId: id,
      msgId: sent.data.msgId,
    });
    await stream.close();
  });

  it('resumes after a dropped connection from Last-Event-ID without losing an event', async () => {
    const first = await openEvents(acc.ann);
    await first.next();
    const id = await customerWrites(acc, 'one');
    const seen = await first.until('conversation');
    await first.close();

    // While nobody listens: a take, a note, a close and another customer message.
    await acc.bob.postJson(conv(id, 'take'), {});
    await acc.bob.postJson(conv(id, 'notes'), { text: 'called back' });
    await acc.bob.postJson(conv(id, 'close'), {});
    await customerWrites(acc, 'two');

    const again = await openEvents(acc.ann, seen.id, ['presence']);
    expect((await again.next()).data).toEqual({ lastEventId: Number(seen.id) });
    const replayed = [];
    for (let i = 0; i < 5; i++) replayed.push(await again.next());
    expect(replayed.map((e) => [e.event, e.data.event ?? e.data.note?.text ?? e.data.message?.text])).toEqual([
      ['conversation', 'taken_by_agent'],
      ['note', 'called back'],
      ['conversation', 'closed'],
      ['message', 'two'],
      ['conversation', 'waiting'],
    ]);
    const ids = replayed.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(seen.id));
    await again.close();

    // The lastEventId query parameter does the same for clients that cannot send the header.
    const byQuery = await acc.ann.request(`/api/live/events?lastEventId=${ids[3]}`);
    const reader = byQuery.body!.getReader();
    let text = '';
    while (!text.includes(`id: ${ids[4]}`)) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).not.toContain(`id: ${ids[3]}\n`);
    await reader.cancel();
  });

  it('hands every event to every stream of the account once and in order, while one replays a backlog longer than a read', async () => {
    const ctx = { db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache, bus: t.bus };
    const record = (n: number, from: number) =>
      Promise.all(Array.from({ length: n }, (_, i) => recordLiveEvent(ctx, acc.pid, 'note', { n: from + i })));
    const live = [await openEvents(acc.ann), await openEvents(acc.bob)];
    for (const s of live) await s.next();
    await record(250, 0);
    // A third stream resumes from the start while the others follow and more events arrive.
    const late = await openEvents(acc.ann, '0');
    await late.next();
    await record(250, 250);
    for (const s of [...live, late]) {
      const got: number[] = [];
      while (got.length < 500) got.push((await s.until('note')).data.n);
      expect(got).toEqual(Array.from({ length: 500 }, (_, i) => i));
      await s.close();
    }
    expect(t.cache.liveFeeds.size).toBeLessThanOrEqual(1);
  });
});
