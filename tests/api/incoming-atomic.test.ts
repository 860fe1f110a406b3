import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IncomingMessage } from '../../src/engines/types';
import type { SimSession } from '../../src/engines/simulator/session';
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

const message = (waId: string): IncomingMessage => ({
  key: { id: waId, chatId: '905301234567@c.us', fromMe: false },
  message: { id: waId, type: 'text', text: 'Merhaba', fromMe: false },
  from: { jid: '905301234567@c.us', name: 'Ayşe', number: '905301234567' },
  timestamp: Math.floor(t.clock.now / 1000),
});

async function rows(id: string) {
  const count = async (sql: string) => Number((await t.db.$client.execute({ sql, args: [`%${id}%`] })).rows[0]!.n);
  return {
    messages: await count('select count(*) as n from messages where id like ?'),
    logs: await count("select count(*) as n from logs where type = 'message' and data like ?"),
    deliveries: await count("select count(*) as n from webhook_deliveries where kind = 'message' and payload like ?"),
  };
}

describe('an incoming message, its log row and its webhook delivery', () => {
  it('are written all together or not at all, and a redelivery after a failure writes them once', async () => {
    const phoneId = await api.addPhone();
    await api.link(phoneId, '905300000002');
    const session = t.phones.runner.session(phoneId) as SimSession;
    const waId = '3EB0ATOMIC0001';

    // The outbox's write fails (a disk full, a crash): the message must not be left stored without its webhook.
    await t.db.$client.execute(
      "create trigger outbox_down before insert on webhook_deliveries begin select raise(abort, 'outbox down'); end",
    );
    await expect(session.receive(message(waId))).rejects.toThrow();
    expect(await rows(waId)).toMatchObject({ messages: 0, logs: 0, deliveries: 0 });
    const chat = await t.db.$client.execute("select count(*) as n from chats where jid = '905301234567@c.us'");
    expect(Number(chat.rows[0]!.n)).toBe(0);

    // WhatsApp delivers it again once the outbox is back: all of it is written, and the webhook goes out.
    await t.db.$client.execute('drop trigger outbox_down');
    await session.receive(message(waId));
    expect(await rows(waId)).toMatchObject({ messages: 1, logs: 1, deliveries: 1 });
    const got = await eventually(async () => rx.of('message')[0], 5_000, 'message webhook');
    expect(got.json.message.id).toBe(`false_905301234567@c.us_${waId}`);

    // A third delivery of the same message writes nothing more.
    await session.receive(message(waId));
    expect(await rows(waId)).toMatchObject({ messages: 1, logs: 1, deliveries: 1 });
    const unread = await t.db.$client.execute("select unread from chats where jid = '905301234567@c.us'");
    expect(Number(unread.rows[0]!.unread)).toBe(1);
  });
});
