import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { billingCustomer, type Billing } from '../support/billing';
import type { TestApp } from '../support/test-app';

// The seeds' own calls as their console sends them (issue 23): the footprint's event in its label with
// a free category, and the trial named by its kind alone (3-developer §7: createFreeTrial {pid, type 'api'}).
let t: TestApp;
let b: Billing;
beforeEach(async () => {
  ({ t, b } = await billingCustomer());
});
afterEach(() => t.close());

const footprints = () =>
  t.db.all<{ category: string; label: string; extra: string }>(
    sql`select category, label, extra from footprints order by id`,
  );

describe("the seeds' calls", () => {
  it('footprint/add takes the event from the label when the category is free', async () => {
    for (const record of [
      { category: 'checkout', label: 'checkout-start' },
      { category: 'checkout', label: 'paddle-payment-declined', extra: { checkout_id: 'chk_1' } },
      { category: 'paddle', label: 'checkout-close' },
      { category: 'checkout-success', label: '569723' },
    ]) {
      const res = await b.agent.postJson('/api/footprint/add', record);
      expect(res.status, JSON.stringify(record)).toBe(200);
    }
    const rows = (await footprints()).map((r) => ({
      ...r,
      extra: typeof r.extra === 'string' ? JSON.parse(r.extra) : r.extra,
    }));
    expect(rows).toEqual([
      { category: 'checkout-start', label: 'checkout-start', extra: { category: 'checkout' } },
      {
        category: 'payment-declined',
        label: 'paddle-payment-declined',
        extra: { checkout_id: 'chk_1', category: 'checkout' },
      },
      { category: 'checkout-close', label: 'checkout-close', extra: { category: 'paddle' } },
      { category: 'checkout-success', label: '569723', extra: {} },
    ]);
  });

  it('footprint/add answers 422 in the one shape when neither category nor label names an event', async () => {
    for (const record of [
      { category: 'checkout', label: 'clicked-somewhere' },
      { category: 'made-up' },
      { category: '' },
      { label: 'checkout-close' },
      { category: 7, label: 'checkout-close' },
    ]) {
      const res = await b.agent.postJson('/api/footprint/add', record);
      expect(res.status, JSON.stringify(record)).toBe(422);
      const body = (await res.json()) as any;
      expect(body.success).toBe(false);
      expect(body.error.code).toBe('VALIDATION');
    }
    const named = (await (
      await b.agent.postJson('/api/footprint/add', { category: 'checkout', label: 'nope' })
    ).json()) as any;
    expect(named.error.message).toContain('paddle-payment-declined');
    expect(await footprints()).toEqual([]);
  });

  it("createFreeTrial takes type 'api' (the kind) besides 'wapi-trial-api'; changetrial too", async () => {
    const started = await b.call('createFreeTrial', { type: 'api' });
    expect(started).toMatchObject({ status: 200, body: { success: true } });
    const p = await b.product();
    expect(p.trial).toBe(true);
    expect(p.activeSubs.map((s: any) => s.data.trialType)).toEqual(['wapi-trial-api']);
    expect((await b.call('changetrial', { type: 'live' })).status).toBe(200);
    expect((await b.product()).activeSubs.map((s: any) => s.data.trialType)).toEqual(['wapi-trial-live']);
    const bad = await b.call('createFreeTrial', { type: 'forever' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toContain('wapi-trial-api');
  });
});
