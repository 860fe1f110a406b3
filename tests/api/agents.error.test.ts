import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { AGENT_MSG } from '../../src/shared/schemas/console/agents';
import { BILLING_MSG } from '../../src/shared/billing/messages';
import { addAgent, confirm, inviteToken, liveLogin, owner } from '../support/live-agents';
import { Agent } from '../support/agent';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('agents: every rule and message', () => {
  it("validates the add and update forms with the spec's messages", async () => {
    const o = await owner(t, 3);
    const cases: [string, unknown, string][] = [
      ['add', { password: 'secret1' }, 'E-mail is required!'],
      ['add', { email: 'not-mail', password: 'secret1' }, 'E-mail is not valid!'],
      ['add', { email: 'a@example.com' }, 'Password is required!'],
      ['add', { email: 'a@example.com', password: '12345' }, 'Too Short, Must be 6 integer'],
      ['update', { uid: 1, update_data: { surname: 'X' } }, 'Name is required!'],
      ['update', { uid: 1, update_data: { name: 'X', surname: ' ' } }, AGENT_MSG.surnameRequired],
      ['update', { uid: 1, update_data: { name: 'X', surname: 'Y', password: '123' } }, 'Too Short, Must be 6 integer'],
      ['update', { uid: 'abc', update_data: { name: 'X', surname: 'Y' } }, AGENT_MSG.notFound],
      ['delete', {}, AGENT_MSG.notFound],
    ];
    for (const [call, payload, message] of cases) {
      const res = await o.call(call, payload);
      expect(res.status, `${call} ${JSON.stringify(payload)}`).toBe(422);
      expect(res.body.message, `${call} ${JSON.stringify(payload)}`).toBe(message);
    }
    // No agent was mailed (the owner's own receipt for the seats is billing's).
    expect((await t.db.select().from(mailOutbox).all()).filter((m) => m.to !== o.email)).toHaveLength(0);
  });

  it("refuses a duplicate and the owner's own e-mail with 'This agent has been added.'", async () => {
    const o = await owner(t, 4);
    await addAgent(o, 'dup@example.com');
    for (const email of ['dup@example.com', 'DUP@example.com', o.email, o.email.toUpperCase()]) {
      const res = await o.call('add', { email, password: 'secret1' });
      expect(res.status, email).toBe(409);
      expect(res.body.message).toBe(AGENT_MSG.duplicate);
    }
    expect((await o.call('list')).body.agents).toHaveLength(2);
  });

  it("answers 'No Agent Limit' without an agent limit", async () => {
    const o = await owner(t);
    expect((await o.call('list')).body.agent_limit).toBe(0);
    const res = await o.call('add', { email: 'x@example.com', password: 'secret1' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(AGENT_MSG.noLimit);
  });

  it('blocks an add when the limit is at most the current count plus one (the owner holds a seat)', async () => {
    const one = await owner(t, 1);
    const blocked = await one.call('add', { email: 'x@example.com', password: 'secret1' });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe(AGENT_MSG.limitDialog);

    const o = await owner(t, 3);
    await addAgent(o, 'first@example.com');
    await addAgent(o, 'second@example.com');
    const third = await o.call('add', { email: 'third@example.com', password: 'secret1' });
    expect(third.status).toBe(403);
    expect(third.body.message).toBe('Every agent seat is taken, so you cannot add another agent yet.');
    expect((await o.call('list')).body.agents).toHaveLength(3);
  });

  it('lets only one of two adds at once take the last seat', async () => {
    const o = await owner(t, 2);
    const [a, b] = await Promise.all([
      o.call('add', { email: 'race1@example.com', password: 'secret1' }),
      o.call('add', { email: 'race2@example.com', password: 'secret1' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    expect((await o.call('list')).body.agents).toHaveLength(2);
  });

  it('keeps the agent quantity from going below the registered agents, and enforces a lowered limit', async () => {
    const o = await owner(t, 3);
    await addAgent(o, 'kept@example.com');
    const tooFew = await o.b.call('updateSubscription', { subscription_id: o.sub, quantity: 1, old_quantity: 3 });
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.message).toBe(BILLING_MSG.agentsInUse);
    const down = await o.b.call('updateSubscription', { subscription_id: o.sub, quantity: 2, old_quantity: 3 });
    expect(down.status).toBe(200);
    await o.b.clock(31);
    expect((await o.call('list')).body.agent_limit).toBe(2);
    const res = await o.call('add', { email: 'late@example.com', password: 'secret1' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(AGENT_MSG.limitDialog);
  });

  it('shows agents beyond a limit that fell (a trial ended) that they cannot use the chat', async () => {
    const o = await owner(t);
    await o.b.call('createFreeTrial', { type: 'wapi-trial-live' });
    await o.b.buy('wapi-agent', 1);
    await addAgent(o, 'seat@example.com');
    await confirm(t, 'seat@example.com');
    const session = await liveLogin(t, 'seat@example.com', 'secret1');
    expect(session.body.data.chat).toBe(true);
    await o.b.clock(4);
    expect((await o.call('list')).body.agent_limit).toBe(1);
    expect((await o.call('list')).body.agents[1].chat).toBe(false);
    const me = (await (await session.agent.get('/api/live/auth/me')).json()) as any;
    expect(me.data).toMatchObject({
      chat: false,
      message:
        'Your account has more agents than seats, so you cannot use the live chat for now. Ask the account owner to add a seat.',
    });
  });

  it('does not let an unconfirmed agent sign in, and says nothing of which part of a wrong login was wrong', async () => {
    const o = await owner(t, 2);
    await addAgent(o, 'new@example.com');
    const early = await liveLogin(t, 'new@example.com', 'secret1');
    expect(early.status).toBe(403);
    expect(early.body.message).toBe(AGENT_MSG.unverified);
    const wrongPass = await liveLogin(t, 'new@example.com', 'wrong-pass');
    const unknown = await liveLogin(t, 'nobody@example.com', 'secret1');
    expect(wrongPass.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPass.body.message).toBe(AGENT_MSG.loginFailed);
    expect(unknown.body.message).toBe(wrongPass.body.message);
    await confirm(t, 'new@example.com');
    expect((await liveLogin(t, 'new@example.com', 'wrong-pass')).body.message).toBe(AGENT_MSG.loginFailed);
  });

  it('uses a confirmation link once and refuses it after it expires', async () => {
    const o = await owner(t, 3);
    await addAgent(o, 'once@example.com');
    const token = await inviteToken(t, 'once@example.com');
    const first = await new Agent(t).postForm('/api/verify/agent', { token });
    expect(first.status).toBe(200);
    const again = (await (
      await new Agent(t).postForm('/api/verify/agent', { token, password: 'other-1' })
    ).json()) as any;
    expect(again.message).toBe(AGENT_MSG.verifyInvalid);
    expect((await liveLogin(t, 'once@example.com', 'other-1')).status).toBe(401);

    await addAgent(o, 'late@example.com');
    const late = await inviteToken(t, 'late@example.com');
    t.clock.advance(7 * 24 * 60 * 60_000 + 1);
    const expired = await new Agent(t).postForm('/api/verify/agent', { token: late });
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as any).message).toBe(AGENT_MSG.verifyExpired);
    expect((await liveLogin(t, 'late@example.com', 'secret1')).status).toBe(403);

    const bogus = await new Agent(t).postForm('/api/verify/agent', { token: 'x'.repeat(43) });
    expect(bogus.status).toBe(400);
    const short = await new Agent(t).postForm('/api/verify/agent', { token: 'x'.repeat(43), password: '123' });
    expect(short.status).toBe(422);
  });

  it('refuses GET logout (a link must not sign an agent out)', async () => {
    const res = await new Agent(t).get('/api/live/auth/logout');
    expect(res.status).toBe(405);
    expect(((await res.json()) as any).message).toBe(AGENT_MSG.logoutIsPost);
  });
});
