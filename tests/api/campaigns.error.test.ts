import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaignRecipients, messages, optouts } from '../../db/schema';
import { startCampaigns } from '../../src/jobs/campaigns';
import type { Stop } from '../../src/services/run-again';
import { customer, eventually, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let pid: string;
let stopJob: Stop;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  ({ api, pid } = await customer(t));
  stopJob = startCampaigns({
    ctx: { db: t.db, config: t.config, now: () => t.clock.now, bus: t.bus, cache: t.cache },
    pollMs: 50,
  });
});
afterEach(async () => {
  await stopJob();
  await t.close();
});

const numbers = (n: number) => Array.from({ length: n }, (_, i) => `9053${String(i).padStart(8, '0')}`);
const text = { type: 'text', message: 'Hello {{name}}' };
const campaign = (phone: number, n: number, extra: Record<string, unknown> = {}) => ({
  name: 'Test',
  phone_ids: [phone],
  message: text,
  recipients: numbers(n).map((number) => ({ number, variables: { name: 'A' } })),
  ...extra,
});
const get = async (id: string) => (await api.get(`/campaigns/${id}`)).body.data;

describe('campaigns: bad input', () => {
  it('refuses an empty list, 100,001 recipients, a missing variable, a foreign phone, a past schedule and malformed bodies', async () => {
    const phone = await api.addPhone();
    const empty = await api.post('/campaigns', campaign(phone, 0));
    expect(empty.status).toBe(422);
    expect(empty.body.error.message).toMatch(/recipients/);

    const tooMany = await api.post('/campaigns', campaign(phone, 100_001));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.message).toMatch(/100000/);

    const missing = await api.post('/campaigns', {
      ...campaign(phone, 3),
      recipients: [{ number: '905300000001', variables: { name: 'A' } }, { number: '905300000002' }],
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.message).toBe('recipients[1] has no variable "name", which the message uses ({{name}}).');

    const other = await customer(t, 'other@example.com');
    const theirs = await other.api.addPhone();
    const foreign = await api.post('/campaigns', campaign(theirs, 2));
    expect(foreign.status).toBe(404);
    expect((await api.post('/campaigns', campaign(999_999, 2))).status).toBe(404);

    const past = await api.post('/campaigns', {
      ...campaign(phone, 2),
      schedule_at: new Date(t.clock.now - 60_000).toISOString(),
    });
    expect(past.status).toBe(422);
    expect(past.body.error.message).toMatch(/schedule_at is in the past/);

    const malformed = await api.request('/campaigns', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(malformed.status).toBe(400);
    const badType = await api.post('/campaigns', { ...campaign(phone, 1), message: { type: 'poll' } });
    expect(badType.status).toBe(422);
    const noPhones = await api.post('/campaigns', { ...campaign(phone, 1), phone_ids: [] });
    expect(noPhones.status).toBe(422);
    const template = await api.post('/campaigns', {
      ...campaign(phone, 1),
      message: { type: 'template', template: { name: 'hello', language: 'en_US' } },
    });
    expect(template.status).toBe(422);
    expect(template.body.error.message).toMatch(/cannot send template/);

    const noToken = await t.app.request(`/api/${pid}/campaigns`);
    expect(noToken.status).toBe(401);
  }, 60_000);

  it('accepts 100,000 recipients in one call', async () => {
    const phone = await api.addPhone();
    const started = Date.now();
    const res = await api.post('/campaigns', campaign(phone, 100_000, { schedule_at: '2030-01-01T00:00:00Z' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'scheduled', total: 100_000, invalid: 0, duplicates: 0 });
    expect(Date.now() - started).toBeLessThan(30_000);
    const view = await get(res.body.data.id);
    // Waiting for its schedule: every recipient is held, none queued yet.
    expect(view.counts).toMatchObject({ held: 100_000, queued: 0 });
    expect(view.eta).not.toBeNull();
  }, 60_000);

  it("keeps each product's campaigns to itself", async () => {
    const phone = await api.addPhone();
    const mine = await api.post('/campaigns', campaign(phone, 2, { schedule_at: '2030-01-01T00:00:00Z' }));
    const other = await customer(t, 'other@example.com');
    const id = mine.body.data.id as string;
    for (const path of [`/campaigns/${id}`, `/campaigns/${id}/recipients`, `/campaigns/${id}/recipients.csv`]) {
      expect((await other.api.get(path)).status).toBe(404);
    }
    for (const action of ['pause', 'resume', 'cancel']) {
      expect((await other.api.post(`/campaigns/${id}/${action}`, {})).status).toBe(404);
    }
    expect((await other.api.get('/campaigns')).body.data).toEqual([]);
    expect((await api.get(`/campaigns/${id}/recipients?cursor=abc`)).status).toBe(422);
    expect((await api.get(`/campaigns/${id}/recipients?status=nope`)).status).toBe(422);
    expect((await api.get('/campaigns/nope')).status).toBe(404);
  });
});

describe('campaigns: schedule, pause, resume, cancel, opt-outs', () => {
  it('holds a scheduled campaign until its time, skips opted-out numbers, pauses, resumes and cancels', async () => {
    // A phone that never links: its queue only fills, so the window and the controls are seen as they are.
    const phone = await api.addPhone();
    await t.db.insert(optouts).values({ pid, number: numbers(150)[0]!, source: 'api', createdAt: t.clock.now });
    const res = await api.post(
      '/campaigns',
      campaign(phone, 150, { schedule_at: new Date(t.clock.now + 3_600_000).toISOString() }),
    );
    expect(res.body.data).toMatchObject({ status: 'scheduled', total: 150, opted_out: 1 });
    const id = res.body.data.id as string;
    // Opted out after creation: skipped when its turn comes.
    await t.db.insert(optouts).values({ pid, number: numbers(150)[1]!, source: 'keyword', createdAt: t.clock.now });
    await new Promise((r) => setTimeout(r, 200));
    expect(await get(id)).toMatchObject({ status: 'scheduled', counts: { held: 149, queued: 0, opted_out: 1 } });
    expect(await t.db.select().from(messages).all()).toHaveLength(0);

    t.clock.advance(3_600_000);
    await eventually(async () => (await get(id)).counts.opted_out === 2, 5_000, 'the start');
    const running = await get(id);
    expect(running).toMatchObject({ status: 'running', counts: { queued: 148, opted_out: 2 } });
    expect(running.started_at).toBe(new Date(t.clock.now).toISOString());
    // A window, not the whole list, sits in the phone's queue.
    const queued = await t.db.select().from(messages).where(eq(messages.status, 'queued')).all();
    expect(queued.length).toBe(100);

    const paused = await api.post(`/campaigns/${id}/pause`, {});
    expect(paused.body.data.status).toBe('paused');
    expect(await t.db.select().from(messages).where(eq(messages.status, 'queued')).all()).toHaveLength(0);
    const pending = await t.db.select().from(campaignRecipients).where(eq(campaignRecipients.status, 'pending')).all();
    expect(pending).toHaveLength(148);
    expect((await api.post(`/campaigns/${id}/pause`, {})).body.data.status).toBe('paused');

    const resumed = await api.post(`/campaigns/${id}/resume`, {});
    expect(resumed.body.data.status).toBe('running');
    await eventually(
      async () => (await t.db.select().from(messages).where(eq(messages.status, 'queued')).all()).length === 100,
      5_000,
      'the window again',
    );

    const cancelled = await api.post(`/campaigns/${id}/cancel`, {});
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', counts: { cancelled: 148, queued: 0 } });
    expect(cancelled.body.data.finished_at).not.toBeNull();
    expect(await t.db.select().from(messages).where(eq(messages.status, 'queued')).all()).toHaveLength(0);
    const again = await api.post(`/campaigns/${id}/resume`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('The campaign is cancelled: it cannot be resumed.');
  });
});
