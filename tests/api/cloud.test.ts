import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cloudInbox, messages, phones } from '../../db/schema';
import { expectError } from '../support/agent';
import { CLOUD_PHONE_BODY as CLOUD, cloudApp, deliverSigned, type CloudApp } from '../support/cloud-app';
import { cloudDelivery, FAKE_PHONE_NUMBER_ID, FAKE_TOKEN, FAKE_WABA_ID, type FakeGraph } from '../support/fake-graph';
import { customer, eventually, type Api } from '../support/phones';
import { mediaServer, Receiver } from '../support/receiver';
import type { TestApp } from '../support/test-app';

const VERIFY_TOKEN = 'verify-me-please';
const CUSTOMER = '15551234567';

let cloud: CloudApp;
let t: TestApp;
let api: Api;
let rx: Receiver;
let graph: FakeGraph;

beforeEach(async () => {
  cloud = await cloudApp({ WHATSAPP_CLOUD_VERIFY_TOKEN: VERIFY_TOKEN }, { webhooks: true });
  ({ t, graph } = cloud);
  rx = await new Receiver().start();
  ({ api } = await customer(t));
  expect((await api.post('/setWebhook', { webhook: rx.url })).status).toBe(200);
  expect((await api.post('/setAckPreference', { ack_delivery: true })).status).toBe(200);
});
afterEach(async () => {
  await cloud.close();
  await rx.stop();
});

async function addCloud(): Promise<number> {
  const { status, body } = await api.post('/addPhone', CLOUD);
  expect(status, JSON.stringify(body)).toBe(200);
  await api.waitStatus(body.id, 'active');
  return body.id;
}

/** Posts a delivery of Meta's webhook, signed with the app secret (or with a forged `signature`). */
async function deliver(body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  if (!signature) return deliverSigned(t, raw);
  return t.app.request('/api/cloud/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    body: raw,
  });
}

async function send(phoneId: number, payload: Record<string, unknown>) {
  const res = await api.post(`/${phoneId}/sendMessage`, { to_number: CUSTOMER, ...payload });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.msgId as string;
}

async function settled(msgId: string) {
  return eventually(
    async () => {
      const row = await t.db.select().from(messages).where(eq(messages.id, msgId)).get();
      return row && (row.status === 'sent' || row.status === 'failed') ? row : null;
    },
    5_000,
    `message ${msgId} to settle`,
  );
}

/** The body Meta got for a message, once sent. */
async function sentBody(msgId: string) {
  const row = await settled(msgId);
  expect(row.status, row.error ?? '').toBe('sent');
  return graph.sent.at(-1)!.body;
}

describe('official numbers (engine cloud): adding', () => {
  it('adds a number with a good token: the phone object with engine cloud, its number, active; the token sealed', async () => {
    const { status, body } = await api.post('/addPhone', CLOUD);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      engine: 'cloud',
      number: '15550102030',
      status: 'active',
      name: 'Acme Shoes',
      type: 'whatsapp',
    });
    const row = (await t.db.select().from(phones).where(eq(phones.id, body.id)).get())!;
    expect(JSON.stringify(row.data)).not.toContain(FAKE_TOKEN);
    expect(graph.calls[0]).toMatchObject({
      method: 'GET',
      path: `/v21.0/${FAKE_PHONE_NUMBER_ID}`,
      auth: `Bearer ${FAKE_TOKEN}`,
    });
    expect(await api.phone(body.id)).toMatchObject({ engine: 'cloud', status: 'active' });
    // The same number twice is refused.
    await expectError(
      await api.request('/addPhone', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(CLOUD),
      }),
      409,
      'CONFLICT',
    );
  });

  it("answers 422 with Meta's message for a wrong token and stores nothing", async () => {
    const before = (await t.db.select().from(phones).all()).length;
    const res = await api.request('/addPhone', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...CLOUD, access_token: 'EAAWrong-token-here' }),
    });
    const err = await expectError(res, 422, 'VALIDATION');
    expect(err.message).toBe('Invalid OAuth access token - Cannot parse access token');
    expect((await t.db.select().from(phones).all()).length).toBe(before);
    const missing = await expectError(
      await api.request('/addPhone', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ engine: 'cloud' }),
      }),
      422,
      'VALIDATION',
    );
    expect(missing.message).toContain('phone_number_id');
  });

  it('answers 409 to the WhatsApp Web session calls, and to the template list of a linked phone', async () => {
    const linked = await api.addPhone();
    await expectError(await api.request(`/${linked}/templates`), 409, 'CONFLICT');
    const id = await addCloud();
    for (const path of ['qrData', 'screen', 'connectWithPhoneNumber?number=905301234567', 'redeploy']) {
      const err = await expectError(await api.request(`/${id}/${path}`), 409, 'CONFLICT');
      expect(err.message).toContain('official number (Cloud API)');
    }
  });
});

