import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialogflowIntegrations, messages, phones } from '../../db/schema';
import type { IncomingMessage, SessionEvents } from '../../src/engines/types';
import type { SimSession } from '../../src/engines/simulator/session';
import { customer, eventually, type Api } from '../support/phones';
import { webhookStatus } from '../../src/services/phones/status-map';
import { setAgentLimit } from '../support/live-inbox';
import { Receiver } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let pid: string;
let rx: Receiver;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true, webhooks: true });
  rx = await new Receiver().start();
  ({ api, pid } = await customer(t));
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

/** The outbox's writes fail (a full disk, a crash between two writes) until `outboxBack`. */
const outboxDown = () =>
  t.db.$client.execute(
    "create trigger outbox_down before insert on webhook_deliveries begin select raise(abort, 'outbox down'); end",
  );
const outboxBack = () => t.db.$client.execute('drop trigger outbox_down');

describe('an incoming message, its log row and its webhook delivery', () => {
  it('are written all together or not at all, and a redelivery after a failure writes them once', async () => {
    const phoneId = await api.addPhone();
    await api.link(phoneId, '905300000002');
    const session = t.phones.runner.session(phoneId) as SimSession;
    const waId = '3EB0ATOMIC0001';

    // The outbox's write fails: the message must not be left stored without its webhook.
    await outboxDown();
    await expect(session.receive(message(waId))).rejects.toThrow();
    expect(await rows(waId)).toMatchObject({ messages: 0, logs: 0, deliveries: 0 });
    const chat = await t.db.$client.execute("select count(*) as n from chats where jid = '905301234567@c.us'");
    expect(Number(chat.rows[0]!.n)).toBe(0);

    // WhatsApp delivers it again once the outbox is back: all of it is written, and the webhook goes out.
    await outboxBack();
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

describe("an incoming message's inbox conversation, its inbox event and its agent's request", () => {
  it('are written with the message or not at all, and once however often it is delivered', async () => {
    const phoneId = await api.addPhone();
    await api.link(phoneId, '905300000003');
    // A live package (the inbox) and a Dialogflow agent on the phone.
    await setAgentLimit(t, pid, 2);
    await t.db.insert(dialogflowIntegrations).values({
      pid,
      phoneId,
      projectId: 'shop-agent-1234',
      languageCode: 'en',
      credentials: 'sealed',
      clientEmail: 'bot@shop-agent-1234.iam.gserviceaccount.com',
      fileName: 'shop-agent-1234.json',
      createdAt: t.clock.now,
      updatedAt: t.clock.now,
    });
    const session = t.phones.runner.session(phoneId) as SimSession;
    const waId = '3EB0ATOMIC0002';
    const id = `false_905301234567@c.us_${waId}`;
    const count = async (sql: string, ...args: (string | number)[]) =>
      Number((await t.db.$client.execute({ sql, args })).rows[0]!.n);
    const inbox = async () => ({
      messages: await count('select count(*) as n from messages where id = ?', id),
      conversations: await count('select count(*) as n from live_conversations where phone_id = ?', phoneId),
      unread: await count('select coalesce(sum(unread), 0) as n from live_conversations where phone_id = ?', phoneId),
      events: await count("select count(*) as n from live_events where type = 'message' and data like ?", `%${waId}%`),
      requests: await count('select count(*) as n from dialogflow_requests where message_id = ?', id),
    });

    // The agent's queue refuses the write (the last of them on the code before, after the message had committed).
    await t.db.$client.execute(
      "create trigger agent_down before insert on dialogflow_requests begin select raise(abort, 'agent queue down'); end",
    );
    await expect(session.receive(message(waId))).rejects.toThrow();
    expect(await inbox()).toEqual({ messages: 0, conversations: 0, unread: 0, events: 0, requests: 0 });

    await t.db.$client.execute('drop trigger agent_down');
    await session.receive(message(waId));
    expect(await inbox()).toEqual({ messages: 1, conversations: 1, unread: 1, events: 1, requests: 1 });
    const [event] = (
      await t.db.$client.execute({
        sql: "select data from live_events where type = 'message' and data like ?",
        args: [`%${waId}%`],
      })
    ).rows;
    // The event carries the conversation's unread count after the message.
    expect(JSON.parse(String(event!.data))).toMatchObject({
      conversationId: `${phoneId}:905301234567@c.us`,
      unread: 1,
    });
    const waiting = await count("select count(*) as n from live_events where type = 'conversation' and pid = ?", pid);
    expect(waiting).toBe(1);

    // Delivered again: nothing more is counted, streamed or queued.
    await session.receive(message(waId));
    expect(await inbox()).toEqual({ messages: 1, conversations: 1, unread: 1, events: 1, requests: 1 });
  });
});

describe('an ack, its webhook and its inbox event', () => {
  it('are written all together or not at all, and once', async () => {
    const phoneId = await api.addPhone();
    await api.link(phoneId, '905300000004');
    await setAgentLimit(t, pid, 2);
    expect((await api.post('/setAckPreference', { ack_delivery: true })).status).toBe(200);
    const sent = await api.post(`/${phoneId}/sendMessage`, { to_number: '905301234561', message: 'tick tick' });
    const msgId = sent.body.data.msgId as string;
    const row = async () => (await t.db.select().from(messages).where(eq(messages.id, msgId)).get())!;
    await eventually(async () => (await row()).ack >= 2, 5_000, "the network's acks");
    await new Promise((r) => setTimeout(r, 300));
    const { waId, chatId } = await row();
    // Played (4): above every ack the simulator sends for a text.
    const played = { waId: waId!, chatId, ack: 4 as const, time: Math.floor(t.clock.now / 1000) };
    const events = (t.phones.runner.session(phoneId) as unknown as { events: SessionEvents }).events;
    const count = async (sql: string) => Number((await t.db.$client.execute({ sql, args: [`%${msgId}%`] })).rows[0]!.n);
    const written = async () => ({
      ack: (await row()).ack,
      deliveries: await count(
        "select count(*) as n from webhook_deliveries where kind = 'ack' and payload like ? and payload like '%\"ackCode\":4%'",
      ),
      streamed: await count(
        "select count(*) as n from live_events where type = 'ack' and data like ? and data like '%\"ack\":4%'",
      ),
    });

    await outboxDown();
    await expect(events.ack(played)).rejects.toThrow();
    // Not raised without its webhook and its inbox event.
    expect(await written()).toMatchObject({ deliveries: 0, streamed: 0 });
    expect((await row()).ack).toBeLessThan(4);

    await outboxBack();
    await events.ack(played);
    expect(await written()).toEqual({ ack: 4, deliveries: 1, streamed: 1 });
    const got = await eventually(
      async () => rx.of('ack').find((r) => r.json.data[0].ackCode === 4),
      5_000,
      'the played ack webhook',
    );
    expect(got.json.data[0]).toMatchObject({ msgId, ackType: 'played', chatId });

    // The same ack again (or an older one) changes nothing and sends nothing.
    await events.ack(played);
    await events.ack({ ...played, ack: 3 });
    expect(await written()).toEqual({ ack: 4, deliveries: 1, streamed: 1 });
  });
});

describe("a phone's status change, its history row and its status webhook", () => {
  it('are written all together or not at all, and once', async () => {
    const phoneId = await api.addPhone();
    await api.link(phoneId, '905300000005');
    const events = (t.phones.runner.session(phoneId) as unknown as { events: SessionEvents }).events;
    const phone = async () => (await t.db.select().from(phones).where(eq(phones.id, phoneId)).get())!;
    const active = (await phone()).status;
    await eventually(async () => rx.of('status').some((r) => r.json.phone_id === phoneId), 5_000, 'the active status');
    const count = async (sql: string) => Number((await t.db.$client.execute({ sql, args: [phoneId] })).rows[0]!.n);
    const written = async () => ({
      history: await count('select count(*) as n from phone_status_log where phone_id = ?'),
      deliveries: await count("select count(*) as n from webhook_deliveries where kind = 'status' and phone_id = ?"),
      logs: await count("select count(*) as n from logs where type = 'status' and phone_id = ?"),
    });
    const before = await written();
    const lost = { kind: 'conn-retry' as const, message: 'Connection lost' };

    await outboxDown();
    await expect(events.state(lost)).rejects.toThrow();
    // Not changed without its webhook.
    expect((await phone()).status).toBe(active);
    expect(await written()).toEqual(before);

    await outboxBack();
    await events.state(lost);
    const changed = (await phone()).status;
    expect(changed).not.toBe(active);
    const one = { history: before.history + 1, deliveries: before.deliveries + 1, logs: before.logs + 1 };
    expect(await written()).toEqual(one);
    await eventually(
      async () => rx.of('status').some((r) => r.json.phone_id === phoneId && r.json.status === webhookStatus(changed)),
      5_000,
      'the status webhook',
    );

    // The same state again changes nothing: no history, log row or webhook.
    await events.state(lost);
    expect(await written()).toEqual(one);
  });
});

describe('a group membership change, its action log rows and its info messages', () => {
  it('are written all together or not at all', async () => {
    const phoneId = await api.addPhone();
    await api.link(phoneId, '905300000006');
    const events = (t.phones.runner.session(phoneId) as unknown as { events: SessionEvents }).events;
    const change = {
      groupId: '120363000000000001@g.us',
      groupName: 'Team',
      subtype: 'add' as const,
      participants: ['905301112233@c.us', '905301112234@c.us'],
      by: '905300000006@c.us',
      time: Math.floor(t.clock.now / 1000),
    };
    const count = async (sql: string) => Number((await t.db.$client.execute({ sql, args: [phoneId] })).rows[0]!.n);
    const written = async () => ({
      rows: await count('select count(*) as n from group_events where phone_id = ?'),
      deliveries: await count(
        "select count(*) as n from webhook_deliveries where kind = 'message' and phone_id = ? and payload like '%120363000000000001%'",
      ),
    });

    await outboxDown();
    await expect(events.groupEvent(change)).rejects.toThrow();
    expect(await written()).toEqual({ rows: 0, deliveries: 0 });

    await outboxBack();
    await events.groupEvent(change);
    expect(await written()).toEqual({ rows: 2, deliveries: 2 });
  });
});

describe("a failed send's row, its error log row and its error webhook", () => {
  it('are written all together or not at all: the failure is written once the outbox takes it', async () => {
    const phoneId = await api.addPhone();
    await api.link(phoneId, '905300000002');
    await outboxDown();
    // A number ending in 0 is not on the simulated WhatsApp: the send fails for good.
    const sent = await api.post(`/${phoneId}/sendMessage`, { to_number: '905301234560', message: 'nobody there' });
    expect(sent.status).toBe(200);
    const msgId = sent.body.data.msgId as string;
    const row = async () => (await t.db.select().from(messages).where(eq(messages.id, msgId)).get())!;
    await eventually(async () => (await row()).attempts === 1, 5_000, 'the attempt');
    await new Promise((r) => setTimeout(r, 300));
    const errorLogs = async () =>
      Number(
        (
          await t.db.$client.execute({
            sql: "select count(*) as n from logs where type = 'error' and data like ?",
            args: [`%${msgId}%`],
          })
        ).rows[0]!.n,
      );
    // Not failed without its webhook: the outcome waits, unwritten, with its log row.
    expect((await row()).status).toBe('sending');
    expect(await errorLogs()).toBe(0);

    await outboxBack();
    await eventually(async () => (await row()).status === 'failed', 5_000, 'the failure written');
    expect((await row()).attempts).toBe(1);
    expect(await errorLogs()).toBe(1);
    const deliveries = await t.db.$client.execute({
      sql: "select count(*) as n from webhook_deliveries where kind = 'error' and payload like ?",
      args: [`%${msgId}%`],
    });
    expect(Number(deliveries.rows[0]!.n)).toBe(1);
    const got = await eventually(async () => rx.of('error')[0], 5_000, 'error webhook');
    expect(got.json.data[0]).toMatchObject({ msgId, reason: expect.stringMatching(/not on WhatsApp/) });
  });
});
