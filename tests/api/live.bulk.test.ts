import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INBOX_ORG_MSG } from '../../src/shared/inbox-org-messages';
import { LIVE_MSG } from '../../src/shared/live-messages';
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

const bulk = async (who: LiveAccount['ann'], payload: unknown) =>
  json(await who.postJson('/api/live/conversations/bulk', payload));
const rowOf = async (id: string) =>
  (await json(await acc.ann.get('/api/live/conversations'))).data.find((c: any) => c.id === id);

describe('live inbox: bulk actions', () => {
  it('closes, labels, snoozes and assigns many, each id answering as its single call would', async () => {
    const a = await customerWrites(acc, 'one', '905301111111');
    const b = await customerWrites(acc, 'two', '905302222222');
    const held = await customerWrites(acc, 'three', '905303333333');
    await acc.bob.postJson(conv(held, 'take'), {});
    const other = await liveAccount(t, 'b');
    const foreign = await customerWrites(other, 'theirs');

    await acc.o.agent.postJson('/api/live/labels', { name: 'vip', color: '#123456' });
    await acc.ann.postJson(conv(a, 'labels'), { labels: [] });
    const labelled = await bulk(acc.ann, { ids: [a, b, foreign], action: 'label', labels: ['vip'] });
    expect(labelled.data).toEqual([
      { id: a, ok: true },
      { id: b, ok: true },
      { id: foreign, ok: false, error: LIVE_MSG.notFound, status: 404 },
    ]);
    expect((await rowOf(a)).labels).toEqual(['vip']);
    expect((await bulk(acc.ann, { ids: [a], action: 'label', labels: ['nope'] })).data[0]).toEqual({
      id: a,
      ok: false,
      error: INBOX_ORG_MSG.unknownLabels(['nope']),
      status: 400,
    });

    const annId = (await acc.o.call('list')).body.agents.find((x: any) => x.email === acc.annEmail).uid;
    const assigned = await bulk(acc.ann, { ids: [a, held], action: 'assign', agentId: annId });
    expect(assigned.data).toEqual([
      { id: a, ok: true },
      { id: held, ok: false, error: LIVE_MSG.takenBy(acc.bobEmail), status: 409 },
    ]);
    expect(await rowOf(a)).toMatchObject({ state: 'taken', mine: true, agent: acc.annEmail });
    const toOwner = await bulk(acc.bob, { ids: [held], action: 'assign', to: 'owner' });
    expect(toOwner.data).toEqual([{ id: held, ok: true }]);
    expect((await rowOf(held)).agent).toBe(acc.o.email);

    const snoozed = await bulk(acc.ann, { ids: [a, b], action: 'snooze', until: t.clock.now + 60_000 });
    expect(snoozed.data.every((r: any) => r.ok)).toBe(true);
    expect((await rowOf(b)).state).toBe('snoozed');

    const closed = await bulk(acc.ann, { ids: [b, held, foreign], action: 'close' });
    expect(closed.data.map((r: any) => [r.ok, r.status])).toEqual([
      [false, 409],
      [false, 409],
      [false, 404],
    ]);
    await acc.ann.postJson(conv(b, 'unread'), {});
    t.clock.advance(60_000);
    expect((await rowOf(b)).state).toBe('waiting');
    expect((await bulk(acc.ann, { ids: [b, b], action: 'close' })).data).toEqual([{ id: b, ok: true }]);
    expect((await json(await other.ann.get('/api/live/conversations'))).data[0]).toMatchObject({ state: 'waiting' });
  });

  it('refuses malformed and oversized calls whole', async () => {
    const a = await customerWrites(acc, 'x');
    const call = (payload: unknown) => acc.ann.postJson('/api/live/conversations/bulk', payload);
    await expectError(await call({ ids: [a], action: 'explode' }), 422);
    await expectError(await call({ ids: [], action: 'close' }), 422);
    await expectError(await call({ ids: Array.from({ length: 101 }, (_, i) => `${i}:x@c.us`), action: 'close' }), 422);
    expect((await expectError(await call({ ids: [a], action: 'assign' }), 422)).message).toContain(
      INBOX_ORG_MSG.bulkTarget,
    );
    expect((await expectError(await call({ ids: [a], action: 'label' }), 422)).message).toContain(
      INBOX_ORG_MSG.bulkLabels,
    );
    expect((await expectError(await call({ ids: [a], action: 'snooze' }), 422)).message).toContain(
      INBOX_ORG_MSG.bulkUntil,
    );
    await expectError(await call('not an object'), 400);
    const big = await acc.ann.request('/api/live/conversations/bulk', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [a], action: 'close', pad: 'x'.repeat(70_000) }),
    });
    await expectError(big, 413);
    expect(
      (await expectError(await acc.ann.postJson('/api/live/conversations/bulk', {}, { csrf: false }), 403)).error.code,
    ).toBe('CSRF');
  });
});
