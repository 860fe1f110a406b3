import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema';
import { eventually } from '../support/phones';
import { CUSTOMER, conv, customerWrites, json, liveAccount, type LiveAccount } from '../support/live-inbox';
import { Receiver } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let acc: LiveAccount;
let rx: Receiver;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true, webhooks: true });
  rx = await new Receiver().start();
  acc = await liveAccount(t);
  expect((await acc.api.post('/setWebhook', { webhook: rx.url })).body.success).toBe(true);
}, 30_000);
afterEach(async () => {
  await t.close();
  await rx.stop();
});

const post = (agent: LiveAccount['ann'], path: string, payload: unknown = {}) =>
  agent.postJson(path, payload).then(async (r) => ({ status: r.status, body: await json(r) }));
const liveEvents = () => rx.of('live_event').map((r) => r.json);

describe('live-chat events on the customer webhook', () => {
  it('posts taken_by_agent, closed and released_by_agent in the reference shape, and agent replies', async () => {
    const id = await customerWrites(acc, 'I need help');
    const chatId = `${CUSTOMER}@c.us`;
    expect((await post(acc.ann, conv(id, 'take'))).status).toBe(200);
    const bobId = (await acc.o.call('list')).body.agents.find((a: any) => a.email === acc.bobEmail).uid;
    expect((await post(acc.ann, conv(id, 'transfer'), { agentId: bobId })).status).toBe(200);
    expect((await post(acc.bob, conv(id, 'close'))).status).toBe(200);
    expect((await post(acc.ann, conv(id, 'reopen'))).status).toBe(200);
    // Replying to a waiting conversation takes it first: a take, then the reply.
    const sent = await post(acc.bob, conv(id, 'send'), { type: 'text', message: 'How can I help?' });
    expect(sent.status).toBe(200);

    await eventually(async () => liveEvents().length >= 6, 5_000, 'six live events');
    const base = { type: 'live_event', product_id: acc.pid, phone_id: acc.phone, conversation: chatId };
    const byEvent = (e: string) => liveEvents().filter((p) => p.data.event === e);
    // Deliveries run concurrently, so posts may arrive in any order (each carries what it is).
    const takes = [
      { ...base, data: { event: 'taken_by_agent', agent: acc.annEmail } },
      { ...base, data: { event: 'taken_by_agent', agent: acc.annEmail, to: acc.bobEmail } },
      { ...base, data: { event: 'taken_by_agent', agent: acc.bobEmail } },
    ];
    expect(byEvent('taken_by_agent')).toHaveLength(3);
    expect(byEvent('taken_by_agent')).toEqual(expect.arrayContaining(takes));
    expect(byEvent('replied_by_agent')).toEqual([
      { ...base, data: { event: 'replied_by_agent', agent: acc.bobEmail, msgId: sent.body.data.msgId } },
    ]);
    expect(byEvent('closed')).toEqual([{ ...base, data: { event: 'closed', agent: acc.bobEmail } }]);
    expect(byEvent('released_by_agent')).toEqual([
      { ...base, data: { event: 'released_by_agent', agent: acc.annEmail } },
    ]);
    expect(liveEvents()).toHaveLength(6);
  });

  it('a take the agent already holds posts nothing more, and no webhook means nothing is posted', async () => {
    const id = await customerWrites(acc, 'hello');
    await post(acc.ann, conv(id, 'take'));
    await post(acc.ann, conv(id, 'take'));
    await eventually(async () => liveEvents().length >= 1, 5_000, 'the take');
    await new Promise((r) => setTimeout(r, 300));
    expect(liveEvents()).toHaveLength(1);

    expect((await acc.api.post('/setWebhook', { webhook: '' })).body.success).toBe(true);
    await post(acc.ann, conv(id, 'close'));
    await new Promise((r) => setTimeout(r, 300));
    expect(liveEvents()).toHaveLength(1);
  });

  it("the default webhook is this server's live chat: it answers webhook posts, and events are not posted to it", async () => {
    const health = await t.app.request('/api/live/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'message' }),
    });
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ success: true });

    const url = `${t.config.publicUrl}/api/live/webhook`;
    expect((await acc.api.post('/setWebhook', { webhook: url })).body).toMatchObject({ success: true, webhook: url });
    const id = await customerWrites(acc, 'to the default webhook');
    await post(acc.ann, conv(id, 'take'));
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.url, url)).all()).toEqual([]);
    expect(liveEvents()).toEqual([]);
  });
});
