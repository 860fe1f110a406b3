import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from '../../src/engines/types';
import { readFileSync } from 'node:fs';
import { DIFFERENCE_POINTS, openApiDocument } from '../../src/routes/openapi/messaging-document';
import { postmanCollection } from '../../src/routes/openapi/postman';
import { livePayload } from '../../src/services/inbox/webhook';
import { protectionPayload } from '../../src/services/protection/events';
import {
  ackPayload,
  failedAckPayload,
  groupInfoPayload,
  messagePayload,
  sendFailedPayload,
  statusPayload,
} from '../../src/services/webhooks/payloads';
import { checkWebhookBody, takeUndeclared, undeclaredWebhook } from '../support/declared-webhooks';
import { customer } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 39: every webhook body we deliver validates against the schema /api/openapi.json publishes
 * for it. Every delivery of the in-process suites and every body the test receivers get is checked
 * (tests/support/declared-webhooks.ts); here, each kind of body our builders make, and the check itself.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { phones: true });
});
afterAll(async () => {
  await t.close();
});

const phone = { id: 7, pid: '0b7c8a9e-1f2d-4c3b-9a8e-7d6c5b4a3f21', number: '905300000002' };
const URL = 'https://wapi.example';
const NOW_S = 1_795_000_000;

const incoming = (over: Partial<IncomingMessage> = {}): IncomingMessage => ({
  key: { id: '3EB0AA', chatId: '905301234567@c.us', fromMe: false },
  message: { id: '3EB0AA', type: 'text', text: 'Merhaba', fromMe: false },
  from: { jid: '905301234567@c.us', name: 'Ayşe', number: '905301234567' },
  timestamp: NOW_S,
  ...over,
});

/** One body of every kind our builders make, by what it shows. */
const BODIES: Record<string, Record<string, unknown>> = {
  'an incoming text': messagePayload(phone, 'false_905301234567@c.us_3EB0AA', incoming(), URL),
  'a group message with its conversation_name, replying to a quoted message': messagePayload(
    phone,
    'false_120363040000000000@g.us_3EB0BB',
    incoming({
      key: { id: '3EB0BB', chatId: '120363040000000000@g.us', fromMe: false },
      chatName: 'Team',
      quoted: {
        key: { id: 'Q1', chatId: '120363040000000000@g.us', fromMe: true },
        message: { id: 'Q1', type: 'text', text: 'Coming?', fromMe: true },
        timestamp: NOW_S - 60,
        from: { jid: '905300000002@c.us', name: 'Wapi', number: '905300000002' },
      },
    }),
    URL,
  ),
  'a media message with its URL': messagePayload(
    phone,
    'false_905301234567@c.us_3EB0CC',
    incoming({ message: { id: '3EB0CC', type: 'image', caption: 'Look', mime: 'image/jpeg', fromMe: false } }),
    URL,
    `${URL}/media/0b7c8a9e-1f2d-4c3b-9a8e-7d6c5b4a3f21/photo.jpeg`,
  ),
  'a group membership change (info message)': groupInfoPayload(
    phone,
    { groupId: '120363040000000000@g.us', groupName: 'Team', subtype: 'add', participants: [], time: NOW_S * 1000 },
    '905301234563@c.us',
    URL,
  ),
  ...Object.fromEntries(
    ([1, 2, 3, 4, 5] as const).map((code) => [
      `an ack ${code}`,
      ackPayload(phone, 'true_905301234567@c.us_3EB0DD', code, '905301234567@c.us', NOW_S),
    ]),
  ),
  "the Cloud API's failed ack": failedAckPayload(
    phone,
    'true_905301234567@c.us_3EB0EE',
    '905301234567@c.us',
    '131047: Re-engagement message',
    NOW_S,
  ),
  'a message that finally failed': sendFailedPayload(
    phone,
    'true_905301234567@c.us_3EB0FF',
    '905301234567@c.us',
    'HTTP 503',
    NOW_S,
  ),
  ...Object.fromEntries(
    ['active', 'qr-screen', 'loading', 'idle', 'disabled', 'conn-retry'].map((s) => [
      `a status change (${s})`,
      statusPayload(phone, s),
    ]),
  ),
  'a ban-protection budget': protectionPayload(phone, 'new_chats', 16, 20, 'warning'),
  ...Object.fromEntries(
    (['taken_by_agent', 'closed', 'released_by_agent'] as const).map((e) => [
      `a live-chat ${e}`,
      livePayload(phone, '905301234567@c.us', e, 'agent@example.com', e === 'taken_by_agent' ? { to: 'b@x.io' } : {}),
    ]),
  ),
  "a live-chat agent's reply": livePayload(phone, '905301234567@c.us', 'replied_by_agent', 'agent@example.com', {
    msgId: 'true_905301234567@c.us_3EB0AB',
  }),
};

