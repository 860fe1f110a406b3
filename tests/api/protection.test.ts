import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages, phones } from '../../db/schema';
import { customer, eventually, type Api } from '../support/phones';
import { Receiver } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let hooks: Receiver;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true, webhooks: true });
  hooks = await new Receiver().start();
  ({ api } = await customer(t));
  await api.post('/setWebhook', { webhook: hooks.url });
});
afterEach(async () => {
  await t.close();
  await hooks.stop();
});
const protectionEvents = () => hooks.received.filter((r) => r.json?.type === 'protection').map((r) => r.json);

const DAY = 86_400_000;
// Ends in 1: on WhatsApp in the simulator, and never answers by itself.
const number = (i: number) => `90530123${String(i).padStart(3, '0')}1`;
const rows = (phoneId: number) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.phoneId, phoneId), eq(messages.direction, 'out')))
    .all();
const countBy = async (phoneId: number, status: string) =>
  (await rows(phoneId)).filter((r) => r.status === status).length;

describe('protection settings', () => {
  it('reads the defaults, sets the ramp, the limits and on_limit, and refuses what makes no sense', async () => {
    const id = await api.addPhone();
    const first = await api.get(`/${id}/protection`);
    expect(first.status).toBe(200);
    // On by default for a WhatsApp Web number.
    expect(first.body.protection).toMatchObject({
      enabled: true,
      ramp_start: 20,
      ramp_step: 20,
      ramp_max: 250,
      unanswered_limit: 300,
      on_limit: 'hold',
      budgets: { new_chats: { used: 0 }, unanswered: { used: 0, limit: 300 } },
      held: 0,
    });

    const set = await api.post(`/${id}/protection`, {
      enabled: true,
      ramp_start: 10,
      ramp_step: 5,
      ramp_max: 100,
      unanswered_limit: 50,
      on_limit: 'refuse',
    });
    expect(set.status).toBe(200);
    expect(set.body.protection).toMatchObject({
      enabled: true,
      ramp_start: 10,
      ramp_step: 5,
      ramp_max: 100,
      unanswered_limit: 50,
      on_limit: 'refuse',
    });
    // Never linked: no first 'active', so the number starts at the top of its ramp.
    expect(set.body.protection.budgets.new_chats).toEqual({ used: 0, limit: 100 });

    // What a patch leaves out stays.
    const patch = await api.post(`/${id}/protection`, { on_limit: 'hold' });
    expect(patch.body.protection).toMatchObject({
      enabled: true,
      ramp_start: 10,
      unanswered_limit: 50,
      on_limit: 'hold',
    });
    expect((await api.get(`/${id}/protection`)).body.protection.on_limit).toBe('hold');

    expect((await api.post(`/${id}/protection`, { on_limit: 'drop' })).status).toBe(422);
    expect((await api.post(`/${id}/protection`, { ramp_start: -1 })).status).toBe(422);
    expect((await api.post(`/${id}/protection`, { ramp_start: 300, ramp_max: 200 })).status).toBe(422);
    expect((await api.post(`/${id}/protection`, { ramp_start: 300 })).status).toBe(422);
    expect((await api.get(`/999999/protection`)).status).toBe(404);
  });

  it('is documented in the messaging API', async () => {
    const doc = await (await t.app.request('/api/openapi.json')).json();
    expect(doc.paths['/{phone_id}/protection'].get).toBeTruthy();
    const event = doc.webhooks['Ban Protection'].post.requestBody.content['application/json'].schema;
    expect(event.properties.type.const).toBe('protection');
    expect(Object.keys(event.properties)).toEqual([
      'type',
      'product_id',
      'phone_id',
      'budget',
      'used',
      'limit',
      'state',
    ]);
    expect(
      Object.keys(doc.paths['/{phone_id}/protection'].post.requestBody.content['application/json'].schema.properties),
    ).toEqual(
      expect.arrayContaining(['enabled', 'ramp_start', 'ramp_step', 'ramp_max', 'unanswered_limit', 'on_limit']),
    );
  });
});

