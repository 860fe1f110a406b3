import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, expectError } from '../support/agent';
import { Billing } from '../support/billing';
import { customer } from '../support/phones';
import { staffTeam } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('billing: another tenant, a stranger, production', () => {
  it("answers another account's subscription, checkout and product id like missing ones, and changes nothing", async () => {
    const owner = new Billing((await customer(t, 'owner@example.com')).agent);
    const sub = await owner.buy('569723', 2);
    const checkout = await owner.checkout('569723');
    const other = await customer(t, 'other@example.com');
    const thief = new Billing(other.agent);
    for (const [call, payload] of [
      ['checkpreview', { subscription_id: sub, quantity: 3 }],
      ['updateSubscription', { subscription_id: sub, quantity: 1 }],
      ['cancelSubscription', { subscription_id: sub, feedbackOption: 'later' }],
      ['reactiveSubscription', { subscription_id: sub }],
      ['getPaymentHistory', { subscription_id: sub }],
      ['getsubsdetails', { subscription_id: sub }],
      ['updateplanid', { subscription_id: sub, plan_id: '775032' }],
      ['checkSubscription', { checkout_id: checkout }],
      ['custompaddlelink', { plan_id: '569723', pid: (await owner.product()).id }],
    ] as const) {
      const res = await thief.call(call, payload);
      expect(res.status, call).toBe(404);
    }
    expect(await owner.sub(sub)).toMatchObject({ status: 'active', quantity: 2, scheduled_quantity: null });
  });

  it('asks a stranger to sign in, and refuses writes without the CSRF token', async () => {
    const stranger = new Agent(t);
    for (const call of ['custompaddlelink', 'createFreeTrial', 'updateSubscription', 'getPaymentHistory']) {
      expect((await stranger.postForm(`/api/wapi/${call}`, {})).status, call).toBe(401);
    }
    expect((await stranger.get('/api/wapi/getPartnerLogs')).status).toBe(401);
    const { agent } = await customer(t);
    const res = await agent.request('/api/wapi/createFreeTrial', {
      method: 'POST',
      body: JSON.stringify({ type: 'wapi-trial-api' }),
      headers: { 'content-type': 'application/json' },
      csrf: false,
    });
    expect(res.status).toBe(403);
  });

  it('moves the sandbox clock for staff admins only: a customer, a limited agent and a stranger are refused', async () => {
    const { agent: buyer } = await customer(t, 'clock-buyer@example.com');
    const team = await staffTeam(t);
    const move = (a: Agent) => a.postJson('/api/sandbox/clock', { advanceDays: 30 });
    await expectError(await move(new Agent(t)), 401, 'UNAUTHORIZED');
    await expectError(await move(buyer), 403, 'FORBIDDEN');
    await expectError(await move(team.customer), 403, 'FORBIDDEN');
    await expectError(await move(team.limited), 403, 'FORBIDDEN');
    const moved = await move(team.admin);
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { offsetDays: number }).offsetDays).toBe(30);
    // The helper every billing test uses signs in as the seeded staff admin.
    expect((await new Billing(buyer).clock(1)).offsetDays).toBe(31);
  });

  it('has no sandbox clock and no sandbox checkout in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', APP_URL: 'https://wapi.example' });
    try {
      const agent = new Agent(prod);
      expect((await agent.postJson('/api/sandbox/clock', { advanceDays: 30 })).status).toBe(404);
      expect((await prod.app.request('/sandbox/checkout/chk_0123456789abcdef0123456789abcdef')).status).toBe(404);
      const { agent: buyer } = await customer(prod);
      expect((await buyer.postForm('/api/wapi/custompaddlelink', { plan_id: '569723' })).status).toBe(501);
    } finally {
      await prod.close();
    }
  });
});
