import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logs, optouts, phones, webhookDeliveries } from '../../db/schema';
import type { IncomingMessage } from '../../src/engines/types';
import { recordIncoming } from '../../src/services/messages/store';
import { optoutIncoming } from '../../src/services/optouts/consequences';
import { keywordOf } from '../../src/services/optouts/keywords';
import type { ServiceCtx } from '../../src/services/context';
import { customer, eventually, type Api } from '../support/phones';
import { Receiver } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let rx: Receiver;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true, webhooks: true });
  rx = await new Receiver().start();
  ({ api } = await customer(t));
  expect((await api.post('/setWebhook', { webhook: rx.url })).status).toBe(200);
});
afterEach(async () => {
  await t.close();
  await rx.stop();
});

async function linkedPhone(number = '905300000002') {
  const id = await api.addPhone();
  await api.link(id, number);
  return id;
}

describe('keywordOf', () => {
  it('takes the whole text, trimmed, in any case; nothing longer than a word can be', () => {
    expect(keywordOf('STOP')).toEqual({ word: 'stop', builtIn: true });
    expect(keywordOf('  Unsubscribe \n')).toEqual({ word: 'unsubscribe', builtIn: true });
    expect(keywordOf('sToP')).toEqual({ word: 'stop', builtIn: true });
    expect(keywordOf('STOP please')).toEqual({ word: 'stop please', builtIn: false });
    expect(keywordOf('x'.repeat(31))).toBeNull();
    expect(keywordOf('   ')).toBeNull();
    expect(keywordOf(undefined)).toBeNull();
  });
});

describe('an opt-out keyword from a customer (through the simulator)', () => {
  it('puts the number on the list and sends one optout webhook; a second STOP changes nothing', async () => {
    const id = await linkedPhone();
    await api.sim('/incoming', { phoneId: id, from: '905301234567', message: '  Stop ' });
    const hook = await eventually(async () => rx.of('optout')[0], 5_000, 'optout webhook');
    expect(hook.json).toEqual({
      type: 'optout',
      product_id: api.pid,
      phone_id: id,
      data: {
        number: '905301234567',
        chatId: '905301234567@c.us',
        msgId: expect.stringMatching(/^false_905301234567@c\.us_/),
        word: 'Stop',
        time: expect.any(Number),
      },
    });
    // The message itself still goes to the webhook as usual.
    await eventually(async () => rx.of('message').length === 1, 5_000, 'message webhook');
    const list = await api.get('/optouts');
    expect(list.body.data).toEqual([
      { number: '905301234567', source: 'keyword', phone_id: id, created_at: expect.any(Number) },
    ]);

    await api.sim('/incoming', { phoneId: id, from: '905301234567', message: 'UNSUBSCRIBE' });
    await eventually(async () => rx.of('message').length === 2, 5_000, 'second message webhook');
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.of('optout')).toHaveLength(1);
    expect((await api.get('/optouts')).body.data).toHaveLength(1);
  });

  it("opts out with the product's own words, and not with other text", async () => {
    const id = await linkedPhone();
    expect((await api.post('/optouts/settings', { words: [' İptal ', 'dur'] })).status).toBe(200);
    await api.sim('/incoming', { phoneId: id, from: '905301234561', message: 'STOP please' });
    await api.sim('/incoming', { phoneId: id, from: '905301234562', message: 'iptal etmek' });
    await api.sim('/incoming', { phoneId: id, from: '905301234563', message: 'DUR' });
    await eventually(async () => rx.of('message').length === 3, 5_000, 'message webhooks');
    await eventually(async () => rx.of('optout').length === 1, 5_000, 'optout webhook');
    expect(rx.of('optout')[0]!.json.data).toMatchObject({ number: '905301234563', word: 'DUR' });
    expect((await api.get('/optouts')).body.data.map((r: { number: string }) => r.number)).toEqual(['905301234563']);
  });
});

describe('the consequence, committed with the message', () => {
  let ctx: ServiceCtx;
  let phoneId: number;
  const message = (text: string, chatId: string, fromMe = false, participant?: string): IncomingMessage => ({
    key: {
      id: `3EB0${Math.random().toString(16).slice(2, 12).toUpperCase()}`,
      chatId,
      fromMe,
      ...(participant ? { participant } : {}),
    },
    message: { id: '', type: 'text', text, fromMe },
    from: { jid: participant ?? chatId, name: 'Ayşe', number: (participant ?? chatId).split('@')[0]! },
    timestamp: Math.floor(Date.now() / 1000),
  });
  const receive = async (m: IncomingMessage) => {
    const phone = (await t.db.select().from(phones).where(eq(phones.id, phoneId)).get())!;
    return recordIncoming(t.db, phone.pid, phone.id, m, Date.now(), (id, isNew) =>
      Promise.resolve(optoutIncoming(ctx, phone, id, m, isNew)),
    );
  };
  const listed = async () => (await t.db.select().from(optouts).all()).map((r) => r.number);
  const optoutEvents = async () =>
    (await t.db.select().from(webhookDeliveries).all()).filter(
      (d) => (d.payload as { type?: string }).type === 'optout',
    );
  beforeEach(async () => {
    ctx = { db: t.db, config: t.config, now: () => Date.now(), cache: t.cache, bus: t.bus };
    phoneId = await api.addPhone();
  });

  it('only for 1:1 chats, only for incoming messages, only for the whole text', async () => {
    await receive(message('STOP', '120363025@g.us', false, '905301110001@c.us'));
    await receive(message('stop', '905301110002@c.us', true));
    await receive(message('STOP please', '905301110003@c.us'));
    await receive(message('STOP', 'status@broadcast', false, '905301110004@c.us'));
    expect(await listed()).toEqual([]);
    expect(await optoutEvents()).toHaveLength(0);

    await receive(message(' sTOp\n', '905301110005@c.us'));
    expect(await listed()).toEqual(['905301110005']);
    expect(await optoutEvents()).toHaveLength(1);
  });

  it('once: a redelivered message, a second keyword and a number added by the API send nothing more', async () => {
    const m = message('STOP', '905301110006@c.us');
    expect(await receive(m)).not.toBeNull();
    expect(await receive(m)).toBeNull();
    await receive(message('UNSUBSCRIBE', '905301110006@c.us'));
    expect(await optoutEvents()).toHaveLength(1);
    const logged = (await t.db.select().from(logs).all()).filter((l) =>
      JSON.stringify(l.data).includes('"type":"optout"'),
    );
    expect(logged).toHaveLength(1);

    expect((await api.post('/optouts', { numbers: ['905301110007'] })).body.added).toEqual(['905301110007']);
    await receive(message('STOP', '905301110007@c.us'));
    expect(await optoutEvents()).toHaveLength(1);
    const rows = await t.db.select().from(optouts).where(eq(optouts.number, '905301110007')).all();
    expect(rows).toMatchObject([{ source: 'api', phoneId: null }]);
  });

  it("reads the product's words in the transaction: a word added later counts at once", async () => {
    await receive(message('Dur', '905301110008@c.us'));
    expect(await listed()).toEqual([]);
    await api.post('/optouts/settings', { words: ['DUR'] });
    await receive(message('Dur', '905301110008@c.us'));
    expect(await listed()).toEqual(['905301110008']);
    // Another product's words do not count here.
    const other = await customer(t, 'other@example.com');
    await other.api.post('/optouts/settings', { words: ['bitti'] });
    await receive(message('bitti', '905301110009@c.us'));
    expect(await listed()).toEqual(['905301110008']);
  });
});
