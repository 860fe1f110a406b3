import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages, products } from '../../db/schema';
import { INSTAGRAM_MSG } from '../../src/shared/instagram';
import { expectError } from '../support/agent';
import { customer, eventually, type Api } from '../support/phones';
import { Receiver } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let rx: Receiver;
beforeEach(async () => {
  t = await createTestApp({ SECRETS_KEY: 'test-secrets-key-0123456789-abcdefghij' }, { phones: true, webhooks: true });
  rx = await new Receiver().start();
  ({ api } = await customer(t));
  await setInstagramLimit(api.pid, 2);
});
afterEach(async () => {
  await t.close();
  await rx.stop();
});

/** Sets the product's instagram limit as a subscription would, past the caches' bound. */
async function setInstagramLimit(pid: string, limit: number) {
  const row = (await t.db.select().from(products).where(eq(products.id, pid)).get())!;
  await t.db
    .update(products)
    .set({ settings: { ...row.settings, instagram_limit: limit } })
    .where(eq(products.id, pid));
  t.clock.advance(10_000);
}

/** Adds an Instagram account and waits until it asks for its login. */
async function addAccount(): Promise<number> {
  const { status, body } = await api.post('/addInstagram', {});
  expect(status).toBe(200);
  expect(body).toEqual({ success: true, id: expect.any(Number), number: '' });
  await api.waitStatus(body.id, 'not_logged_in');
  return body.id;
}

describe('Instagram accounts through the messaging API', () => {
  it('adds accounts up to the instagram limit, listed with type instagram, and refuses one more', async () => {
    const a = await addAccount();
    const b = await addAccount();
    expect(await api.phone(a)).toMatchObject({ type: 'instagram', status: 'not_logged_in', number: '' });
    const err = await expectError(await api.request('/addInstagram', { method: 'POST' }), 403, 'PHONE_LIMIT');
    expect(err.message).toBe(INSTAGRAM_MSG.limit);
    // Instagram accounts do not take WhatsApp phone room, nor the other way round.
    expect((await api.post('/addPhone', {})).status).toBe(200);
    await api.get(`/${b}/delete`);
    expect((await api.post('/addInstagram', {})).status).toBe(200);
    const refused = await expectError(await api.request(`/${b}/enable`), 403, 'PHONE_LIMIT');
    expect(refused.message).toBe(INSTAGRAM_MSG.limit);
  });

  it('answers the password error and stays not logged in', async () => {
    const id = await addAccount();
    const res = await api.post(`/${id}/login`, { username: 'shop.account', password: 'wrong-password' });
    expect(res.body).toEqual({ success: false, error: 'The password you entered is incorrect. Please try again.' });
    expect((await api.phone(id)).status).toBe('not_logged_in');
    await expectError(
      await api.request(`/${id}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'x' }),
      }),
      422,
      'VALIDATION',
    );
  });

  it('asks for the two-factor code, refuses a wrong one, and goes active with the right one', async () => {
    const id = await addAccount();
    const login = { username: 'shop.2fa', password: 'secret' };
    expect((await api.post(`/${id}/login`, login)).body).toEqual({ success: false, code_required: true });
    expect((await api.post(`/${id}/login`, { ...login, code: '000000' })).body).toMatchObject({
      success: false,
      error: expect.any(String),
    });
    expect((await api.post(`/${id}/login`, { ...login, code: '123456' })).body).toEqual({ success: true });
    expect(await api.waitStatus(id, 'active')).toMatchObject({ number: 'shop.2fa', type: 'instagram' });
    expect((await api.get(`/${id}/status`)).body.status).toMatchObject({
      loggedIn: true,
      connRetry: false,
      message: '',
    });
    // Instagram's statuses (3-developer §4): a dropped connection, an account problem.
    await api.sim('/fault', { phoneId: id, fault: 'disconnect' });
    await api.waitStatus(id, 'conn-retry');
    expect((await api.get(`/${id}/status`)).body.status.connRetry).toBe(true);
    await api.waitStatus(id, 'active');
    await api.sim('/fault', { phoneId: id, fault: 'phone-error' });
    await api.waitStatus(id, 'account-error');
    expect((await api.get(`/${id}/status`)).body.status).toMatchObject({
      loggedIn: true,
      message: expect.stringContaining('challenge'),
    });
    // A redeploy keeps the login; a logout asks for it again.
    await api.get(`/${id}/redeploy`);
    await api.waitStatus(id, 'active');
    await api.get(`/${id}/logout`);
    await api.waitStatus(id, 'not_logged_in');
  });

  it('carries direct messages in and out through the message store, the send queue and the webhook', async () => {
    expect((await api.post('/setWebhook', { webhook: rx.url })).status).toBe(200);
    expect((await api.post('/setAckPreference', { ack_delivery: true })).status).toBe(200);
    const id = await addAccount();
    expect((await api.post(`/${id}/login`, { username: 'shop.account', password: 'secret' })).body).toEqual({
      success: true,
    });
    await api.waitStatus(id, 'active');

    await api.sim('/incoming', { phoneId: id, from: '17841400000001', message: 'Is this in stock?' });
    const got = await eventually(async () => rx.of('message')[0], 5_000, 'message webhook');
    expect(got.json).toMatchObject({
      product_id: api.pid,
      phone_id: id,
      type: 'message',
      message: { type: 'text', text: 'Is this in stock?', fromMe: false },
      receiver: 'shop.account',
    });

    const sent = await api.post(`/${id}/sendMessage`, { to_number: '17841400000001', message: 'Yes, it is.' });
    expect(sent.body.success).toBe(true);
    const msgId = sent.body.data.msgId as string;
    const row = await eventually(
      async () => {
        const r = await t.db
          .select()
          .from(messages)
          .where(and(eq(messages.id, msgId), eq(messages.phoneId, id)))
          .get();
        return r?.status === 'sent' ? r : null;
      },
      5_000,
      'the message sent',
    );
    expect(row).toMatchObject({ direction: 'out', chatId: '17841400000001@c.us' });
    await eventually(
      async () => rx.of('ack').some((r) => r.json.data[0].msgId === msgId && r.json.data[0].ackType === 'seen'),
      5_000,
      'the seen ack webhook',
    );
    const conv = await api.get(`/${id}/getConversations/17841400000001@c.us`);
    expect(conv.body.data.messages.map((m: { text: string }) => m.text)).toEqual(
      expect.arrayContaining(['Is this in stock?', 'Yes, it is.']),
    );

    const location = await api.request(`/${id}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to_number: '17841400000001', type: 'location', latitude: 41, longitude: 29 }),
    });
    expect((await expectError(location, 422, 'UNSUPPORTED')).message).toBe(
      'Instagram accounts cannot send location messages.',
    );
  });

  it("refuses another tenant's account and the login of a WhatsApp phone", async () => {
    const id = await addAccount();
    const other = (await customer(t, 'other@example.com')).api;
    await setInstagramLimit(other.pid, 1);
    await expectError(
      await other.request(`/${id}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'thief', password: 'x' }),
      }),
      404,
      'NOT_FOUND',
    );
    await expectError(
      await api.request(`/${id}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': other.token },
        body: JSON.stringify({ username: 'thief', password: 'x' }),
      }),
      401,
    );
    expect((await api.phone(id)).status).toBe('not_logged_in');
    const phone = await api.post('/addPhone', {});
    await expectError(
      await api.request(`/${phone.body.id}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'a', password: 'b' }),
      }),
      400,
      'BAD_REQUEST',
    );
  });
});
