import { serve, type ServerType } from '@hono/node-server';
import { and, eq } from 'drizzle-orm';
import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import { customer, eventually, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let server: ServerType;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeEach(async () => {
  const port = await freePort();
  t = await createTestApp(
    {
      SECRETS_KEY: 'test-secrets-key-0123456789-abcdefghij',
      WHATSAPP_CLOUD_API_URL: `http://127.0.0.1:${port}/api/sim/graph`,
    },
    { phones: true },
  );
  server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
  ({ api } = await customer(t));
});
afterEach(async () => {
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});

const CUSTOMER = '15551230000';
const NUMBER_ID = '1234567890';

function customerWrites(message: string, from = CUSTOMER) {
  return t.app.request('/api/sim/cloud/incoming', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number_id: NUMBER_ID, from, message }),
  });
}

/** Posts a message straight to the simulated Graph API, as our engine does. */
function graphSend(body: Record<string, unknown>) {
  return t.app.request(`/api/sim/graph/v21.0/${NUMBER_ID}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sim-demo-token' },
    body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: CUSTOMER, ...body }),
  });
}

async function settled(msgId: string) {
  return eventually(
    async () => {
      const r = await t.db.select().from(messages).where(eq(messages.id, msgId)).get();
      return r && ((r.status === 'sent' && r.ack === 2) || r.status === 'failed') ? r : null;
    },
    5_000,
    `message ${msgId} to settle`,
  );
}

async function addSimulated(): Promise<number> {
  const added = await api.post('/addPhone', {
    engine: 'cloud',
    phone_number_id: NUMBER_ID,
    waba_id: '2234567890',
    access_token: 'sim-demo-token',
  });
  expect(added.status).toBe(200);
  await api.waitStatus(added.body.id, 'active');
  return added.body.id as number;
}

const REENGAGEMENT = {
  error: {
    message: 'Re-engagement message',
    type: 'OAuthException',
    code: 131047,
    error_data: {
      messaging_product: 'whatsapp',
      details:
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    },
    fbtrace_id: 'SIMULATED',
  },
};

describe('the simulator plays the Graph API for official numbers (no Meta needed)', () => {
  it("adds a simulated official number, sends through it with sent and delivered acks, and takes a simulated customer's message", async () => {
    const bad = await api.post('/addPhone', {
      engine: 'cloud',
      phone_number_id: '1234567890',
      waba_id: '2234567890',
      access_token: 'EAAnot-a-sim-token',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Invalid OAuth access token - Cannot parse access token');
    const added = await api.post('/addPhone', {
      engine: 'cloud',
      phone_number_id: '1234567890',
      waba_id: '2234567890',
      access_token: 'sim-demo-token',
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      engine: 'cloud',
      status: 'active',
      number: '15554567890',
      name: 'Simulated Business',
    });
    const id = added.body.id as number;
    await api.waitStatus(id, 'active');

    // The customer writes first: free text within the 24-hour window.
    const wrote = await customerWrites('Hi, is my order on its way?');
    expect(wrote.status).toBe(200);
    await eventually(
      async () =>
        t.db
          .select()
          .from(messages)
          .where(and(eq(messages.phoneId, id), eq(messages.direction, 'in')))
          .get(),
      5_000,
      'the inbound message',
    );
    const sent = await api.post(`/${id}/sendMessage`, {
      to_number: CUSTOMER,
      type: 'text',
      message: 'Hello from the demo',
    });
    expect(sent.status).toBe(200);
    const row = await settled(sent.body.data.msgId);
    expect(row.status).toBe('sent');
    expect(row.error).toBeNull();
    const templates = await api.get(`/${id}/templates`);
    expect(templates.body.templates.map((x: any) => x.name)).toContain('hello_world');
  });

  it("enforces Meta's 24-hour customer-service window: free-form messages need the customer's message of the last 24 hours, a template never does", async () => {
    const id = await addSimulated();
    // Never wrote: Meta's 131047 in Meta's error shape, for text and for media alike.
    const text = await graphSend({ type: 'text', text: { body: 'Hello?' } });
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual(REENGAGEMENT);
    const image = await graphSend({ type: 'image', image: { link: 'https://example.com/a.png' } });
    expect(image.status).toBe(400);
    expect(((await image.json()) as typeof REENGAGEMENT).error.code).toBe(131047);
    // Through the API, the message ends failed with the code; a template goes out.
    const refused = await api.post(`/${id}/sendMessage`, { to_number: CUSTOMER, type: 'text', message: 'Hello?' });
    expect(refused.status).toBe(200);
    const failed = await settled(refused.body.data.msgId);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('131047');
    const template = await api.post(`/${id}/sendMessage`, {
      to_number: CUSTOMER,
      type: 'template',
      template: { name: 'hello_world', language: 'en_US' },
    });
    expect((await settled(template.body.data.msgId)).status).toBe('sent');

    // The customer writes: the window opens for 24 hours, for that customer only.
    expect((await customerWrites('Hi!')).status).toBe(200);
    expect((await graphSend({ type: 'text', text: { body: 'Welcome!' } })).status).toBe(200);
    const other = await t.app.request(`/api/sim/graph/v21.0/${NUMBER_ID}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sim-demo-token' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to: '15559990000', type: 'text', text: { body: 'x' } }),
    });
    expect(other.status).toBe(400);
    t.clock.advance(24 * 3_600_000);
    expect((await graphSend({ type: 'text', text: { body: 'Still there?' } })).status).toBe(200);
    t.clock.advance(60_000);
    expect(await (await graphSend({ type: 'text', text: { body: 'Still there?' } })).json()).toEqual(REENGAGEMENT);
    expect(
      (await graphSend({ type: 'template', template: { name: 'hello_world', language: { code: 'en_US' } } })).status,
    ).toBe(200);
  });
});

describe("the simulated Graph API answers a number's throughput tier (issue 41)", () => {
  it('answers fields=throughput with STANDARD, the profile without it, and a token not starting with sim- with 401', async () => {
    const get = (query: string, token = 'sim-demo-token') =>
      t.app.request(`/api/sim/graph/v21.0/${NUMBER_ID}${query}`, { headers: { authorization: `Bearer ${token}` } });
    const tier = await get('?fields=throughput');
    expect(tier.status).toBe(200);
    expect(await tier.json()).toEqual({ throughput: { level: 'STANDARD' }, id: NUMBER_ID });
    expect(await (await get('')).json()).toMatchObject({ verified_name: 'Simulated Business', id: NUMBER_ID });
    expect((await get('?fields=throughput', 'EAAnot-sim')).status).toBe(401);
    // An oversized fields list is refused in the one error shape, not a 500.
    const long = await get(`?fields=${'x'.repeat(300)}`);
    expect(long.status).toBe(422);
    expect(((await long.json()) as { success: boolean }).success).toBe(false);
  });
});
