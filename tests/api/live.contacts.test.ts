import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INBOX_ORG_MSG } from '../../src/shared/inbox-org-messages';
import { expectError } from '../support/agent';
import { CUSTOMER, conv, customerWrites, json, liveAccount, openEvents, type LiveAccount } from '../support/live-inbox';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

const JID = `${CUSTOMER}@c.us`;
const path = (jid = JID) => `/api/live/contacts/${encodeURIComponent(jid)}`;

describe('live inbox: contacts', () => {
  it("shows a customer with its labels and past conversations, and saves the team's name, e-mail and attributes", async () => {
    const id = await customerWrites(acc, 'hello');
    await acc.o.agent.postJson('/api/live/labels', { name: 'vip', color: '#123456' });
    await acc.ann.postJson(conv(id, 'labels'), { labels: ['vip'] });
    await acc.ann.postJson(conv(id, 'close'), {});
    await customerWrites(acc, 'me again');

    const first = await json(await acc.ann.get(path()));
    expect(first.data).toMatchObject({
      chat_id: JID,
      number: `+${CUSTOMER}`,
      email: null,
      attributes: {},
      labels: ['vip'],
    });
    expect(first.data.conversations).toHaveLength(2);
    expect(first.data.conversations[0]).toMatchObject({ status: 'open', closed_at: null });
    expect(first.data.conversations[1]).toMatchObject({ status: 'closed', closed_at: expect.any(Number) });

    const events = await openEvents(acc.bob);
    const saved = await json(
      await acc.ann.postJson(path(), { name: 'Ada', email: 'ada@example.com', attributes: { plan: 'gold' } }),
    );
    expect(saved.data).toMatchObject({ name: 'Ada', email: 'ada@example.com', attributes: { plan: 'gold' } });
    expect((await events.until('contact')).data).toMatchObject({ chatId: JID, contact: { name: 'Ada' } });
    await events.close();
    // What is not given stays; empty removes.
    const again = await json(await acc.bob.postJson(path(), { email: '' }));
    expect(again.data).toMatchObject({ name: 'Ada', email: null, attributes: { plan: 'gold' } });
    expect((await json(await acc.o.agent.get(path()))).data.name).toBe('Ada');
  });

  it('refuses bad input and hides other accounts’ customers', async () => {
    await customerWrites(acc, 'hi');
    await expectError(await acc.ann.postJson(path(), { email: 'not-an-email' }), 422);
    await expectError(await acc.ann.postJson(path(), { attributes: { nested: { a: 1 } } }), 422);
    await expectError(await acc.ann.postJson(path(), { attributes: ['a'] }), 422);
    await expectError(await acc.ann.postJson(path(), { attributes: { 'bad:key': 'x' } }), 422);
    await expectError(await acc.ann.postJson(path(), { attributes: { a: 'x'.repeat(501) } }), 422);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    expect((await expectError(await acc.ann.postJson(path(), { attributes: many }), 422)).message).toContain(
      INBOX_ORG_MSG.attributesLimit,
    );
    await expectError(await acc.ann.postJson(path(), { name: 'x'.repeat(101) }), 422);
    await expectError(await acc.ann.get(path('905309999999@c.us')), 404);
    await expectError(await acc.ann.get(path('a:b')), 422);

    const other = await liveAccount(t, 'b');
    expect((await expectError(await other.ann.get(path()), 404)).message).toBe(INBOX_ORG_MSG.contactNotFound);
    await expectError(await other.ann.postJson(path(), { name: 'Stolen' }), 404);
    expect((await json(await acc.ann.get(path()))).data.name).not.toBe('Stolen');
  });

  it("a saved name is the conversation's name in the list, the conversation and its events; never another account's", async () => {
    const id = await customerWrites(acc, 'hello');
    const other = await liveAccount(t, 'b');
    const theirs = await customerWrites(other, 'hi there');
    const nameIn = async (a: LiveAccount, cid: string) =>
      (await json(await a.ann.get('/api/live/conversations'))).data.find((c: { id: string }) => c.id === cid).name;
    const before = await nameIn(acc, id);
    expect(before).not.toBe('Ada Lovelace');

    await acc.bob.postJson(path(), { name: 'Ada Lovelace' });
    expect(await nameIn(acc, id)).toBe('Ada Lovelace');
    expect((await json(await acc.ann.get(conv(id, 'messages')))).data.conversation.name).toBe('Ada Lovelace');
    // The list's search finds it by the saved name too.
    const found = await json(await acc.ann.get('/api/live/conversations?q=Lovelace'));
    expect(found.data.map((c: { id: string }) => c.id)).toEqual([id]);
    // A change of the conversation tells every agent the saved name.
    const events = await openEvents(acc.bob);
    await acc.ann.postJson(conv(id, 'take'), {});
    expect((await events.until('conversation')).data.conversation).toMatchObject({ id, name: 'Ada Lovelace' });
    await events.close();

    // The same customer writing to another account keeps that account's name.
    expect(await nameIn(other, theirs)).toBe(before);
    expect((await json(await other.ann.get(conv(theirs, 'messages')))).data.conversation.name).toBe(before);
    expect((await json(await other.ann.get('/api/live/conversations?q=Lovelace'))).data).toEqual([]);
    // Removing the saved name gives the chat's name back.
    await acc.ann.postJson(path(), { name: '' });
    expect(await nameIn(acc, id)).toBe(before);
  });
});
