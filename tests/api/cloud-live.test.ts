import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hubSignature } from '../../src/services/cloud/signature';
import {
  cloudDelivery,
  FAKE_PHONE_NUMBER_ID,
  FAKE_TOKEN,
  FAKE_WABA_ID,
  startFakeGraph,
  type FakeGraph,
} from '../support/fake-graph';
import { conv, json, liveAccount, type LiveAccount } from '../support/live-inbox';
import { eventually } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

const APP_SECRET = 'meta-app-secret-for-tests';
const CUSTOMER = '15551234567';

let t: TestApp;
let acc: LiveAccount;
let graph: FakeGraph;
beforeEach(async () => {
  graph = await startFakeGraph();
  t = await createTestApp(
    {
      SECRETS_KEY: 'test-secrets-key-0123456789-abcdefghij',
      WHATSAPP_CLOUD_API_URL: graph.url,
      WHATSAPP_CLOUD_APP_SECRET: APP_SECRET,
    },
    { phones: true },
  );
  acc = await liveAccount(t);
}, 30_000);
afterEach(async () => {
  await t.close();
  await graph.close();
});

const post = (agent: LiveAccount['ann'], path: string, payload: unknown = {}) =>
  agent.postJson(path, payload).then(async (r) => ({ status: r.status, body: await json(r) }));

describe('official numbers in the live chat inbox', () => {
  it('an inbound Cloud API text reaches the inbox, and a reply from live chat goes out through the Cloud API', async () => {
    const added = await acc.api.post('/addPhone', {
      engine: 'cloud',
      phone_number_id: FAKE_PHONE_NUMBER_ID,
      waba_id: FAKE_WABA_ID,
      access_token: FAKE_TOKEN,
    });
    expect(added.status).toBe(200);
    const phone = added.body.id as number;
    await acc.api.waitStatus(phone, 'active');
    const raw = JSON.stringify(
      cloudDelivery(FAKE_PHONE_NUMBER_ID, {
        contacts: [{ profile: { name: 'Kerry' }, wa_id: CUSTOMER }],
        messages: [
          {
            from: CUSTOMER,
            id: 'wamid.LIVE1',
            timestamp: '1700000000',
            type: 'text',
            text: { body: 'Is my order ready?' },
          },
        ],
      }),
    );
    const res = await t.app.request('/api/cloud/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': await hubSignature(APP_SECRET, raw) },
      body: raw,
    });
    expect(res.status).toBe(200);
    const id = `${phone}:${CUSTOMER}@c.us`;
    await eventually(
      async () => {
        const list = await json(await acc.ann.get('/api/live/conversations'));
        return list.data.find((c: any) => c.id === id && c.lastMessage === 'Is my order ready?');
      },
      5_000,
      'the conversation in the inbox',
    );
    const sent = await post(acc.ann, conv(id, 'send'), { type: 'text', message: 'Yes, it ships today' });
    expect(sent).toMatchObject({ status: 200, body: { success: true, data: { chatId: `${CUSTOMER}@c.us` } } });
    await eventually(
      async () =>
        graph.sent.find((s) => (s.body.text as { body?: string } | undefined)?.body === 'Yes, it ships today'),
      5_000,
      'the reply at Meta',
    );
    expect(graph.sent.at(-1)!.body).toMatchObject({ to: CUSTOMER, type: 'text' });
  });
});
