import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AGENT_MSG } from '../../src/shared/agent-messages';
import { LIVE_MSG } from '../../src/shared/live-messages';
import { expectError } from '../support/agent';
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

describe('live inbox: who may do what', () => {
  it('of two agents taking at once exactly one wins; the other learns who has it', async () => {
    const id = await customerWrites(acc, 'race');
    const [a, b] = await Promise.all([acc.ann.postJson(conv(id, 'take'), {}), acc.bob.postJson(conv(id, 'take'), {})]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    const winner = (await json(won)).data.agent;
    expect([acc.annEmail, acc.bobEmail]).toContain(winner);
    const error = await json(lost);
    expect(error.message).toBe(LIVE_MSG.takenBy(winner));
    expect(error.error.agent).toBe(winner);
    expect(
      (await json(await acc.ann.get('/api/live/conversations?state=taken'))).data.length +
        (await json(await acc.ann.get('/api/live/conversations?state=mine'))).data.length,
    ).toBe(1);
  });

  it('keeps a held conversation from other agents: no take, send, close or transfer', async () => {
    const id = await customerWrites(acc, 'mine');
    await acc.ann.postJson(conv(id, 'take'), {});
    const msg = LIVE_MSG.takenBy(acc.annEmail);
    expect(
      (await expectError(await acc.bob.postJson(conv(id, 'send'), { type: 'text', message: 'hi' }), 409)).message,
    ).toBe(msg);
    expect((await expectError(await acc.bob.postJson(conv(id, 'close'), {}), 409)).message).toBe(msg);
    const bobId = (await acc.o.call('list')).body.agents.find((a: any) => a.email === acc.bobEmail).uid;
    expect((await expectError(await acc.bob.postJson(conv(id, 'transfer'), { agentId: bobId }), 409)).message).toBe(
      msg,
    );
    expect((await expectError(await acc.ann.postJson(conv(id, 'transfer'), { agentId: 999_999 }), 404)).message).toBe(
      AGENT_MSG.notFound,
    );
    expect((await expectError(await acc.ann.postJson(conv(id, 'reopen'), {}), 409)).message).toBe(msg);
  });

  it("answers another account's conversations like missing ones and never lists them", async () => {
    const id = await customerWrites(acc, 'private');
    const other = await liveAccount(t, 'b');
    for (const action of ['take', 'close', 'reopen', 'notes'])
      expect((await other.ann.postJson(conv(id, action), { text: 'x' })).status, action).toBe(404);
    expect((await other.ann.postJson(conv(id, 'send'), { type: 'text', message: 'x' })).status).toBe(404);
    expect((await other.ann.postJson(conv(id, 'transfer'), { agentId: 1 })).status).toBe(404);
    expect((await other.ann.get(conv(id, 'messages'))).status).toBe(404);
    expect((await other.ann.get(conv(id, 'notes'))).status).toBe(404);
    expect((await json(await other.ann.get('/api/live/conversations'))).data).toEqual([]);
    expect((await acc.ann.get(conv('not-an-id', 'messages'))).status).toBe(404);
    expect((await acc.ann.get(conv(`${acc.phone}:905309999999@c.us`, 'messages'))).status).toBe(404);
    const canned = await json(await acc.ann.postJson('/api/live/canned', { shortcut: 'x', text: 'y' }));
    expect((await other.ann.postJson(`/api/live/canned/${canned.data.id}`, { shortcut: 'z', text: 'z' })).status).toBe(
      404,
    );
    expect((await other.ann.postJson(`/api/live/canned/${canned.data.id}/delete`, {})).status).toBe(404);
  });

  it('transfers only to a confirmed agent with a chat seat', async () => {
    const id = await customerWrites(acc, 'to whom');
    await acc.ann.postJson(conv(id, 'take'), {});
    await setAgentLimit(t, acc.pid, 4);
    expect(
      (
        await acc.o.call('add', {
          email: 'new@example.com',
          password: 'secret1',
          update_data: { name: 'N', surname: 'A' },
        })
      ).status,
    ).toBe(200);
    const uid = (await acc.o.call('list')).body.agents.find((a: any) => a.email === 'new@example.com').uid;
    expect((await expectError(await acc.ann.postJson(conv(id, 'transfer'), { agentId: uid }), 409)).message).toBe(
      LIVE_MSG.agentUnverified,
    );
  });

  it('refuses agents beyond the agent limit, strangers, and owners without a live package', async () => {
    await setAgentLimit(t, acc.pid, 2);
    for (const path of ['/api/live/conversations', '/api/live/events', '/api/live/canned']) {
      expect((await expectError(await acc.bob.get(path), 403)).message).toBe(AGENT_MSG.noSeat);
      expect((await acc.ann.get(path)).status).not.toBe(403);
    }
    const stranger = await t.app.request('/api/live/conversations');
    expect((await expectError(stranger, 401)).message).toBe(AGENT_MSG.notSignedIn);
    await setAgentLimit(t, acc.pid, 0);
    expect((await expectError(await acc.o.agent.get('/api/live/conversations'), 403)).message).toBe(AGENT_MSG.noLimit);
  });

  it("never streams one account's events to another", async () => {
    const other = await liveAccount(t, 'b');
    const theirs = await openEvents(other.ann, undefined, ['presence']); // its own coming online
    await theirs.next();
    const ours = await openEvents(acc.ann);
    await ours.next();
    await customerWrites(acc, 'only for us');
    expect((await ours.until('message')).data.message.text).toBe('only for us');
    await expect(theirs.next(800)).rejects.toThrow('no event in time');
    await ours.close();
    await theirs.close();
  });
});
