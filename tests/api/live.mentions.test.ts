import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/agent';
import { confirm } from '../support/live-agents';
import {
  conv,
  customerWrites,
  json,
  liveAccount,
  openEvents,
  setAgentLimit,
  type LiveAccount,
} from '../support/live-inbox';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

const mentions = async (who: LiveAccount['ann'], query = '') => json(await who.get(`/api/live/mentions${query}`));
const note = (who: LiveAccount['ann'], id: string, text: string) => who.postJson(conv(id, 'notes'), { text });
const agentId = async (email: string) =>
  (await acc.o.call('list')).body.agents.find((a: any) => a.email === email).uid as number;

describe('live inbox: mentions', () => {
  it('notifies the agent a note names, live and in their list; marks them read', async () => {
    const id = await customerWrites(acc, 'help me');
    const annId = await agentId(acc.annEmail);
    const stream = await openEvents(acc.ann);
    expect((await note(acc.bob, id, 'Can you look, @ANN agent? cc @owner.a and @nobody')).status).toBe(200);
    const live = await stream.until('mention');
    expect(live.data).toMatchObject({
      holder: `a:${annId}`,
      mention: {
        conversationId: id,
        note: 'Can you look, @ANN agent? cc @owner.a and @nobody',
        by: acc.bobEmail,
        byName: 'bob Agent',
      },
    });
    await stream.close();

    const list = await mentions(acc.ann);
    expect(list).toMatchObject({ success: true, unread: 1, page: 1, limit: 50 });
    expect(list.data).toEqual([
      expect.objectContaining({
        conversationId: id,
        by: acc.bobEmail,
        byName: 'bob Agent',
        read: false,
        createdAt: t.clock.now,
      }),
    ]);
    expect((await mentions(acc.o.agent)).data).toHaveLength(1);
    expect((await mentions(acc.bob)).data).toEqual([]);

    t.clock.advance(1_000);
    await note(acc.bob, id, '@ann second');
    const two = await mentions(acc.ann);
    expect(two.data.map((m: any) => m.note)).toEqual(['@ann second', list.data[0].note]);
    expect((await mentions(acc.ann, '?limit=1&page=2')).data.map((m: any) => m.id)).toEqual([list.data[0].id]);

    const read = await acc.ann.postJson('/api/live/mentions/read', { ids: [list.data[0].id] });
    expect(await json(read)).toEqual({ success: true, data: { read: 1 } });
    expect(await mentions(acc.ann)).toMatchObject({ unread: 1 });
    expect(await json(await acc.ann.postJson('/api/live/mentions/read', {}))).toEqual({
      success: true,
      data: { read: 1 },
    });
    expect((await mentions(acc.ann)).data.every((m: any) => m.read)).toBe(true);
  });

  it('matches names as documented: word boundaries, the longest name, never an ambiguous one, never the author', async () => {
    const id = await customerWrites(acc, 'names');
    await setAgentLimit(t, acc.pid, 4);
    const add = await acc.o.call('add', {
      email: 'ann.other@example.com',
      password: 'secret1',
      update_data: { name: 'Ann', surname: 'Other' },
    });
    expect(add.status).toBe(200);
    await confirm(t, 'ann.other@example.com');
    for (const text of ['mail me at x@ann.a', '@annie is not ann', '@ann is two people', '@bob wrote this himself'])
      expect((await note(acc.bob, id, text)).status).toBe(200);
    expect((await mentions(acc.ann)).data).toEqual([]);
    await note(acc.bob, id, '(@ann agent) and @ann.other, twice: @Ann Agent');
    expect((await mentions(acc.ann)).data).toHaveLength(1);
  });

  it("answers bad input in the one error shape and never touches another account's mentions", async () => {
    const id = await customerWrites(acc, 'tenant');
    await note(acc.bob, id, '@ann look');
    const mine = (await mentions(acc.ann)).data[0].id;
    const other = await liveAccount(t, 'b');
    expect((await mentions(other.ann)).data).toEqual([]);
    expect(await json(await other.ann.postJson('/api/live/mentions/read', { ids: [mine] }))).toMatchObject({
      data: { read: 0 },
    });
    expect(await json(await other.ann.postJson('/api/live/mentions/read', {}))).toMatchObject({ data: { read: 0 } });
    expect((await mentions(acc.ann)).data[0].read).toBe(false);

    await expectError(await acc.ann.postJson('/api/live/mentions/read', { ids: [] }), 422);
    await expectError(await acc.ann.postJson('/api/live/mentions/read', { ids: ['x'] }), 422);
    await expectError(await acc.ann.postJson('/api/live/mentions/read', { ids: Array(501).fill(1) }), 422);
    await expectError(await acc.ann.postJson('/api/live/mentions/read', { pad: 'x'.repeat(2_000_000) }), 413);
    await expectError(await acc.ann.get('/api/live/mentions?limit=0'), 422);
    await expectError(await acc.ann.get('/api/live/mentions?page=x'), 422);
    expect((await t.app.request('/api/live/mentions')).status).toBe(401);
  });
});
