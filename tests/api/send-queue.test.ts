import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import { MAX_ATTEMPTS, RETRY_BACKOFF_MS } from '../../src/runner/sender';
import { customer, eventually, type Api } from '../support/phones';
import { Receiver } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let hooks: Receiver;
let media: Receiver;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true, webhooks: true });
  hooks = await new Receiver().start();
  media = await new Receiver().start();
  media.status = 503;
  ({ api } = await customer(t));
  await api.post('/setWebhook', { webhook: hooks.url });
});
afterEach(async () => {
  await t.close();
  await hooks.stop();
  await media.stop();
});

const statusOf = async (msgId: string) => (await t.db.select().from(messages).where(eq(messages.id, msgId)).get())!;

describe('send queue', () => {
  it('keeps other chats flowing while one message waits for its retry, keeps order within its chat, and reports the final failure', async () => {
    const id = await api.addPhone();
    await api.link(id, '905300000002');
    const stuck = await api.post(`/${id}/sendMessage`, {
      to_number: '905301234561',
      type: 'media',
      message: `${media.url.replace('/hook', '/photo.png')}`,
    });
    expect(stuck.status).toBe(200);
    const behind = await api.post(`/${id}/sendMessage`, { to_number: '905301234561', message: 'after the photo' });
    const other = await api.post(`/${id}/sendMessage`, { to_number: '905301234563', message: 'another chat' });

    await eventually(
      async () => (await statusOf(other.body.data.msgId)).status === 'sent',
      5_000,
      "the other chat's message to go out",
    );
    expect((await statusOf(behind.body.data.msgId)).status).toBe('queued');

    // Move the clock only once an attempt is recorded (its retry time is set from the clock then).
    const recorded = (n: number) => async () => {
      const row = await statusOf(stuck.body.data.msgId);
      return row.attempts === n && row.status !== 'sending';
    };
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      await eventually(recorded(attempt), 5_000, `attempt ${attempt} to be recorded`);
      if (attempt > 1) expect((await statusOf(behind.body.data.msgId)).status).toBe('queued');
      t.clock.advance(RETRY_BACKOFF_MS[attempt - 1]! + 1);
    }
    const failed = await eventually(
      async () => {
        const row = await statusOf(stuck.body.data.msgId);
        return row.status === 'failed' ? row : null;
      },
      5_000,
      'the final failure',
    );
    expect(failed.error).toMatch(/HTTP 503/);
    await eventually(
      async () => (await statusOf(behind.body.data.msgId)).status === 'sent',
      5_000,
      'the chat to move on',
    );

    const event = await eventually(
      async () => hooks.received.find((r) => r.json?.type === 'error'),
      5_000,
      'the error webhook',
    );
    expect(event.json).toMatchObject({
      type: 'error',
      product_id: api.pid,
      phone_id: id,
      data: [{ msgId: stuck.body.data.msgId, chatId: '905301234561@c.us' }],
    });
    expect(event.json.data[0].reason).toMatch(/HTTP 503/);
    // Seconds since the epoch, like every time in a webhook.
    expect(event.json.data[0].time).toBe(Math.floor(t.clock.now / 1000));
    const logs = await api.get(`/logs?phone_id=${id}&type=error`);
    expect(
      logs.body.data.list.map((l: { type: string; data: unknown }) => ({ type: l.type, data: l.data })),
    ).toContainEqual({
      type: 'error',
      data: expect.objectContaining({
        msgId: stuck.body.data.msgId,
        chatId: '905301234561@c.us',
        message: expect.stringMatching(/HTTP 503/),
      }),
    });
    const queued = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.phoneId, id), eq(messages.status, 'queued')))
      .all();
    expect(queued).toHaveLength(0);
  });
});

describe('the failure event in the document', () => {
  it('is documented among the webhooks and the setWebhook callbacks', async () => {
    const doc = await (await t.app.request('/api/openapi.json')).json();
    const failed = doc.webhooks['Failed Messages'].post.requestBody.content['application/json'].schema;
    expect(failed.properties.type.const).toBe('error');
    expect(Object.keys(failed.properties.data.items.properties)).toEqual(['msgId', 'chatId', 'reason', 'time']);
    expect(doc.paths['/setWebhook'].post.callbacks.Events['Failed Messages']).toBeTruthy();
  });
});
