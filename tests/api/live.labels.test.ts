import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INBOX_ORG_MSG } from '../../src/shared/inbox-org-messages';
import { expectError } from '../support/agent';
import { conv, customerWrites, json, liveAccount, openEvents, type LiveAccount } from '../support/live-inbox';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

const owner = () => acc.o.agent;
const del = (who: LiveAccount['ann'], path: string) => who.request(path, { method: 'DELETE' });
const list = async (who: LiveAccount['ann'], query = '') =>
  (await json(await who.get(`/api/live/conversations${query}`))).data;

describe('live inbox: labels', () => {
  it('the owner defines, renames, recolors and deletes labels; agents list them and get 403 for the rest', async () => {
    const vip = await owner().postJson('/api/live/labels', { name: 'vip', color: '#E11D48' });
    expect(vip.status).toBe(200);
    const label = (await json(vip)).data;
    expect(label).toEqual({ id: expect.any(Number), name: 'vip', color: '#e11d48' });
    expect((await json(await acc.ann.get('/api/live/labels'))).data).toEqual([label]);

    for (const res of [
      await acc.ann.postJson('/api/live/labels', { name: 'x', color: '#000000' }),
      await acc.ann.postJson(`/api/live/labels/${label.id}`, { name: 'y' }),
      await del(acc.ann, `/api/live/labels/${label.id}`),
    ])
      expect((await expectError(res, 403, 'FORBIDDEN')).message).toBe(INBOX_ORG_MSG.ownerOnly);

    expect(
      (await expectError(await owner().postJson('/api/live/labels', { name: 'vip', color: '#000000' }), 409)).message,
    ).toBe(INBOX_ORG_MSG.labelDuplicate);
    const renamed = await json(await owner().postJson(`/api/live/labels/${label.id}`, { name: 'gold' }));
    expect(renamed.data).toEqual({ id: label.id, name: 'gold', color: '#e11d48' });
    const recolored = await json(await owner().postJson(`/api/live/labels/${label.id}`, { color: '#00ff00' }));
    expect(recolored.data).toEqual({ id: label.id, name: 'gold', color: '#00ff00' });
    expect((await del(owner(), `/api/live/labels/${label.id}`)).status).toBe(200);
    expect((await json(await acc.ann.get('/api/live/labels'))).data).toEqual([]);
    await expectError(await del(owner(), `/api/live/labels/${label.id}`), 404);
  });

  it('agents apply labels; the list shows and filters them; renaming and deleting follow', async () => {
    const id = await customerWrites(acc, 'label me');
    const other = await customerWrites(acc, 'not me', '905301111111');
    for (const name of ['vip', 'billing']) await owner().postJson('/api/live/labels', { name, color: '#123456' });
    const events = await openEvents(acc.bob);
    const set = await json(await acc.ann.postJson(conv(id, 'labels'), { labels: ['vip', 'billing', 'vip'] }));
    expect(set.data).toMatchObject({ id, labels: ['billing', 'vip'] });
    const seen = await events.until('conversation', (d) => d.event === 'labels');
    expect(seen.data.conversation).toMatchObject({ id, labels: ['billing', 'vip'] });
    await events.close();

    const rows = await list(acc.bob);
    expect(rows.find((r: any) => r.id === id).labels).toEqual(['billing', 'vip']);
    expect(rows.find((r: any) => r.id === other).labels).toEqual([]);
    expect((await list(acc.bob, '?label=vip')).map((r: any) => r.id)).toEqual([id]);
    expect((await json(await acc.bob.get('/api/live/conversations?label=vip'))).groups.waiting.count).toBe(1);
    expect(await list(acc.bob, '?label=nothing')).toEqual([]);
    expect((await json(await acc.ann.get(conv(id, 'messages')))).data.conversation.labels).toEqual(['billing', 'vip']);
    // Another action's event row carries the labels too.
    expect((await json(await acc.ann.postJson(conv(id, 'take'), {}))).data.labels).toEqual(['billing', 'vip']);

    const labels = (await json(await acc.ann.get('/api/live/labels'))).data;
    const vip = labels.find((l: any) => l.name === 'vip');
    await owner().postJson(`/api/live/labels/${vip.id}`, { name: 'gold' });
    expect((await list(acc.bob, '?label=gold')).map((r: any) => r.labels)).toEqual([['billing', 'gold']]);
    await del(owner(), `/api/live/labels/${vip.id}`);
    expect((await list(acc.bob)).find((r: any) => r.id === id).labels).toEqual(['billing']);

    expect((await json(await acc.ann.postJson(conv(id, 'labels'), { labels: [] }))).data.labels).toEqual([]);
  });

  it('refuses unknown names, bad input and another account, in the one error shape', async () => {
    const id = await customerWrites(acc, 'strict');
    await owner().postJson('/api/live/labels', { name: 'vip', color: '#123456' });
    expect(
      (await expectError(await acc.ann.postJson(conv(id, 'labels'), { labels: ['vip', 'nope'] }), 400)).message,
    ).toBe(INBOX_ORG_MSG.unknownLabels(['nope']));
    await expectError(await acc.ann.postJson(conv(id, 'labels'), { labels: 'vip' }), 422);
    await expectError(await acc.ann.postJson(conv(id, 'labels'), { labels: Array(21).fill('vip') }), 422);
    await expectError(await owner().postJson('/api/live/labels', { name: 'x', color: 'red' }), 422);
    await expectError(await owner().postJson('/api/live/labels', { name: 'a,b', color: '#000000' }), 422);
    await expectError(await owner().postJson('/api/live/labels', { name: 'x'.repeat(41), color: '#000000' }), 422);
    await expectError(await owner().postJson('/api/live/labels/1', {}), 422);
    await expectError(await owner().postJson('/api/live/labels/abc', { name: 'x' }), 422);
    const big = await owner().request('/api/live/labels', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', color: '#000000', pad: 'x'.repeat(70_000) }),
    });
    await expectError(big, 413);
    const broken = await owner().request('/api/live/labels', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    await expectError(broken, 400);

    const other = await liveAccount(t, 'b');
    const theirs = (await json(await other.o.agent.postJson('/api/live/labels', { name: 'vip', color: '#000000' })))
      .data;
    const ours = (await json(await acc.ann.get('/api/live/labels'))).data[0];
    await expectError(await owner().postJson(`/api/live/labels/${theirs.id}`, { name: 'mine' }), 404);
    await expectError(await del(owner(), `/api/live/labels/${theirs.id}`), 404);
    await expectError(await other.ann.postJson(conv(id, 'labels'), { labels: ['vip'] }), 404);
    expect((await json(await other.ann.get('/api/live/labels'))).data).toEqual([theirs]);
    expect(theirs.id).not.toBe(ours.id);
  });
});
