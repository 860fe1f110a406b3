import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RETRY_SCHEDULE_MS } from '../../src/jobs/webhook-deliverer';
import { verifyWebhook } from '../../src/services/webhooks/sign';
import { customer, eventually, type Api } from '../support/phones';
import { Receiver } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let rx: Receiver;
let secret: string;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true, webhooks: true });
  rx = await new Receiver().start();
  ({ api } = await customer(t));
  const set = await api.post('/setWebhook', { webhook: rx.url });
  expect(set.body).toMatchObject({ success: true, pid: api.pid, webhook: rx.url, ack_delivery: false });
  secret = set.body.webhook_secret;
  expect(secret).toMatch(/^whsec_/);
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

describe('webhooks', () => {
  it('delivers incoming messages in the reference shape, signed with Standard Webhooks headers', async () => {
    const id = await linkedPhone();
    await api.sim('/incoming', { phoneId: id, from: '905301234567', message: 'Merhaba' });
    const got = await eventually(async () => rx.of('message')[0], 5_000, 'message webhook');
    expect(got.json).toMatchObject({
      product_id: api.pid,
      phone_id: id,
      type: 'message',
      message: {
        type: 'text',
        text: 'Merhaba',
        fromMe: false,
        id: expect.stringMatching(/^false_905301234567@c\.us_3EB0/),
      },
      user: { id: '905301234567@c.us', phone: '905301234567' },
      conversation: '905301234567@c.us',
      receiver: '905300000002',
      timestamp: expect.any(Number),
      reply: expect.stringContaining(`/api/${api.pid}/${id}/sendMessage`),
    });
    const headers = Object.fromEntries(Object.entries(got.headers).map(([k, v]) => [k, String(v)]));
    expect(headers['webhook-id']).toMatch(/^evt_/);
    expect(await verifyWebhook(secret, headers, got.body, Number(headers['webhook-timestamp']))).toBe(true);
    expect(
      await verifyWebhook(secret, headers, got.body.replace('Merhaba', 'Hacked'), Number(headers['webhook-timestamp'])),
    ).toBe(false);
  });

  it('delivers status changes, and acks only when ack delivery is on', async () => {
    const id = await linkedPhone();
    await eventually(
      async () => rx.of('status').some((r) => r.json.status === 'active'),
      5_000,
      'active status webhook',
    );
    expect(rx.of('status').map((r) => r.json.status)).toContain('qr-code');
    expect(rx.of('status')[0]!.json).toMatchObject({ type: 'status', pid: api.pid, phone_id: id });

    const quiet = await api.post(`/${id}/sendMessage`, { to_number: '905301234561', message: 'no acks please' });
    await eventually(async () => (await api.get(`/${id}/queue`)).body.queue === 0);
    await new Promise((r) => setTimeout(r, 150));
    expect(rx.of('ack').filter((r) => r.json.data[0].msgId === quiet.body.data.msgId)).toHaveLength(0);

    expect((await api.post('/setAckPreference', { ack_delivery: true })).body.ack_delivery).toBe(true);
    const sent = await api.post(`/${id}/sendMessage`, { to_number: '905301234561', message: 'with acks' });
    const msgId = sent.body.data.msgId;
    await eventually(
      async () => rx.of('ack').filter((r) => r.json.data[0].msgId === msgId).length >= 3,
      5_000,
      'three acks',
    );
    const acks = rx
      .of('ack')
      .filter((r) => r.json.data[0].msgId === msgId)
      .map((r) => r.json.data[0]);
    expect(acks.map((a) => a.ackType).sort()).toEqual(['delivered', 'reached', 'seen']);
    expect(acks[0]).toMatchObject({
      chatId: '905301234561@c.us',
      ackCode: expect.any(Number),
      time: expect.any(Number),
    });
  });

  it("sends a phone's events to its own webhook when it has one", async () => {
    const other = await new Receiver().start();
    try {
      const id = await linkedPhone();
      const cfg = await api.post(`/${id}/config`, { webhook: other.url, ack_delivery: false });
      expect(cfg.body).toEqual({ success: true, status: { webhook: other.url, ack_delivery: false } });
      expect((await api.get(`/${id}/config`)).body.status.webhook).toBe(other.url);
      await api.sim('/incoming', { phoneId: id, from: '905301234567', message: 'to the phone hook' });
      await eventually(async () => other.of('message')[0], 5_000, 'phone webhook');
      expect(rx.of('message')).toHaveLength(0);
    } finally {
      await other.stop();
    }
  });

  it('retries failures on the schedule, then gives up (dead), and redelivers with the same event id', async () => {
    rx.status = 500;
    const id = await linkedPhone();
    await api.sim('/incoming', { phoneId: id, from: '905301234567', message: 'retry me' });
    await eventually(async () => rx.of('message').length === 1, 5_000, 'first attempt');
    const list = async () => (await api.get('/webhookDeliveries')).body.list.find((d: any) => d.kind === 'message');
    // The clock may only move once the attempt is recorded: the next one is scheduled from that moment.
    const recorded = (n: number) =>
      eventually(async () => (await list())?.attempts === n, 5_000, `attempt ${n} recorded`);
    await recorded(1);
    expect(await list()).toMatchObject({ status: 'pending', attempts: 1, last_status: 500 });
    for (let i = 0; i < RETRY_SCHEDULE_MS.length; i++) {
      t.clock.advance(RETRY_SCHEDULE_MS[i]! - 1);
      await new Promise((r) => setTimeout(r, 120));
      expect(rx.of('message').length, 'not before its time').toBe(i + 1);
      t.clock.advance(1);
      await eventually(async () => rx.of('message').length === i + 2, 5_000, `retry ${i + 1}`);
      await recorded(i + 2);
    }
    const dead = await eventually(async () => ((await list())?.status === 'dead' ? list() : null), 3_000, 'dead');
    expect(dead.attempts).toBe(8);
    expect(dead.history).toHaveLength(8);
    expect(new Set(rx.of('message').map((r) => r.headers['webhook-id'])).size).toBe(1);

    rx.status = 200;
    const again = await api.post(`/webhookDeliveries/${dead.id}/redeliver`, {});
    expect(again.body).toMatchObject({ success: true, status: 'pending' });
    await eventually(async () => ((await list())?.status === 'delivered' ? true : null), 5_000, 'redelivered');
    const all = rx.of('message');
    expect(all).toHaveLength(9);
    expect(all[8]!.headers['webhook-id']).toBe(all[0]!.headers['webhook-id']);
    const logs = await api.get('/logs?type=outgoing');
    const delivery = logs.body.data.list.find((l: { data: { attempt?: number } }) => l.data.attempt !== undefined);
    expect(delivery.data).toMatchObject({ webhook: rx.url, response: { statusCode: 200 } });
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    const id = await linkedPhone();
    await eventually(
      async () => rx.of('status').some((r) => r.json.status === 'active'),
      5_000,
      'status webhooks first',
    );
    rx.script = [302];
    await api.sim('/incoming', { phoneId: id, from: '905301234567', message: 'redirected' });
    const d = await eventually(
      async () =>
        (await api.get('/webhookDeliveries')).body.list.find((x: any) => x.kind === 'message' && x.attempts === 1),
      5_000,
      'attempt',
    );
    expect(d).toMatchObject({ status: 'pending', last_status: 302 });
  });

  it("answers another product's delivery like a missing one", async () => {
    const { api: other } = await customer(t);
    const id = await linkedPhone();
    await api.sim('/incoming', { phoneId: id, from: '905301234567', message: 'mine' });
    const d = await eventually(async () => (await api.get('/webhookDeliveries')).body.list[0], 5_000);
    const res = await other.post(`/webhookDeliveries/${d.id}/redeliver`, {});
    expect(res.status).toBe(404);
    expect((await other.get('/webhookDeliveries')).body.list).toEqual([]);
  });
});

describe('checkWebhook (console)', () => {
  it('sends a signed sample and reports success or the failure', async () => {
    const { agent } = await customer(t);
    const ok = await agent.postForm('/api/wapi/live/checkWebhook', {
      webhook: rx.url,
      message: { type: 'text', text: 'test' },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      success: true,
      message: 'Worked successfly. Please set the webhook like that!',
    });
    expect(rx.received.at(-1)!.json).toMatchObject({ test: true, type: 'message' });
    rx.status = 503;
    const bad = await agent.postForm('/api/wapi/live/checkWebhook', { webhook: rx.url });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('HTTP 503');
    const empty = await agent.postForm('/api/wapi/live/checkWebhook', { webhook: '' });
    expect((await empty.json()).message).toBe('Webhook is empty! Please set the webhook.');
  });
});