describe('hold at the limit', () => {
  it('a number linked today sends to 25 new numbers: 20 go, 5 are held; a reply does not count; the next day the rest go', async () => {
    const id = await api.addPhone();
    await api.link(id, '905300000002');
    // Nothing to turn on: protection is on by default.
    expect((await api.get(`/${id}/protection`)).body.protection).toMatchObject({
      enabled: true,
      budgets: { new_chats: { used: 0, limit: 20 } },
    });

    for (let i = 1; i <= 25; i++)
      expect((await api.post(`/${id}/sendMessage`, { to_number: number(i), message: `hello ${i}` })).status).toBe(200);
    await eventually(async () => (await countBy(id, 'sent')) === 20, 10_000, '20 messages to go out');
    // The budget holds the rest, in order: the 5 last ones.
    await new Promise((r) => setTimeout(r, 700));
    const all = (await rows(id)).sort((a, b) => a.seq - b.seq);
    expect(all.filter((r) => r.status === 'sent').map((r) => r.chatId)).toEqual(all.slice(0, 20).map((r) => r.chatId));
    expect(all.slice(20).map((r) => r.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);
    const read = (await api.get(`/${id}/protection`)).body.protection;
    expect(read.budgets.new_chats).toEqual({ used: 20, limit: 20 });
    expect(read.budgets.unanswered).toEqual({ used: 20, limit: 300 });
    expect(read.held).toBe(5);
    expect((await api.get(`/${id}/queue`)).body).toEqual({ success: true, queue: 5, stats: { sending: 0, held: 5 } });
    const risk = (await api.get(`/${id}/calculateRiskOfBlock`)).body.result;
    expect(risk).toMatchObject({
      riskFactor: 1,
      riskFactorBudgets: 1,
      protection: { enabled: true, new_chats: { used: 20, limit: 20 }, unanswered: { used: 20, limit: 300 } },
    });
    const warned = { type: 'protection', product_id: api.pid, phone_id: id, budget: 'new_chats', limit: 20 };
    await eventually(async () => protectionEvents().length >= 2, 5_000, 'the warning and reached events');
    expect(protectionEvents()).toEqual([
      { ...warned, state: 'warning', used: expect.any(Number) },
      { ...warned, state: 'reached', used: 20 },
    ]);
    expect(protectionEvents()[0].used).toBeGreaterThanOrEqual(16);
    // A held message reads as `held` in its conversation; a message that went reads as sent.
    const heldChat = (await api.get(`/${id}/getConversations/${number(25)}@c.us`)).body.data;
    expect(heldChat.messages.map((m: { status: string }) => m.status)).toEqual(['held']);
    const sentChat = (await api.get(`/${id}/getConversations/${number(1)}@c.us`)).body.data;
    expect(sentChat.messages.map((m: { status: string }) => m.status)).toEqual(['sent']);

    // A customer the phone already wrote to answers: the reply in that conversation goes at once and costs nothing.
    await api.sim('/incoming', { phoneId: id, from: number(3), message: 'who is this?' });
    const reply = await api.post(`/${id}/sendMessage`, { to_number: number(3), message: 'your order' });
    await eventually(
      async () =>
        (await t.db.select().from(messages).where(eq(messages.id, reply.body.data.msgId)).get())?.status === 'sent',
      5_000,
      'the reply to go',
    );
    // A held chat whose customer writes first is no longer a new chat: it goes too.
    await api.sim('/incoming', { phoneId: id, from: number(21), message: 'hi, I saw your ad' });
    await eventually(
      async () =>
        all[20] && (await t.db.select().from(messages).where(eq(messages.seq, all[20]!.seq)).get())?.status === 'sent',
      5_000,
      'the held message of a chat that wrote first to go',
    );
    const after = (await api.get(`/${id}/protection`)).body.protection;
    expect(after.budgets.new_chats.used).toBe(20);
    expect(after.budgets.unanswered.used).toBe(19);
    expect(await countBy(id, 'queued')).toBe(4);
    // purgeQueue clears held messages like the others; sent again, they are held again.
    const heldRows = (await rows(id)).filter((r) => r.status === 'queued');
    expect((await api.get(`/${id}/purgeQueue`)).body).toEqual({ success: true, purged: 4 });
    expect((await api.get(`/${id}/queue`)).body).toEqual({ success: true, queue: 0, stats: { sending: 0 } });
    for (const r of heldRows)
      await api.post(`/${id}/sendMessage`, { to_number: r.chatId.replace('@c.us', ''), message: 'again' });

    // The next day the budget is 40: the 4 still held go.
    t.clock.advance(DAY);
    await eventually(async () => (await countBy(id, 'queued')) === 0, 10_000, 'the held messages to go the next day');
    const next = (await api.get(`/${id}/protection`)).body.protection;
    expect(next.budgets.new_chats).toEqual({ used: 4, limit: 40 });
    expect(next.held).toBe(0);
    const cleared = await eventually(
      async () => protectionEvents().find((e) => e.state === 'cleared'),
      5_000,
      'the cleared event',
    );
    expect(cleared).toMatchObject({ budget: 'new_chats', limit: 40 });
    expect(
      protectionEvents()
        .filter((e) => e.budget === 'new_chats')
        .map((e) => e.state),
    ).toEqual(['warning', 'reached', 'cleared']);
    const logs = await api.get(`/logs?phone_id=${id}`);
    expect(
      logs.body.data.list
        .filter((l: { data: { event?: string } }) => l.data.event === 'protection')
        .map((l: { data: { state: string } }) => l.data.state),
    ).toEqual(expect.arrayContaining(['warning', 'reached', 'cleared']));
  });

  it('leaves a phone with protection turned off as it was: 25 new numbers all go', async () => {
    const id = await api.addPhone();
    await api.link(id, '905300000002');
    expect((await api.post(`/${id}/protection`, { enabled: false })).body.protection.enabled).toBe(false);
    for (let i = 1; i <= 25; i++) await api.post(`/${id}/sendMessage`, { to_number: number(i), message: `hello ${i}` });
    await eventually(async () => (await countBy(id, 'sent')) === 25, 10_000, 'all 25 to go').catch(async (e) => {
      console.log((await rows(id)).map((r) => [r.status, r.error, r.openedAt]));
      throw e;
    });
    expect((await rows(id)).every((r) => r.openedAt === null)).toBe(true);
  });
});

describe('refuse at the limit', () => {
  it('keeps refuse mode across a factory reset: the flags are set and cleared in the statement, not from a snapshot', async () => {
    const id = await api.addPhone();
    const data = async () => (await t.db.select().from(phones).where(eq(phones.id, id)).get())!.data;
    expect((await api.post(`/${id}/protection`, { on_limit: 'refuse' })).status).toBe(200);
    expect((await api.get(`/${id}/factoryreset`)).status).toBe(200);
    await eventually(async () => !(await data()).resetPending, 10_000, 'the runner to apply the reset');
    expect(await data()).toMatchObject({ protectionRefuse: true });
    expect((await api.get(`/${id}/protection`)).body.protection.on_limit).toBe('refuse');
  });

  it('answers 429 PROTECTION_LIMIT with the budget and when it frees, and stores nothing; replies still go', async () => {
    const id = await api.addPhone();
    await api.link(id, '905300000002');
    await api.post(`/${id}/protection`, { enabled: true, ramp_start: 3, on_limit: 'refuse' });
    for (let i = 1; i <= 3; i++)
      expect((await api.post(`/${id}/sendMessage`, { to_number: number(i), message: `hello ${i}` })).status).toBe(200);
    await eventually(async () => (await countBy(id, 'sent')) === 3, 5_000, '3 messages to go out');

    const refused = await api.post(`/${id}/sendMessage`, { to_number: number(4), message: 'hello 4' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'PROTECTION_LIMIT',
      budget: 'new_chats',
      used: 3,
      limit: 3,
      frees_at: '2026-11-23T00:00:00.000Z',
    });
    expect((await rows(id)).map((r) => r.chatId)).not.toContain(`${number(4)}@c.us`);

    // A chat already opened is no new chat.
    expect((await api.post(`/${id}/sendMessage`, { to_number: number(2), message: 'and more' })).status).toBe(200);
    // Back to hold: accepted, and held.
    await api.post(`/${id}/protection`, { on_limit: 'hold' });
    expect((await api.post(`/${id}/sendMessage`, { to_number: number(4), message: 'hello 4' })).status).toBe(200);
  });
});

describe('the unanswered limit', () => {
  it('counts chats that never answered and frees as answers arrive', async () => {
    const id = await api.addPhone();
    await api.link(id, '905300000002');
    await api.post(`/${id}/protection`, { enabled: true, unanswered_limit: 2 });
    for (let i = 1; i <= 3; i++) await api.post(`/${id}/sendMessage`, { to_number: number(i), message: `hello ${i}` });
    await eventually(async () => (await countBy(id, 'sent')) === 2, 5_000, '2 messages to go out');
    await new Promise((r) => setTimeout(r, 700));
    expect(await countBy(id, 'queued')).toBe(1);
    expect((await api.get(`/${id}/protection`)).body.protection.budgets.unanswered).toEqual({ used: 2, limit: 2 });

    await api.sim('/incoming', { phoneId: id, from: number(1), message: 'thanks!' });
    await eventually(
      async () => (await countBy(id, 'sent')) === 3,
      5_000,
      'the held message to go once a chat answered',
    );
    const p = (await api.get(`/${id}/protection`)).body.protection;
    expect(p.budgets.unanswered).toEqual({ used: 2, limit: 2 });
    expect(p.budgets.new_chats.used).toBe(3);
  });

  it('in refuse mode: refused while reached, cleared (event) and accepted again once a chat answers', async () => {
    const id = await api.addPhone();
    await api.link(id, '905300000002');
    await api.post(`/${id}/protection`, { enabled: true, unanswered_limit: 2, on_limit: 'refuse' });
    for (let i = 1; i <= 2; i++) await api.post(`/${id}/sendMessage`, { to_number: number(i), message: `hello ${i}` });
    await eventually(async () => (await countBy(id, 'sent')) === 2, 5_000, '2 messages to go out');
    await eventually(
      async () => protectionEvents().some((e) => e.budget === 'unanswered' && e.state === 'reached'),
      5_000,
      'the reached event',
    );
    const refused = await api.post(`/${id}/sendMessage`, { to_number: number(3), message: 'hello 3' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'PROTECTION_LIMIT', budget: 'unanswered', used: 2, limit: 2 });

    await api.sim('/incoming', { phoneId: id, from: number(2), message: 'yes?' });
    const cleared = await eventually(
      async () => protectionEvents().find((e) => e.budget === 'unanswered' && e.state === 'cleared'),
      5_000,
      'the cleared event',
    );
    expect(cleared).toMatchObject({ used: 1, limit: 2 });
    expect((await api.post(`/${id}/sendMessage`, { to_number: number(3), message: 'hello 3' })).status).toBe(200);
  });
});
