import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveDays } from '../../src/services/billing/partner';
import { billingCustomer, type Billing } from '../support/billing';
import type { Api } from '../support/phones';
import type { TestApp } from '../support/test-app';

const DAY = 86_400_000;
let t: TestApp;
let api: Api;
let b: Billing;
beforeEach(async () => {
  ({ t, api, b } = await billingCustomer());
});
afterEach(() => t.close());

describe('partner billing, the checkout page and the onboarding checklist', () => {
  it('counts live days from the status history, capped at 30 a month', () => {
    const from = Date.UTC(2026, 9, 1);
    const to = Date.UTC(2026, 10, 1);
    expect(liveDays([], from, to)).toBe(0);
    expect(liveDays([{ status: 'active', at: from - DAY }], from, to)).toBe(31);
    expect(
      liveDays(
        [
          { status: 'active', at: from + 2 * DAY + 5 },
          { status: 'disabled', at: from + 4 * DAY + 10 },
        ],
        from,
        to,
      ),
    ).toBe(3);
  });

  it('answers per-phone live days, price and total for a month', async () => {
    const id = await api.addPhone();
    await api.link(id, '905301112233');
    await api.waitStatus(id, 'active');
    const month = new Date(t.clock.now).toISOString().slice(0, 7);
    const res = await b.agent.get(`/api/wapi/getPartnerLogs?month=${month}`);
    const body = (await res.json()) as any;
    expect(res.status).toBe(200);
    expect(body.results).toEqual([expect.objectContaining({ phone_id: id, live_days_total: 1, price: 1 })]);
    expect(body.total).toBe(1);
    await t.db.run(sql`update phone_status_log set at = at - ${40 * DAY} where phone_id = ${id}`);
    const full = (await (await b.agent.get(`/api/wapi/getPartnerLogs?month=${month}`)).json()) as any;
    expect(full.results[0]).toMatchObject({ live_days_total: expect.any(Number), price: expect.any(Number) });
    expect(full.results[0].live_days_total).toBeLessThanOrEqual(30);
    expect((await b.agent.get('/api/wapi/getPartnerLogs?month=2026-13')).status).toBe(422);
  });

  it('serves the sandbox checkout page with the plan, quantity and price, and its script from our origin', async () => {
    const checkout = await b.checkout('569723', 3);
    const page = await t.app.request(`/sandbox/checkout/${checkout}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Phone plan × 3');
    expect(html).toContain('$87.00');
    expect(html).toContain('<script src="/sandbox/checkout.js"></script>');
    expect(html).not.toMatch(/<script>(?!<)/);
    expect((await t.app.request('/sandbox/checkout.js')).status).toBe(200);
    expect((await t.app.request('/sandbox/checkout/chk_ffffffffffffffffffffffffffffffff')).status).toBe(404);
  });

  it('computes the onboarding checklist from real state', async () => {
    const first = (await (await b.agent.get('/api/wapi/onboarding')).json()) as any;
    expect(first).toMatchObject({
      percent: 0,
      steps: [
        { key: 'profile', done: false },
        { key: 'subscribe', done: false },
        { key: 'phone', done: false },
        { key: 'pair', done: false },
        { key: 'webhook', done: false },
      ],
    });
    await b.buy('569723', 1);
    const id = await api.addPhone();
    await api.link(id, '905301112244');
    await api.waitStatus(id, 'active');
    const later = (await (await b.agent.get('/api/wapi/onboarding')).json()) as any;
    expect(later.percent).toBe(60);
  });
});
