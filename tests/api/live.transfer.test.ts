import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_MSG } from '../../src/shared/live-messages';
import { AGENT_MSG } from '../../src/shared/agent-messages';
import { expectError } from '../support/agent';
import {
  CUSTOMER,
  conv,
  customerWrites,
  json,
  liveAccount,
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

const post = (who: LiveAccount['ann'], path: string, payload: unknown = {}) =>
  who.postJson(path, payload).then(async (r) => ({ status: r.status, body: await json(r) }));
const agentId = async (email: string) =>
  (await acc.o.call('list')).body.agents.find((a: any) => a.email === email).uid as number;

describe('live inbox: transfer to the owner and to any agent (issue 22)', () => {
  it('lists the owner first, then the confirmed agents with a seat, as transfer targets', async () => {
    await setAgentLimit(t, acc.pid, 4);
    expect(
      (
        await acc.o.call('add', {
          email: 'late@example.com',
          password: 'secret1',
          update_data: { name: 'Late', surname: 'Comer' },
        })
      ).status,
    ).toBe(200);
    const targets = await json(await acc.ann.get('/api/live/agents'));
    expect(targets.data).toEqual([
      { id: null, email: acc.o.email, name: expect.any(String), owner: true },
      { id: await agentId(acc.annEmail), email: acc.annEmail, name: 'ann Agent', owner: false },
      { id: await agentId(acc.bobEmail), email: acc.bobEmail, name: 'bob Agent', owner: false },
    ]);
    // The owner's console session gets the same list.
    expect((await json(await acc.o.agent.get('/api/live/agents'))).data.map((a: any) => a.email)).toEqual([
      acc.o.email,
      acc.annEmail,
      acc.bobEmail,
    ]);
  });

  it('an agent hands a conversation to the owner; the owner hands it to an agent; that agent to another', async () => {
    const id = await customerWrites(acc, 'who can help?');
    await post(acc.ann, conv(id, 'take'));
    const toOwner = await post(acc.ann, conv(id, 'transfer'), { to: 'owner' });
    expect(toOwner).toMatchObject({
      status: 200,
      body: { data: { id, state: 'taken', agent: acc.o.email, mine: false } },
    });
    expect(
      (await json(await acc.o.agent.get('/api/live/conversations?state=mine'))).data.map((c: any) => c.id),
    ).toEqual([id]);
    // Ann no longer holds it: she cannot move it again.
    expect(
      (await expectError(await acc.ann.postJson(conv(id, 'transfer'), { agentId: await agentId(acc.bobEmail) }), 409))
        .message,
    ).toBe(LIVE_MSG.takenBy(acc.o.email));

    const toBob = await post(acc.o.agent, conv(id, 'transfer'), { agentId: await agentId(acc.bobEmail) });
    expect(toBob.body.data).toMatchObject({ agent: acc.bobEmail, mine: false });
    const toAnn = await post(acc.bob, conv(id, 'transfer'), { agentId: String(await agentId(acc.annEmail)) });
    expect(toAnn.body.data).toMatchObject({ agent: acc.annEmail });
    expect((await json(await acc.ann.get('/api/live/conversations?state=mine'))).data.map((c: any) => c.id)).toEqual([
      id,
    ]);
  });

  it('refuses a transfer to the holder, a malformed target and another account’s agent with a clear 4xx', async () => {
    const id = await customerWrites(acc, 'mixed up');
    await post(acc.ann, conv(id, 'take'));
    expect(
      (await expectError(await acc.ann.postJson(conv(id, 'transfer'), { agentId: await agentId(acc.annEmail) }), 409))
        .message,
    ).toBe(LIVE_MSG.alreadyHolds(acc.annEmail));
    for (const body of [{}, { to: 'owner', agentId: 1 }, { to: 'boss' }, { agentId: -3 }, { agentId: 'x' }]) {
      const res = await acc.ann.postJson(conv(id, 'transfer'), body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      await expectError(res, 422);
    }
    await expectError(await acc.ann.postJson(conv(id, 'transfer'), []), 400);
    const other = await liveAccount(t, 'b');
    const foreign = (await other.o.call('list')).body.agents.find((a: any) => a.email === other.annEmail).uid;
    expect((await expectError(await acc.ann.postJson(conv(id, 'transfer'), { agentId: foreign }), 404)).message).toBe(
      AGENT_MSG.notFound,
    );
    // The other account's owner cannot take it over either.
    expect((await other.o.agent.postJson(conv(id, 'transfer'), { to: 'owner' })).status).toBe(404);
  });

  it("carries the customer's number and the phone line the conversation came in on", async () => {
    const id = await customerWrites(acc, 'which line?');
    const phone = (await acc.api.get<any[]>('/listPhones')).body.find((p: any) => Number(p.id) === acc.phone);
    const [listed] = (await json(await acc.ann.get('/api/live/conversations'))).data;
    expect(listed).toMatchObject({
      id,
      number: `+${CUSTOMER}`,
      line: { phoneId: acc.phone, number: `+${String(phone.number).replace(/^\+/, '')}`, name: phone.name ?? '' },
    });
    expect(listed.line.number).toMatch(/^\+\d+$/);
    const opened = await json(await acc.ann.get(conv(id, 'messages')));
    expect(opened.data.conversation).toMatchObject({ number: `+${CUSTOMER}`, line: listed.line });
  });
});