describe('webhooks equal their declaration', () => {
  it('checks against the document /api/openapi.json serves', async () => {
    const served = (await (await t.app.request('/api/openapi.json')).json()) as { webhooks: unknown };
    const generated = openApiDocument({ serverUrl: 'http://localhost', brand: 'wapi' });
    expect(served.webhooks).toEqual(JSON.parse(JSON.stringify(generated.webhooks)));
    // additionalProperties: false stays where it is: a field sent but not declared fails.
    const message = JSON.stringify(served.webhooks).match(/"additionalProperties":false/g) ?? [];
    expect(message.length).toBeGreaterThan(5);
  });

  it.each(Object.entries(BODIES))('declares %s', async (_name, body) => {
    expect(await undeclaredWebhook(JSON.parse(JSON.stringify(body)))).toBeNull();
  });

  it('refuses a body with a field the document does not declare, or a wrong type', async () => {
    const status = statusPayload(phone, 'active');
    expect(await undeclaredWebhook({ ...status, extra: 1 })).toMatch(/Status Change Notifications.*additional/);
    expect(await undeclaredWebhook({ ...status, phone_id: String(phone.id) })).toMatch(/phone_id must be integer/);
    const ack = ackPayload(phone, 'm', 1, 'c@c.us', NOW_S);
    expect(await undeclaredWebhook({ ...ack, data: [{ ...ack.data[0], reason: 'x' }] })).not.toBeNull();
    expect(await undeclaredWebhook({ type: 'mystery' })).not.toBeNull();
    // What a test delivers goes the same way: kept until the test's end, where it fails the test.
    await checkWebhookBody(JSON.stringify({ ...status, extra: 1 }), 'evt_undeclared_test');
    expect(await takeUndeclared()).toEqual([expect.stringContaining('"extra":1')]);
  });
});

describe('the deprecated backup and restore', () => {
  it('are declared deprecated with the reference reason', async () => {
    const doc = await (await t.app.request('/api/openapi.json')).json();
    for (const [path, method] of [
      ['/{phone_id}/backup', 'get'],
      ['/{phone_id}/restore', 'post'],
    ] as const) {
      const op = doc.paths[path][method];
      expect(op.deprecated).toBe(true);
      expect(op.summary).toBe("DEPRECATED Multi-Device doesn't support this feature.");
      expect(op.responses['410'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
  });

  it('answer 410 with that reason in the one error shape, not 404 "No API route"', async () => {
    const { api } = await customer(t);
    const id = await api.addPhone();
    const backup = await api.get(`/${id}/backup`);
    expect(backup.status).toBe(410);
    expect(backup.body).toMatchObject({
      success: false,
      message: "DEPRECATED Multi-Device doesn't support this feature.",
      error: { code: 'GONE', message: "DEPRECATED Multi-Device doesn't support this feature." },
    });
    const restore = await api.post(`/${id}/restore`, { session: 'anything' });
    expect(restore.status).toBe(410);
    expect(restore.body.error.code).toBe('GONE');
    // Another account's phone, or none, answers like every per-phone call.
    expect((await api.get(`/99999/backup`)).status).toBe(404);
  });
});

describe("a contact's image", () => {
  it('is the picture URL as a string, or absent: never null', async () => {
    const { api } = await customer(t);
    const id = await api.addPhone();
    await api.link(id, '905300000002');
    // The simulator gives contacts whose number ends in an even digit a picture.
    const withPicture = await api.get(`/${id}/contact/905301234562@c.us`);
    expect(withPicture.status).toBe(200);
    expect(withPicture.body.data[0].image).toEqual(
      expect.stringMatching(/^http.*\/api\/sim\/avatar\/905301234562\.png$/),
    );
    const without = await api.get(`/${id}/contact/905301234561@c.us`);
    expect(without.status).toBe(200);
    expect(without.body.data[0]).toEqual({ id: '905301234561@c.us', name: expect.any(String), type: 'chat' });
  });
});

describe('where we differ from the reference', () => {
  const flat = (text: string) => text.replace(/\s+/g, ' ');

  it('says so in the document, the Postman collection and the README alike: integer phone_id, the webhook string', () => {
    const doc = openApiDocument({ serverUrl: 'http://localhost', brand: 'wapi' });
    const collection = postmanCollection(doc, {
      baseUrl: 'http://localhost',
      productId: phone.pid,
      token: 'token',
      phoneId: '7',
      name: 'Wapi',
    });
    const readme = flat(readFileSync('README.md', 'utf8'));
    const says = (what: RegExp) => DIFFERENCE_POINTS.some((p) => what.test(p));
    expect(says(/`phone_id` in webhook bodies is an integer/)).toBe(true);
    expect(says(/`webhook` .* is the URL as a string/)).toBe(true);
    expect(says(/`failed` ack/)).toBe(true);
    expect(says(/backup.*restore.*410/)).toBe(true);
    for (const point of DIFFERENCE_POINTS) {
      expect(doc.info.description).toContain(point);
      expect(collection.info.description).toContain(point);
      expect(readme, point).toContain(flat(point));
    }
  });
});
