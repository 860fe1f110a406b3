import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import { Billing } from '../support/billing';
import { customer, eventually, type Api } from '../support/phones';
import { Receiver } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 38: what ban protection holds is visible, and what frees it says so.
let t: TestApp;
let api: Api;
let b: Billing;
let hooks: Receiver;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true, webhooks: true });
  hooks = await new Receiver().start();
  const c = await customer(t);
  api = c.api;
  b = new Billing(c.agent);
  await api.post('/setWebhook', { webhook: hooks.url });
});
afterEach(async () => {
  await t.close();
  await hooks.stop();
});
const protectionEvents = () => hooks.received.filter((r) => r.json?.type === 'protection').map((r) => r.json);
// Ends in 1: on WhatsApp in the simulator, and never answers by itself.
const number = (i: number) => `90530456${String(i).padStart(3, '0')}1`;
const countBy = async (phoneId: number, status: 'sent' | 'queued') =>
  (
    await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.phoneId, phoneId), eq(messages.direction, 'out'), eq(messages.status, status)))
      .all()
  ).length;
const protectionLogs = async (id: number) =>
  (await api.get(`/logs?phone_id=${id}`)).body.data.list
    .filter((l: { data: { event?: string } }) => l.data.event === 'protection')
    .map((l: { data: { budget: string; state: string } }) => `${l.data.budget} ${l.data.state}`);

/** A number linked today (day budget 20) that sent to `n` new numbers: 20 went, the rest are held. */
async function heldPhone(n: number, ramp = 20): Promise<number> {
  const id = await api.addPhone();
  await api.link(id, '905300000002');
  if (ramp !== 20) await api.post(`/${id}/protection`, { ramp_start: ramp });
  for (let i = 1; i <= n; i++)
    expect((await api.post(`/${id}/sendMessage`, { to_number: number(i), message: `hello ${i}` })).status).toBe(200);
  await eventually(async () => (await countBy(id, 'sent')) === ramp, 10_000, `${ramp} messages to go out`);
  await eventually(
    async () => (await api.get(`/${id}/protection`)).body.protection.held === n - ramp,
    5_000,
    'the rest to be held',
  );
  await eventually(
    async () => protectionEvents().some((e) => e.phone_id === id && e.state === 'reached'),
    5_000,
    'the reached event',
  );
  return id;
}

describe('held messages are visible', () => {
  it('lists a chat whose only message is held, marked held; the queue counts it under held only', async () => {
    const id = await heldPhone(22, 3);
    const list = (await api.get(`/${id}/getConversations`)).body.data as {
      id: string;
      held?: boolean;
      lastMessage: string;
    }[];
    const held = list.filter((c) => c.held);
    expect(held.map((c) => c.id).sort()).toEqual(Array.from({ length: 19 }, (_, i) => `${number(i + 4)}@c.us`).sort());
    expect(list.find((c) => c.id === `${number(22)}@c.us`)).toMatchObject({
      id: `${number(22)}@c.us`,
      user: number(22),
      server: 'c.us',
      name: number(22),
      type: 'chat',
      isGroup: false,
      unreadCount: 0,
      lastMessage: 'hello 22',
      held: true,
    });
    // A chat a message reached is listed as before: no `held` field.
    const sent = list.find((c) => c.id === `${number(1)}@c.us`)!;
    expect(sent).toBeTruthy();
    expect('held' in sent).toBe(false);
    expect(list).toHaveLength(22);
    // Its message reads as held in the conversation.
    const chat = (await api.get(`/${id}/getConversations/${number(22)}@c.us`)).body.data;
    expect(chat.messages.map((m: { status: string }) => m.status)).toEqual(['held']);

    expect((await api.get(`/${id}/queue`)).body).toEqual({ success: true, queue: 19, stats: { sending: 0, held: 19 } });

    // The document declares the field.
    const doc = await (await t.app.request('/api/openapi.json')).json();
    const schema = doc.paths['/{phone_id}/getConversations'].get.responses['200'].content['application/json'].schema;
    const item = schema.properties.data.items;
    const props = (item.properties ?? doc.components.schemas[item.$ref.split('/').pop()].properties) as Record<
      string,
      { type: string }
    >;
    expect(props.held?.type).toBe('boolean');
  });

  it('sends and logs `cleared` when the budget is raised with POST /protection', async () => {
    const id = await heldPhone(5, 3);
    expect((await api.post(`/${id}/protection`, { ramp_start: 10, ramp_max: 250 })).status).toBe(200);
    await eventually(async () => (await countBy(id, 'sent')) === 5, 10_000, 'the held messages to go');
    const cleared = await eventually(
      async () => protectionEvents().find((e) => e.phone_id === id && e.state === 'cleared'),
      5_000,
      'the cleared event',
    );
    expect(cleared).toEqual({
      type: 'protection',
      product_id: api.pid,
      phone_id: id,
      budget: 'new_chats',
      used: expect.any(Number),
      limit: 10,
      state: 'cleared',
    });
    expect(protectionEvents().map((e) => e.state)).toEqual(['warning', 'reached', 'cleared']);
    await eventually(
      async () => (await protectionLogs(id)).includes('new_chats cleared'),
      5_000,
      'the cleared log entry',
    );
  });

  it("follows the sandbox clock: a day later the next day's budget frees the held messages and `cleared` comes", async () => {
    const id = await heldPhone(25);
    expect((await api.get(`/${id}/queue`)).body.stats).toEqual({ sending: 0, held: 5 });
    await b.clock(1);
    await eventually(async () => (await countBy(id, 'sent')) === 25, 10_000, 'the held messages to go the next day');
    const p = (await api.get(`/${id}/protection`)).body.protection;
    expect(p.budgets.new_chats).toEqual({ used: 5, limit: 40 });
    expect(p.held).toBe(0);
    const cleared = await eventually(
      async () => protectionEvents().find((e) => e.phone_id === id && e.state === 'cleared'),
      5_000,
      'the cleared event',
    );
    expect(cleared).toMatchObject({ budget: 'new_chats', limit: 40, state: 'cleared' });
    await eventually(
      async () => (await protectionLogs(id)).includes('new_chats cleared'),
      5_000,
      'the cleared log entry',
    );
  });

  it('refuse mode counts queued chats: 21 new chats sent as fast as a client can, the 21st gets 429', async () => {
    const id = await api.addPhone();
    await api.link(id, '905300000002');
    await api.post(`/${id}/protection`, { on_limit: 'refuse' });
    const answers = [];
    for (let i = 1; i <= 21; i++)
      answers.push(await api.post(`/${id}/sendMessage`, { to_number: number(i), message: `hello ${i}` }));
    expect(answers.slice(0, 20).map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers[20]!.status).toBe(429);
    expect(answers[20]!.body.error).toMatchObject({
      code: 'PROTECTION_LIMIT',
      budget: 'new_chats',
      used: 20,
      limit: 20,
    });
    // Another message to a chat already queued opens nothing more.
    expect((await api.post(`/${id}/sendMessage`, { to_number: number(5), message: 'and more' })).status).toBe(200);

    // A burst in parallel too: exactly the budget is accepted.
    const other = await api.addPhone();
    await api.link(other, '905300000003');
    await api.post(`/${other}/protection`, { on_limit: 'refuse' });
    const burst = await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        api.post(`/${other}/sendMessage`, { to_number: number(100 + i), message: `hi ${i}` }),
      ),
    );
    expect(burst.filter((a) => a.status === 200)).toHaveLength(20);
    expect(burst.filter((a) => a.status === 429).map((a) => a.body.error.code)).toEqual(['PROTECTION_LIMIT']);
  });
});
