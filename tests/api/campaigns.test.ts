import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaignRecipients, messages } from '../../db/schema';
import { startCampaigns } from '../../src/jobs/campaigns';
import type { Stop } from '../../src/services/run-again';
import { customer, eventually, type Api } from '../support/phones';
import { Receiver } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let hooks: Receiver;
let stopJob: Stop;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true, webhooks: true });
  hooks = await new Receiver().start();
  ({ api } = await customer(t));
  await api.post('/setWebhook', { webhook: hooks.url });
  stopJob = startCampaigns({
    ctx: { db: t.db, config: t.config, now: () => t.clock.now, bus: t.bus, cache: t.cache },
    pollMs: 50,
  });
});
afterEach(async () => {
  await stopJob();
  await t.close();
  await hooks.stop();
});

const numbers = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `9053010${String(from + i).padStart(5, '0')}`);

async function linkedPhone(number = '905300000001'): Promise<number> {
  const id = await api.addPhone();
  await api.link(id, number);
  return id;
}

describe('campaigns: create and follow', () => {
  it('sends each recipient one message with its variables, counts acks and replies, and completes with its webhooks', async () => {
    const phone = await linkedPhone();
    const list = numbers(5).map((number, i) => ({ number, variables: { name: `Customer ${i}` } }));
    const created = await api.post('/campaigns', {
      name: 'Spring',
      phone_ids: [phone],
      message: { type: 'text', message: 'Hello {{name}}' },
      recipients: [...list, { number: list[0]!.number }, { number: 'not a number' }],
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ status: 'running', total: 6, invalid: 1, duplicates: 1, opted_out: 0 });
    const id = created.body.data.id as string;

    const done = await eventually(
      async () => {
        const { body } = await api.get(`/campaigns/${id}`);
        return body.data.status === 'completed' ? body.data : null;
      },
      10_000,
      'completion',
    );
    const c = done.counts;
    expect(c.sent + c.delivered + c.read + c.failed).toBe(5);
    expect(c).toMatchObject({ queued: 0, held: 0, invalid: 1, opted_out: 0, cancelled: 0 });
    expect(c.read).toBeGreaterThan(0);
    // Each recipient's status is its message's: one message each, with its variables.
    const rows = await t.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id)).all();
    const sentRows = await t.db.select().from(messages).where(eq(messages.direction, 'out')).all();
    expect(sentRows).toHaveLength(5);
    for (const r of rows.filter((x) => x.status !== 'invalid')) {
      const m = sentRows.find((x) => x.id === r.msgId)!;
      expect(m.body.message).toBe(`Hello ${JSON.parse(r.variables).name}`);
      const want = m.status === 'failed' ? 'failed' : ['sent', 'sent', 'delivered', 'read', 'read'][m.ack];
      expect(r.status).toBe(want);
    }
    // A reply moves its recipient to replied.
    const reader = rows.find((r) => r.status === 'read')!;
    await api.sim('/incoming', { phoneId: phone, from: reader.number, message: 'thanks!' });
    await eventually(
      async () => (await api.get(`/campaigns/${id}`)).body.data.counts.replied === 1,
      5_000,
      'the reply',
    );
    const page = await api.get(`/campaigns/${id}/recipients?status=replied`);
    expect(page.body.data).toEqual([expect.objectContaining({ number: reader.number, status: 'replied' })]);

    const csv = await api.request(`/campaigns/${id}/recipients.csv`);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe('"number","status","msg_id","error","variables"');

    const events = await eventually(
      async () => {
        const got = hooks.received.filter((r) => r.json?.type === 'campaign').map((r) => r.json.data.status);
        return got.includes('completed') ? got : null;
      },
      5_000,
      'the campaign webhooks',
    );
    expect(events).toEqual(['running', 'completed']);
    const last = hooks.received.filter((r) => r.json?.type === 'campaign').at(-1)!.json;
    expect(last.data).toMatchObject({ id, status: 'completed', counts: { invalid: 1, queued: 0 } });

    const listed = await api.get('/campaigns');
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([id]);
  });
});