describe('official numbers: sending', () => {
  it('maps every type the Cloud API carries onto POST /messages as Meta documents it', async () => {
    const id = await addCloud();
    const media = await mediaServer();
    try {
      expect(await sentBody(await send(id, { type: 'text', message: 'See https://example.com' }))).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: CUSTOMER,
        type: 'text',
        text: { preview_url: true, body: 'See https://example.com' },
      });
      const first = await send(id, { type: 'text', message: 'Hello' });
      expect((await sentBody(first)).text).toEqual({ preview_url: false, body: 'Hello' });
      expect(graph.calls.at(-1)).toMatchObject({
        method: 'POST',
        path: `/v21.0/${FAKE_PHONE_NUMBER_ID}/messages`,
        auth: `Bearer ${FAKE_TOKEN}`,
      });
      const wamid = graph.sent.at(-1)!.wamid;
      const link = `${media.url}/a.png`;
      expect(await sentBody(await send(id, { type: 'media', message: link, text: 'A picture' }))).toMatchObject({
        type: 'image',
        image: { link, caption: 'A picture' },
      });
      expect(
        await sentBody(
          await send(id, { type: 'media', message: `${media.url}/doc.pdf`, filename: 'invoice.pdf', text: 'Invoice' }),
        ),
      ).toMatchObject({
        type: 'document',
        document: { link: `${media.url}/doc.pdf`, caption: 'Invoice', filename: 'invoice.pdf' },
      });
      const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
      const uploaded = await sentBody(await send(id, { type: 'media', message: `data:image/png;base64,${png}` }));
      expect(graph.uploads.at(-1)).toMatchObject({ type: 'image/png', size: 70 });
      expect(uploaded).toMatchObject({ type: 'image', image: { id: graph.uploads.at(-1)!.id } });
      expect(
        await sentBody(await send(id, { type: 'link', message: 'https://example.com/shop', text: 'Our shop' })),
      ).toMatchObject({ type: 'text', text: { preview_url: true, body: 'Our shop\nhttps://example.com/shop' } });
      expect(
        await sentBody(await send(id, { type: 'location', latitude: 41.0082, longitude: 28.9784, text: 'Istanbul' })),
      ).toMatchObject({ type: 'location', location: { latitude: 41.0082, longitude: 28.9784, name: 'Istanbul' } });
      const vcard =
        'BEGIN:VCARD\nVERSION:3.0\nFN:Jane Doe\nTEL;type=CELL;waid=905301112233:+90 530 111 22 33\nEND:VCARD';
      expect(
        await sentBody(await send(id, { type: 'vcard', message: { displayName: 'Jane Doe', vcard } })),
      ).toMatchObject({
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Jane Doe', first_name: 'Jane Doe' },
            phones: [{ phone: '+90 530 111 22 33', wa_id: '905301112233', type: 'CELL' }],
          },
        ],
      });
      expect(await sentBody(await send(id, { type: 'contact', message: '905301112233@c.us' }))).toMatchObject({
        type: 'contacts',
        contacts: [{ phones: [{ phone: '+905301112233', wa_id: '905301112233' }] }],
      });
      expect(await sentBody(await send(id, { type: 'reaction', message: '👍', reply_to: first }))).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: CUSTOMER,
        type: 'reaction',
        reaction: { message_id: wamid, emoji: '👍' },
      });
      expect(await sentBody(await send(id, { type: 'text', message: 'About that', reply_to: first }))).toMatchObject({
        context: { message_id: wamid },
        type: 'text',
      });
      expect(
        await sentBody(
          await send(id, {
            type: 'buttons',
            message: 'Pick one',
            title: 'Menu',
            footer: 'Thanks',
            buttons: [
              { id: 'y', text: 'Yes' },
              { id: 'n', text: 'No' },
            ],
          }),
        ),
      ).toMatchObject({
        type: 'interactive',
        interactive: {
          type: 'button',
          header: { type: 'text', text: 'Menu' },
          body: { text: 'Pick one' },
          footer: { text: 'Thanks' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'y', title: 'Yes' } },
              { type: 'reply', reply: { id: 'n', title: 'No' } },
            ],
          },
        },
      });
      expect(
        await sentBody(
          await send(id, {
            type: 'list',
            message: 'Pick a slot',
            button: 'Slots',
            footer: 'Free delivery',
            sections: [
              {
                title: 'Tomorrow',
                rows: [
                  { id: 'am', title: 'Morning', description: '9 to 12' },
                  { id: 'pm', title: 'Afternoon' },
                ],
              },
            ],
          }),
        ),
      ).toMatchObject({
        type: 'interactive',
        interactive: {
          type: 'list',
          body: { text: 'Pick a slot' },
          footer: { text: 'Free delivery' },
          action: {
            button: 'Slots',
            sections: [
              {
                title: 'Tomorrow',
                rows: [
                  { id: 'am', title: 'Morning', description: '9 to 12' },
                  { id: 'pm', title: 'Afternoon' },
                ],
              },
            ],
          },
        },
      });
    } finally {
      await media.stop();
    }
  });

  it('refuses at accept time the types the Cloud API cannot carry', async () => {
    const id = await addCloud();
    const first = await send(id, { type: 'text', message: 'Hello' });
    await settled(first);
    for (const body of [
      { type: 'poll', message: 'Q?', options: ['a', 'b'] },
      { type: 'forward', message: first },
      { type: 'delete', message: first },
      { type: 'edit', message: 'x', reply_to: first },
      { type: 'product', productId: '123456' },
    ]) {
      const err = await expectError(
        await api.request(`/${id}/sendMessage`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to_number: CUSTOMER, ...body }),
        }),
        422,
        'UNSUPPORTED',
      );
      expect(err.message).toBe(`This phone's WhatsApp engine (cloud) cannot send ${body.type} messages.`);
    }
  });

  it('sends a template and lists the templates of the business account', async () => {
    const id = await addCloud();
    const template = {
      name: 'order_update',
      language: 'en_US',
      components: [{ type: 'body', parameters: [{ type: 'text', text: '#1234' }] }],
    };
    expect(await sentBody(await send(id, { type: 'template', template }))).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: CUSTOMER,
      type: 'template',
      template: { name: 'order_update', language: { code: 'en_US' }, components: template.components },
    });
    const list = await api.get(`/${id}/templates`);
    expect(list.status).toBe(200);
    expect(list.body.templates.map((x: any) => x.name)).toEqual(['order_update', 'hello_world']);
    expect(graph.calls.at(-1)).toMatchObject({
      path: `/v21.0/${FAKE_WABA_ID}/message_templates`,
      auth: `Bearer ${FAKE_TOKEN}`,
    });
  });

  it("a sent template reads in its chat by its name and parameters, and is the chat list's latest message", async () => {
    const id = await addCloud();
    const template = {
      name: 'order_update',
      language: { code: 'en_US' },
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { link: 'https://example.com/box.png' } }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', text: '#1234' },
            { type: 'currency', currency: { fallback_value: '$12.50', code: 'USD', amount_1000: 12500 } },
          ],
        },
      ],
    };
    const msgId = await send(id, { type: 'template', template });
    expect((await settled(msgId)).status).toBe('sent');
    const chat = await api.get(`/${id}/getConversations/${CUSTOMER}@c.us`);
    expect(chat.status).toBe(200);
    expect(chat.body.data.messages.at(-1)).toMatchObject({
      id: msgId,
      type: 'template',
      fromMe: true,
      template: { name: 'order_update', language: 'en_US', parameters: ['image', '#1234', '$12.50'] },
      text: 'Template order_update: image, #1234, $12.50',
    });
    const list = await api.get(`/${id}/getConversations`);
    expect(list.body.data.find((c: any) => c.id === `${CUSTOMER}@c.us`)).toMatchObject({
      lastMessage: 'Template order_update: image, #1234, $12.50',
    });
  });

  it('a linked phone cannot send a template or a list', async () => {
    const id = await api.addPhone();
    const err = await expectError(
      await api.request(`/${id}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to_number: CUSTOMER, type: 'template', template: { name: 'x', language: 'en' } }),
      }),
      422,
      'UNSUPPORTED',
    );
    expect(err.message).toContain('template');
    const list = await expectError(
      await api.request(`/${id}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          to_number: CUSTOMER,
          type: 'list',
          message: 'm',
          button: 'b',
          sections: [{ rows: [{ id: '1', title: 'One' }] }],
        }),
      }),
      422,
      'UNSUPPORTED',
    );
    expect(list.message).toContain('list');
  });

  it('free text outside the 24-hour window ends failed with 131047 in the ack webhook and the logs', async () => {
    const id = await addCloud();
    graph.closedWindow.add(CUSTOMER);
    const msgId = await send(id, { type: 'text', message: 'Are you there?' });
    const row = await settled(msgId);
    expect(row.status).toBe('failed');
    expect(row.error).toContain('131047');
    const ack = await eventually(
      async () => rx.of('ack').find((r) => r.json.data[0].msgId === msgId),
      5_000,
      'the failed ack',
    );
    expect(ack.json.data[0]).toMatchObject({
      ackType: 'failed',
      chatId: `${CUSTOMER}@c.us`,
      reason: expect.stringContaining('131047'),
    });
    const logs = await api.get('/logs?type=error');
    expect(JSON.stringify(logs.body)).toContain('131047');
  });
});

