import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../support/phones';
import { CUSTOMER, conv, customerWrites, json, liveAccount, type LiveAccount } from '../support/live-inbox';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

const post = (agent: LiveAccount['ann'], path: string, payload: unknown = {}) =>
  agent.postJson(path, payload).then(async (r) => ({ status: r.status, body: await json(r) }));

describe('live inbox: waiting, take, transfer, close, reopen, reply', () => {
  it('lists an incoming conversation as waiting with its unread count, from the same rows the API reads', async () => {
    const id = await customerWrites(acc, 'hello, anyone?');
    const list = await json(await acc.ann.get('/api/live/conversations?state=waiting'));
    expect(list.data).toEqual([
      expect.objectContaining({
        id,
        chatId: `${CUSTOMER}@c.us`,
        phoneId: acc.phone,
        state: 'waiting',
        mine: false,
        agent: null,
        unread: 1,
        lastMessage: 'hello, anyone?',
      }),
    ]);
    expect(list.groups).toMatchObject({
      waiting: { count: 1, unread: 1 },
      mine: { count: 0 },
      taken: { count: 0 },
      closed: { count: 0 },
    });
    expect((await json(await acc.ann.get('/api/live/conversations?state=mine'))).data).toEqual([]);
    expect((await json(await acc.ann.get('/api/live/conversations?q=anyone'))).data).toHaveLength(1);
    expect((await json(await acc.ann.get('/api/live/conversations?q=nothing-like-it'))).data).toHaveLength(0);

    const page = await json(await acc.ann.get(conv(id, 'messages')));
    expect(page.data.messages).toEqual([expect.objectContaining({ fromMe: false, text: 'hello, anyone?' })]);
    const api = await acc.api.get(`/${acc.phone}/getConversations/${CUSTOMER}@c.us`);
    expect(api.body.data.messages.map((m: any) => m.id)).toEqual(page.data.messages.map((m: any) => m.id));
    expect((await json(await acc.ann.get('/api/live/conversations'))).data[0].unread).toBe(0);
  });

  it('takes, transfers, closes and reopens; every agent sees the groups from their side', async () => {
    const id = await customerWrites(acc, 'I need help');
    const taken = await post(acc.ann, conv(id, 'take'));
    expect(taken).toMatchObject({
      status: 200,
      body: { success: true, data: { id, state: 'taken', mine: true, agent: acc.annEmail } },
    });
    expect((await post(acc.ann, conv(id, 'take'))).status).toBe(200);
    expect((await json(await acc.bob.get('/api/live/conversations?state=taken'))).data[0]).toMatchObject({
      id,
      mine: false,
      agent: acc.annEmail,
    });
    expect((await json(await acc.ann.get('/api/live/conversations?state=mine'))).data[0].id).toBe(id);

    const bobId = (await acc.o.call('list')).body.agents.find((a: any) => a.email === acc.bobEmail).uid;
    const moved = await post(acc.ann, conv(id, 'transfer'), { agentId: bobId });
    expect(moved.body.data).toMatchObject({ state: 'taken', mine: false, agent: acc.bobEmail });
    expect((await json(await acc.bob.get('/api/live/conversations?state=mine'))).data[0].id).toBe(id);

    const closed = await post(acc.bob, conv(id, 'close'));
    expect(closed.body.data).toMatchObject({ state: 'closed', agent: acc.bobEmail });
    expect(closed.body.data.closedAt).toBe(t.clock.now);
    expect((await json(await acc.ann.get('/api/live/conversations?state=closed'))).data[0].id).toBe(id);

    const reopened = await post(acc.ann, conv(id, 'reopen'));
    expect(reopened.body.data).toMatchObject({ state: 'waiting', agent: null });
  });

  it('a customer writing to a closed conversation puts it back among the waiting ones', async () => {
    const id = await customerWrites(acc, 'first');
    await post(acc.ann, conv(id, 'take'));
    await post(acc.ann, conv(id, 'close'));
    await customerWrites(acc, 'second');
    expect((await json(await acc.bob.get('/api/live/conversations?state=waiting'))).data[0]).toMatchObject({
      id,
      state: 'waiting',
      unread: 1,
    });
  });

  it('replies through the durable send queue and the reply reaches the customer', async () => {
    const id = await customerWrites(acc, 'hi');
    const sent = await post(acc.ann, conv(id, 'send'), { type: 'text', message: 'Hello 👋' });
    expect(sent).toMatchObject({ status: 200, body: { success: true, data: { chatId: `${CUSTOMER}@c.us` } } });
    expect(typeof sent.body.data.msgId).toBe('string');
    // Replying to a waiting conversation takes it.
    expect((await json(await acc.ann.get('/api/live/conversations?state=mine'))).data[0].id).toBe(id);
    await eventually(
      async () => {
        const page = await json(await acc.ann.get(conv(id, 'messages')));
        return page.data.messages.find((m: any) => m.id === sent.body.data.msgId && m.status === 'sent');
      },
      5_000,
      'the reply to be sent',
    );
    expect((await post(acc.ann, conv(id, 'send'), { type: 'text', message: '   ' })).status).toBe(422);
  });

  it('keeps private notes and canned replies per account', async () => {
    const id = await customerWrites(acc, 'hi');
    const note = await post(acc.ann, conv(id, 'notes'), { text: 'VIP customer' });
    expect(note.body.data).toMatchObject({ author: acc.annEmail, text: 'VIP customer' });
    expect((await json(await acc.bob.get(conv(id, 'notes')))).data).toEqual([note.body.data]);
    const page = await json(await acc.ann.get(conv(id, 'messages')));
    expect(JSON.stringify(page.data.messages)).not.toContain('VIP customer');

    const added = await post(acc.ann, '/api/live/canned', { shortcut: 'hello', text: 'Hello! How can I help?' });
    expect(added.body.data).toMatchObject({ shortcut: 'hello', text: 'Hello! How can I help?' });
    expect((await post(acc.bob, '/api/live/canned', { shortcut: 'hello', text: 'again' })).status).toBe(409);
    const cid = added.body.data.id;
    expect((await post(acc.bob, `/api/live/canned/${cid}`, { shortcut: 'hi', text: 'Hi!' })).body.data).toEqual({
      id: cid,
      shortcut: 'hi',
      text: 'Hi!',
    });
    expect((await json(await acc.ann.get('/api/live/canned'))).data).toEqual([
      { id: cid, shortcut: 'hi', text: 'Hi!' },
    ]);
    expect((await post(acc.ann, `/api/live/canned/${cid}/delete`)).status).toBe(200);
    expect((await json(await acc.ann.get('/api/live/canned'))).data).toEqual([]);
    expect((await post(acc.ann, `/api/live/canned/${cid}/delete`)).status).toBe(404);
  });

  it('lets the account owner open the inbox from the console and take a conversation', async () => {
    const id = await customerWrites(acc, 'owner?');
    const list = await json(await acc.o.agent.get('/api/live/conversations'));
    expect(list.data[0].id).toBe(id);
    const taken = await post(acc.o.agent, conv(id, 'take'));
    expect(taken.body.data).toMatchObject({ mine: true, agent: acc.o.email });
  });
});
