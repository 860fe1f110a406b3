import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Billing } from '../support/billing';
import { customer, type Api } from '../support/phones';
import type { Agent } from '../support/agent';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let agent: Agent;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  ({ api, agent } = await customer(t));
});
afterEach(() => t.close());

async function checklist() {
  const res = await agent.get('/api/wapi/onboarding');
  expect(res.status).toBe(200);
  return (await res.json()) as { percent: number; steps: { key: string; done: boolean }[] };
}

describe('onboarding checklist (the phones page badge)', () => {
  it('counts the subscription and the first phone; an API package ends with the webhook step', async () => {
    const fresh = await checklist();
    expect(fresh.steps.map((s) => s.key)).toEqual(['profile', 'subscribe', 'phone', 'pair', 'webhook']);
    expect(fresh.steps.find((s) => s.key === 'subscribe')?.done).toBe(false);

    await new Billing(agent).buy('569723', 1);
    await api.addPhone();
    const after = await checklist();
    expect(after.steps.filter((s) => s.done).map((s) => s.key)).toEqual(expect.arrayContaining(['subscribe', 'phone']));
    expect(after.steps.find((s) => s.key === 'pair')?.done).toBe(false);
    expect(after.percent).toBe(Math.round((after.steps.filter((s) => s.done).length / 5) * 100));
    expect(after.percent).toBeGreaterThan(fresh.percent);
  });
});