describe('official numbers: a token Meta no longer takes', () => {
  it("fails the message with Meta's words and shows the phone in error", async () => {
    const id = await addCloud();
    graph.numbers[0]!.token = 'EAARotated-token';
    const row = await settled(await send(id, { type: 'text', message: 'Hello' }));
    expect(row.status).toBe('failed');
    expect(row.error).toContain('(#190)');
    const phone = await api.waitStatus(id, 'phone-error');
    expect(phone.engine).toBe('cloud');
  });
});

describe("official numbers: Meta's webhook", () => {
  it('answers the verification handshake, and 403 to a wrong token', async () => {
    const ok = await t.app.request(
      `/api/cloud/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect(
      (await t.app.request('/api/cloud/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1')).status,
    ).toBe(403);
  });

  it("a signed inbound text and image reach the customer's webhook; a forged signature stores nothing", async () => {
    const id = await addCloud();
    const text = cloudDelivery(FAKE_PHONE_NUMBER_ID, {
      contacts: [{ profile: { name: 'Kerry Fisher' }, wa_id: CUSTOMER }],
      messages: [{ from: CUSTOMER, id: 'wamid.IN1', timestamp: '1700000000', type: 'text', text: { body: 'Hi shop' } }],
    });
    const forged = await deliver(text, 'sha256=' + '0'.repeat(64));
    expect(forged.status).toBe(401);
    expect(await t.db.select().from(cloudInbox).all()).toEqual([]);
    const res = await deliver(text);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, stored: 1, duplicates: 0, unrouted: 0 });
    const got = await eventually(
      async () =>
        rx.of('message').find((r) => r.json.data?.message?.text === 'Hi shop' || r.json.message?.text === 'Hi shop'),
      5_000,
      'the message webhook',
    );
    expect(JSON.stringify(got.json)).toContain('Kerry Fisher');
    // A retry changes nothing; a number no phone here has is not stored.
    expect(await (await deliver(text)).json()).toMatchObject({ stored: 0, duplicates: 1 });
    expect(
      await (
        await deliver(
          cloudDelivery('999999999', {
            messages: [{ from: CUSTOMER, id: 'wamid.X', type: 'text', text: { body: 'x' } }],
          }),
        )
      ).json(),
    ).toMatchObject({ stored: 0, unrouted: 1 });

    graph.media.set('1234567890', { data: Buffer.from('fake-jpeg-bytes'), mime: 'image/jpeg' });
    await deliver(
      cloudDelivery(FAKE_PHONE_NUMBER_ID, {
        contacts: [{ profile: { name: 'Kerry Fisher' }, wa_id: CUSTOMER }],
        messages: [
          {
            from: CUSTOMER,
            id: 'wamid.IN2',
            timestamp: '1700000010',
            type: 'image',
            image: { id: '1234567890', mime_type: 'image/jpeg', caption: 'My foot' },
          },
        ],
      }),
    );
    const image = await eventually(
      async () =>
        t.db
          .select()
          .from(messages)
          .where(and(eq(messages.phoneId, id), eq(messages.waId, 'wamid.IN2')))
          .get(),
      5_000,
      'the image',
    );
    const body = image.body as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'image', caption: 'My foot', mime: 'image/jpeg' });
    expect(String(body.url)).toContain('/media/');
    const media = await t.app.request(new URL(String(body.url)).pathname);
    expect(Buffer.from(await media.arrayBuffer()).toString()).toBe('fake-jpeg-bytes');
    await eventually(
      async () => rx.of('message').find((r) => JSON.stringify(r.json).includes('My foot')),
      5_000,
      'the image webhook',
    );
    expect(
      graph.calls
        .filter((c) => c.path === '/v21.0/1234567890' || c.path === '/download/1234567890')
        .every((c) => c.auth === `Bearer ${FAKE_TOKEN}`),
    ).toBe(true);
    expect(rx.of('message').filter((r) => JSON.stringify(r.json).includes('Hi shop'))).toHaveLength(1);
  });

  it('a reply (a button reply, a quoted message) names the quoted message by the msgId our API answered, in its webhook and its conversation', async () => {
    const id = await addCloud();
    const msgId = await send(id, {
      type: 'buttons',
      message: 'Did it arrive?',
      buttons: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
    });
    await settled(msgId);
    const wamid = graph.sent.at(-1)!.wamid;
    const ours = { from: '15550102030', id: wamid };
    await deliver(
      cloudDelivery(FAKE_PHONE_NUMBER_ID, {
        contacts: [{ profile: { name: 'Kerry Fisher' }, wa_id: CUSTOMER }],
        messages: [
          {
            from: CUSTOMER,
            id: 'wamid.R1',
            timestamp: '1700000020',
            type: 'interactive',
            interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } },
            context: ours,
          },
          {
            from: CUSTOMER,
            id: 'wamid.R2',
            timestamp: '1700000021',
            type: 'text',
            text: { body: 'About this one' },
            context: ours,
          },
          {
            from: CUSTOMER,
            id: 'wamid.R3',
            timestamp: '1700000022',
            type: 'text',
            text: { body: 'And my own' },
            context: { from: CUSTOMER, id: 'wamid.R2' },
          },
        ],
      }),
    );
    const chat = `${CUSTOMER}@c.us`;
    const quotedOf = async (waId: string) =>
      eventually(
        async () =>
          rx.of('message').find((r) => (r.json.data?.message ?? r.json.message)?.id === `false_${chat}_${waId}`),
        5_000,
        `the webhook of ${waId}`,
      ).then((r) => (r.json.data ?? r.json).quoted);
    for (const waId of ['wamid.R1', 'wamid.R2']) {
      const quoted = await quotedOf(waId);
      expect(quoted, waId).toMatchObject({ id: msgId, type: 'buttons', fromMe: true });
      expect(JSON.stringify(quoted)).not.toContain(wamid);
    }
    // A quoted incoming message has the id its own webhook and the conversation gave it.
    expect(await quotedOf('wamid.R3')).toMatchObject({ id: `false_${chat}_wamid.R2` });

    const conv = await api.get(`/${id}/getConversations/${chat}`);
    expect(conv.status).toBe(200);
    const byId = new Map<string, any>(conv.body.data.messages.map((m: { id: string }) => [m.id, m]));
    expect(byId.get(`false_${chat}_wamid.R1`).quoted).toMatchObject({ id: msgId, type: 'buttons' });
    expect(byId.get(`false_${chat}_wamid.R2`).quoted).toMatchObject({ id: msgId });
    expect(byId.get(`false_${chat}_wamid.R3`).quoted).toMatchObject({ id: `false_${chat}_wamid.R2` });
    expect(JSON.stringify(conv.body)).not.toContain(wamid);
  });

  it('statuses become acks in the order of their meaning: retried and reordered ones never go back', async () => {
    const id = await addCloud();
    const msgId = await send(id, { type: 'text', message: 'Your order shipped' });
    await settled(msgId);
    const wamid = graph.sent.at(-1)!.wamid;
    const status = (s: string, ts: number) =>
      cloudDelivery(FAKE_PHONE_NUMBER_ID, {
        statuses: [{ id: wamid, status: s, timestamp: String(ts), recipient_id: CUSTOMER }],
      });
    await deliver(status('sent', 1));
    await deliver(status('read', 3));
    await deliver(status('delivered', 2));
    await deliver(status('read', 3));
    await eventually(
      async () =>
        (await t.db.select().from(cloudInbox).all()).every((r) => r.doneAt !== null) &&
        (await t.db.select().from(cloudInbox).all()).length === 3,
      5_000,
      'the statuses to be handled',
    );
    const row = (await t.db.select().from(messages).where(eq(messages.id, msgId)).get())!;
    expect(row.ack).toBe(3);
    await eventually(
      async () => rx.of('ack').filter((r) => r.json.data[0].msgId === msgId).length === 2,
      5_000,
      'two acks',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(
      rx
        .of('ack')
        .filter((r) => r.json.data[0].msgId === msgId)
        .map((r) => r.json.data[0].ackType),
    ).toEqual(['delivered', 'seen']);
  });

  it("a failed status after sending ends the message failed with Meta's reason", async () => {
    const id = await addCloud();
    const msgId = await send(id, { type: 'text', message: 'Hello again' });
    await settled(msgId);
    const wamid = graph.sent.at(-1)!.wamid;
    await deliver(
      cloudDelivery(FAKE_PHONE_NUMBER_ID, {
        statuses: [
          {
            id: wamid,
            status: 'failed',
            timestamp: '5',
            recipient_id: CUSTOMER,
            errors: [
              {
                code: 131047,
                title: 'Re-engagement message',
                error_data: {
                  details:
                    'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
                },
              },
            ],
          },
        ],
      }),
    );
    const row = await eventually(
      async () => {
        const r = await t.db.select().from(messages).where(eq(messages.id, msgId)).get();
        return r?.status === 'failed' ? r : null;
      },
      5_000,
      'the message to fail',
    );
    expect(row.error).toContain('(#131047)');
    await eventually(
      async () => rx.of('ack').find((r) => r.json.data[0].msgId === msgId && r.json.data[0].ackType === 'failed'),
      5_000,
      'the failed ack',
    );
  });
});

describe('official numbers: ban protection', () => {
  it('is off for them and says why; it cannot be turned on', async () => {
    const id = await addCloud();
    const read = await api.get(`/${id}/protection`);
    expect(read.status).toBe(200);
    expect(read.body.protection.enabled).toBe(false);
    expect(read.body.protection.reason).toMatch(/Cloud API/);
    const on = await api.post(`/${id}/protection`, { enabled: true });
    expect(on.status).toBe(422);
    expect(on.body.message).toMatch(/Cloud API/);
  });
});
