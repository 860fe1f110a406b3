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

    const sent = await api.post(`/${id}/sendMessage`, {
      to_number: '15551230000',
      type: 'text',
      message: 'Hello from the demo',
    });
    expect(sent.status).toBe(200);
    const row = await eventually(
      async () => {
        const r = await t.db.select().from(messages).where(eq(messages.id, sent.body.data.msgId)).get();
        return r?.status === 'sent' && r.ack === 2 ? r : null;
      },
      5_000,
      'sent and delivered',
    );
    expect(row.error).toBeNull();
    const templates = await api.get(`/${id}/templates`);
    expect(templates.body.templates.map((x: any) => x.name)).toContain('hello_world');

    const wrote = await t.app.request('/api/sim/cloud/incoming', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number_id: '1234567890', from: '15551230000', message: 'Thanks!' }),
    });
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
  });
});
