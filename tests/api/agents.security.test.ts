import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agents, agentSessions } from '../../db/schema';
import { AGENT_MSG } from '../../src/shared/schemas/console/agents';
import { Agent, expectError } from '../support/agent';
import { addAgent, confirm, inviteToken, liveLogin, owner } from '../support/live-agents';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('agents: who may do what', () => {
  it('answers anonymous callers 401 on every agents call and on the chat app', async () => {
    const anon = new Agent(t);
    for (const call of ['list', 'add', 'update', 'delete']) {
      await expectError(
        await anon.postForm(`/api/wapi/agent/${call}`, {
          uid: 1,
          email: 'a@example.com',
          password: 'secret1',
          update_data: { name: 'a', surname: 'b' },
        }),
        401,
        'UNAUTHORIZED',
      );
    }
    const me = await expectError(await anon.get('/api/live/auth/me'), 401, 'UNAUTHORIZED');
    expect(me.message).toBe(AGENT_MSG.notSignedIn);
  });

  it("answers another account's agent ids and product id like missing ones (404), changing nothing", async () => {
    const mine = await owner(t, 2);
    const row = await addAgent(mine, 'mine@example.com');
    const other = await owner(t, 2);
    const pid = (await mine.b.product()).id;
    for (const [call, payload] of [
      ['update', { uid: row.uid, update_data: { name: 'Evil', surname: 'Eve', password: 'hijack1' } }],
      ['delete', { uid: row.uid }],
      ['delete', { uid: row.uid, email: 'mine@example.com' }],
      ['list', { pid }],
      ['add', { pid, email: 'x@example.com', password: 'secret1' }],
    ] as const) {
      const res = await other.call(call, payload);
      expect(res.status, `${call} ${JSON.stringify(payload)}`).toBe(404);
    }
    const wrongEmail = await mine.call('delete', { uid: row.uid, email: 'someone@example.com' });
    expect(wrongEmail.status).toBe(404);
    expect(wrongEmail.body.message).toBe(AGENT_MSG.notFound);
    expect((await mine.call('list')).body.agents[1]).toMatchObject({ email: 'mine@example.com', name: 'Ada' });
    expect((await other.call('list')).body.agents).toHaveLength(1);
  });

  it('keeps the owner row out of reach: it has no agent id to update or delete', async () => {
    const o = await owner(t, 2);
    const [ownerRow] = (await o.call('list')).body.agents;
    expect(ownerRow).toMatchObject({ owner: true, uid: null, id: null });
    expect(
      (await o.call('update', { uid: ownerRow.uid, email: o.email, update_data: { name: 'X', surname: 'Y' } })).status,
    ).toBe(422);
    // The owner's user id names no agent.
    expect((await o.call('delete', { uid: o.user.id, email: o.email })).status).toBe(404);
    expect((await o.call('update', { uid: o.user.id, update_data: { name: 'X', surname: 'Y' } })).status).toBe(404);
  });

  it('needs the CSRF token on writes and on the agent login', async () => {
    const o = await owner(t, 2);
    const res = await o.agent.request('/api/wapi/agent/add', {
      method: 'POST',
      csrf: false,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.com', password: 'secret1' }),
    });
    await expectError(res, 403, 'CSRF');
    await expectError(
      await new Agent(t).postJson(
        '/api/live/auth/login',
        { email: 'x@example.com', password: 'secret1' },
        { csrf: false },
      ),
      403,
      'CSRF',
    );
  });

  it('keeps agent and console sessions apart', async () => {
    const o = await owner(t, 2);
    await addAgent(o, 'apart@example.com');
    await confirm(t, 'apart@example.com');
    const live = await liveLogin(t, 'apart@example.com', 'secret1');
    expect((await live.agent.get('/api/auth/user')).status).toBe(401);
    expect((await live.agent.postForm('/api/wapi/agent/list', {})).status).toBe(401);
    expect((await o.agent.get('/api/live/auth/me')).status).toBe(401);
    const consoleLogin = await new Agent(t).postJson('/api/auth/login', {
      username: 'apart@example.com',
      password: 'secret1',
    });
    expect(consoleLogin.status).toBe(401);
  });

  it('stores only hashes of passwords, links and session tokens, in an httpOnly cookie', async () => {
    const o = await owner(t, 2);
    await addAgent(o, 'hash@example.com');
    const token = await inviteToken(t, 'hash@example.com');
    const [row] = await t.db.select().from(agents).all();
    expect(row!.passwordHash).toMatch(/^pbkdf2-sha256\$/);
    expect(row!.verifyTokenHash).not.toBe(token);
    await confirm(t, 'hash@example.com');
    const res = await new Agent(t).postJson('/api/live/auth/login', { email: 'hash@example.com', password: 'secret1' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('wapi_live_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const [session] = await t.db.select().from(agentSessions).all();
    expect(cookie).not.toContain(session!.id);
  });

  it('limits password guesses against one agent from one address', async () => {
    const o = await owner(t, 2);
    await addAgent(o, 'guess@example.com');
    await confirm(t, 'guess@example.com');
    const guesser = new Agent(t);
    let last = 0;
    for (let i = 0; i < 11; i++)
      last = (await guesser.postJson('/api/live/auth/login', { email: 'guess@example.com', password: `wrong-${i}` }))
        .status;
    expect(last).toBe(429);
  });
});
