import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCampaigns } from '../../src/jobs/campaigns';
import type { Stop } from '../../src/services/run-again';
import { customer, eventually, type Api } from '../support/phones';
import { Receiver } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * `held` on a campaign (issue 41): the recipients ban protection holds on a new number whose budget is
 * spent, in the API's counts and in the `campaign` webhook, and the ETA past today's budget.
 */

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

const DAY = 86_400_000;
// Ends in 1: on WhatsApp in the simulator, and never answers by itself.
const number = (i: number) => `90530125${String(i).padStart(3, '0')}1`;
/** Recipients whose message went (sent, then delivered, then read). */
const gone = (c: { sent: number; delivered: number; read: number }) => c.sent + c.delivered + c.read;
const campaignEvents = () => hooks.received.filter((r) => r.json?.type === 'campaign').map((r) => r.json);

describe('campaigns: held by ban protection', () => {
  it('a new number sends 20 of 25: the other 5 count as held (API and webhook), the ETA is the next day', async () => {
    const phone = await api.addPhone();
    await api.link(phone, '905300000003');
    const created = await api.post('/campaigns', {
      name: 'New number',
      phone_ids: [phone],
      message: { type: 'text', message: 'Hello' },
      recipients: Array.from({ length: 25 }, (_, i) => ({ number: number(i + 1) })),
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    const get = async () => (await api.get(`/campaigns/${id}`)).body.data;

    await eventually(async () => gone((await get()).counts) === 20, 10_000, '20 messages to go out');
    const view = await get();
    expect(view).toMatchObject({ status: 'running', counts: { held: 5, queued: 0, failed: 0 } });
    // Today's budget is spent: the rest goes tomorrow (UTC), at the start of the day.
    const tomorrow = (Math.floor(t.clock.now / DAY) + 1) * DAY;
    expect(Date.parse(view.eta)).toBeGreaterThanOrEqual(tomorrow);
    expect(Date.parse(view.eta)).toBeLessThan(tomorrow + 60_000);

    // The pause's webhook carries the same counts; paused, the 5 still wait for the budget.
    expect((await api.post(`/campaigns/${id}/pause`, {})).body.data.counts).toMatchObject({ held: 5, queued: 0 });
    await eventually(async () => campaignEvents().some((e) => e.data.status === 'paused'), 5_000, 'the pause event');
    const paused = campaignEvents().find((e) => e.data.status === 'paused');
    expect(paused.data.counts).toMatchObject({ held: 5, queued: 0 });
    expect(gone(paused.data.counts)).toBe(20);
    expect(campaignEvents().find((e) => e.data.status === 'running').data.counts).toMatchObject({ held: 0 });

    // The next day the budget frees: nothing is held, the rest goes.
    t.clock.advance(DAY);
    expect((await api.post(`/campaigns/${id}/resume`, {})).body.data.counts.held).toBe(0);
    await eventually(async () => (await get()).status === 'completed', 10_000, 'completion');
    await eventually(async () => campaignEvents().some((e) => e.data.status === 'completed'), 5_000, 'the last event');
    const completed = campaignEvents().find((e) => e.data.status === 'completed').data.counts;
    expect(completed).toMatchObject({ held: 0, queued: 0 });
    expect(gone(completed)).toBe(25);
  });
});
