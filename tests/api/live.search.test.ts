import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/agent';
import { conv, customerWrites, json, liveAccount, type LiveAccount } from '../support/live-inbox';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

const search = async (who: LiveAccount['ann'], q: string, extra = '') =>
  json(await who.get(`/api/live/search?q=${encodeURIComponent(q)}${extra}`));

describe('live inbox: search', () => {
  it("finds the account's messages, notes and contacts with their conversations, newest first", async () => {
    const id = await customerWrites(acc, 'My refund for order 4411 never arrived');
    t.clock.advance(60_000);
    const other = await customerWrites(acc, 'Where is my parcel?', '905300000002');
    t.clock.advance(60_000);
    await acc.ann.postJson(conv(other, 'notes'), { text: 'Customer asked about a refund twice' });

    const found = await search(acc.ann, 'REFUND');
    expect(found.data.map((m: any) => [m.kind, m.conversation.id])).toEqual([
      ['note', other],
      ['message', id],
    ]);
    expect(found.data[1]).toMatchObject({ snippet: 'My refund for order 4411 never arrived', at: expect.any(Number) });
    expect(found.data[1].conversation).toMatchObject({ id, state: 'waiting', lastMessage: expect.any(String) });
    // Prefixes match, and every word must.
    expect((await search(acc.ann, 'refu arriv')).data.map((m: any) => m.kind)).toEqual(['message']);
    expect((await search(acc.ann, 'refund parcel')).data).toEqual([]);
    // A contact by part of its number, by its chat name; the owner searches too.
    expect((await search(acc.o.agent, '30000000')).data).toEqual([
      expect.objectContaining({ kind: 'contact', conversation: expect.objectContaining({ id: other }) }),
    ]);
    expect((await search(acc.ann, 'refund', '&limit=1')).data).toHaveLength(1);
  });

  it('keeps FTS syntax in the words: quotes, operators, stars and column names never fail', async () => {
    await customerWrites(acc, 'AND "quoted" text: with NEAR(stars*) and a-dash');
    for (const q of [
      '"',
      '"quoted',
      'AND',
      'OR NOT',
      'text:',
      'pid : x',
      'NEAR(',
      '*',
      '^',
      '-dash',
      '(((',
      "'; drop",
    ]) {
      const res = await acc.ann.get(`/api/live/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect((await search(acc.ann, '"quoted" (stars*)')).data).toHaveLength(1);
    expect((await search(acc.ann, '***')).data).toEqual([]);
  });

  it('answers bad input with 422 in the one error shape', async () => {
    await expectError(await acc.ann.get('/api/live/search'), 422);
    await expectError(await acc.ann.get('/api/live/search?q=%20%20'), 422);
    await expectError(await acc.ann.get(`/api/live/search?q=${'x'.repeat(201)}`), 422);
    await expectError(await acc.ann.get('/api/live/search?q=a&limit=0'), 422);
    await expectError(await acc.ann.get('/api/live/search?q=a&limit=51'), 422);
    await expectError(await acc.ann.get('/api/live/search?q=a&limit=x'), 422);
  });

  it("never finds another account's messages, notes or contacts", async () => {
    const id = await customerWrites(acc, 'secret pineapple order');
    await acc.ann.postJson(conv(id, 'notes'), { text: 'pineapple note' });
    const other = await liveAccount(t, 'b');
    expect((await search(other.ann, 'pineapple')).data).toEqual([]);
    expect((await search(other.ann, '905301234567')).data).toEqual([]);
    expect((await search(acc.bob, 'pineapple')).data).toHaveLength(2);
    expect((await other.ann.get('/api/live/search?q=x')).status).toBe(200);
    expect((await t.app.request('/api/live/search?q=x')).status).toBe(401);
  });
});
