import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { AGENT_MSG } from '../../src/shared/schemas/console/agents';
import { addAgent, confirm, liveLogin, owner } from '../support/live-agents';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('agents: the owner adds, edits and deletes; the agent confirms and signs in', () => {
  it('lists the owner first, alone, with the limit the subscription gives', async () => {
    const o = await owner(t, 2);
    const list = await o.call('list', {});
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      success: true,
      agent_limit: 2,
      agents: [{ uid: null, id: null, email: o.email, name: '', surname: '', owner: true, verified: true, chat: true }],
    });
  });

  it('adds an agent, mails the link; the agent confirms it and signs in to the chat app', async () => {
    const o = await owner(t, 2);
    const res = await o.call('add', {
      email: 'Ann@Example.com',
      password: 'secret1',
      update_data: { name: 'Ann', surname: 'Lee' },
    });
    expect(res.body).toEqual({ success: true, message: AGENT_MSG.added });
    const list = (await o.call('list')).body.agents;
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({
      email: 'ann@example.com',
      name: 'Ann',
      surname: 'Lee',
      owner: false,
      verified: false,
      chat: true,
    });
    expect(list[1].uid).toBe(list[1].id);

    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .all()
      .then((m) => m.filter((x) => x.to === 'ann@example.com'));
    expect(mail!.subject).toBe('You have been added as a Wapi live-chat agent');
    expect(mail!.text).toContain('http://localhost:8787/verify/agent/');

    expect((await confirm(t, 'ann@example.com')).body).toEqual({ success: true, message: AGENT_MSG.verified });
    expect((await o.call('list')).body.agents[1].verified).toBe(true);

    const login = await liveLogin(t, 'ann@example.com', 'secret1');
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({
      email: 'ann@example.com',
      name: 'Ann',
      surname: 'Lee',
      chat: true,
      pid: (await o.b.product()).id,
    });
    expect(login.agent.cookies.has('wapi_live_session')).toBe(true);
    expect(login.agent.cookies.has('wapi_session')).toBe(false);
    const me = await login.agent.get('/api/live/auth/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as any).data.email).toBe('ann@example.com');

    const out = await login.agent.postJson('/api/live/auth/logout', {});
    expect(out.status).toBe(200);
    expect((await login.agent.get('/api/live/auth/me')).status).toBe(401);
  });

  it('lets the agent choose a password when confirming', async () => {
    const o = await owner(t, 2);
    await addAgent(o, 'bob@example.com');
    expect((await confirm(t, 'bob@example.com', 'mine-123')).status).toBe(200);
    expect((await liveLogin(t, 'bob@example.com', 'secret1')).status).toBe(401);
    expect((await liveLogin(t, 'bob@example.com', 'mine-123')).status).toBe(200);
  });

  it("updates names and the password (ending the agent's sessions), then deletes the agent", async () => {
    const o = await owner(t, 3);
    const row = await addAgent(o, 'cy@example.com');
    await confirm(t, 'cy@example.com');
    const session = await liveLogin(t, 'cy@example.com', 'secret1');

    const renamed = await o.call('update', {
      uid: row.uid,
      email: 'cy@example.com',
      update_data: { name: 'Cy', surname: 'Twombly' },
    });
    expect(renamed.body).toEqual({ success: true, message: AGENT_MSG.updated });
    expect(renamed.body.message).toBe('Agent successfully updeted.');
    expect((await session.agent.get('/api/live/auth/me')).status).toBe(200);

    await o.call('update', { uid: row.uid, update_data: { name: 'Cy', surname: 'Twombly', password: 'newpass1' } });
    expect((await session.agent.get('/api/live/auth/me')).status).toBe(401);
    expect((await liveLogin(t, 'cy@example.com', 'newpass1')).status).toBe(200);
    expect((await o.call('list')).body.agents[1]).toMatchObject({ name: 'Cy', surname: 'Twombly' });

    const again = await liveLogin(t, 'cy@example.com', 'newpass1');
    const gone = await o.call('delete', { uid: row.uid, email: 'cy@example.com' });
    expect(gone.body).toEqual({ success: true, message: AGENT_MSG.deleted });
    expect((await o.call('list')).body.agents).toHaveLength(1);
    expect((await again.agent.get('/api/live/auth/me')).status).toBe(401);
    expect((await liveLogin(t, 'cy@example.com', 'newpass1')).status).toBe(401);
  });

  it('gives every seat of the limit: the owner holds one, then agents by age', async () => {
    const o = await owner(t, 3);
    await addAgent(o, 'a1@example.com');
    await addAgent(o, 'a2@example.com');
    const agents = (await o.call('list')).body.agents;
    expect(agents.map((a: any) => [a.email, a.chat])).toEqual([
      [o.email, true],
      ['a1@example.com', true],
      ['a2@example.com', true],
    ]);
  });

  it('counts registered agents in the onboarding checklist of a live package', async () => {
    const o = await owner(t);
    await o.b.call('createFreeTrial', { type: 'wapi-trial-live' });
    const before = await o.agent.get('/api/wapi/onboarding');
    const step = (body: any) => body.steps.find((s: any) => s.key === 'agent');
    const first = (await before.json()) as any;
    expect(step(first)).toEqual({ key: 'agent', done: false });
    await o.b.buy('wapi-agent', 1);
    await addAgent(o, 'helper@example.com');
    const after = (await (await o.agent.get('/api/wapi/onboarding')).json()) as any;
    expect(step(after)).toEqual({ key: 'agent', done: true });
  });
});
