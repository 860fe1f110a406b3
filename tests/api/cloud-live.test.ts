import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cloudApp, CLOUD_PHONE_BODY, deliverSigned, type CloudApp } from '../support/cloud-app';
import { cloudDelivery, FAKE_PHONE_NUMBER_ID, type FakeGraph } from '../support/fake-graph';
import { conv, json, liveAccount, type LiveAccount } from '../support/live-inbox';
import { eventually } from '../support/phones';
import type { TestApp } from '../support/test-app';

const CUSTOMER = '15551234567';

let app: CloudApp;
let t: TestApp;
let acc: LiveAccount;
let graph: FakeGraph;
beforeEach(async () => {
  app = await cloudApp();
  ({ t, graph } = app);
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => app.close());

const post = (agent: LiveAccount['ann'], path: string, payload: unknown = {}) =>
  agent.postJson(path, payload).then(async (r) => ({ status: r.status, body: await json(r) }));

describe('official numbers in the live chat inbox', () => {
  it('an inbound Cloud API text reaches the inbox, and a reply from live chat goes out through the Cloud API', async () => {
    const added = await acc.api.post('/addPhone', CLOUD_PHONE_BODY);
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
    const res = await deliverSigned(t, raw);
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
