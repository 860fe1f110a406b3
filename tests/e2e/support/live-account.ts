import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { AGENT_MSG } from '../../../src/shared/agent-messages';

/* A live-chat account in a real browser: the owner buys Live Chat and agents, links a simulated phone, adds agents who sign in to /live. */
const WAIT = { timeout: 15_000 };

/** A console POST with the session's CSRF token. */
export async function post(page: Page, path: string, data: unknown, headers: Record<string, string> = {}) {
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'wapi_csrf')?.value ?? '');
  const res = await page.request.post(path, { data, headers: { 'x-csrf-token': csrf, ...headers } });
  return { status: res.status(), body: await res.json() };
}

/** Buys a plan on the sandbox checkout. */
export async function buy(page: Page, planId: string, quantity = 1): Promise<void> {
  const link = await post(page, '/api/wapi/custompaddlelink', { plan_id: planId, quantity, isVat: false });
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const paid = await post(page, `/api/sandbox/checkout/${link.body.data.response.checkout_id}/pay`, {
    card: '4242 4242 4242 4242',
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

/** Live Chat and `agents` agent add-ons; a phone linked on the simulator (its number: digits, no +). */
export async function liveAccount(
  owner: Page,
  agents = 2,
): Promise<{ token: string; phoneId: number; phoneNumber: string }> {
  await buy(owner, 'wapi-live');
  await buy(owner, 'wapi-agent', agents);
  const product = (await (await owner.request.get('/api/wapi/product')).json()).product;
  expect(product.settings.agent_limit).toBeGreaterThanOrEqual(agents);
  const api = { 'x-api-key': product.settings.wapi_token as string };
  const added = await owner.request.post(`/api/${product.id}/addPhone`, { data: {}, headers: api });
  expect(added.status(), await added.text()).toBe(200);
  const phoneId = (await added.json()).id as number;
  let qr = '';
  await expect
    .poll(async () => {
      qr =
        (await (await owner.request.get(`/api/${product.id}/${phoneId}/qrData`, { headers: api })).json()).qrData ?? '';
      return qr.length > 0;
    }, WAIT)
    .toBe(true);
  expect((await post(owner, '/api/sim/scan', { qr }, api)).status).toBe(200);
  let phoneNumber = '';
  await expect
    .poll(async () => {
      const phones = (await (await owner.request.get(`/api/${product.id}/listPhones`, { headers: api })).json()) as {
        id: number;
        number?: string;
        status: string;
      }[];
      const phone = phones.find((p) => Number(p.id) === phoneId);
      phoneNumber = phone?.number ?? '';
      return phone?.status === 'active' && phoneNumber !== '';
    }, WAIT)
    .toBe(true);
  return { token: api['x-api-key'], phoneId, phoneNumber: phoneNumber.replace(/^\+/, '') };
}

/** The owner adds an agent; the agent confirms the mailed link and signs in at /live/login. */
export async function agentSignsIn(owner: Page, agent: Page, email: string, name: string): Promise<void> {
  const add = await post(owner, '/api/wapi/agent/add', {
    email,
    password: 'secret1',
    update_data: { name, surname: 'Agent' },
  });
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  const subject = 'You have been added as a Wapi live-chat agent';
  const mail = () => agent.getByRole('row').filter({ hasText: email }).getByRole('link', { name: subject });
  await expect
    .poll(async () => {
      await agent.goto('/dev/mailbox');
      return mail().count();
    }, WAIT)
    .toBe(1);
  await mail().click();
  await agent.goto((await agent.getByRole('link', { name: /\/verify\/agent\// }).getAttribute('href'))!);
  await agent.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect.poll(() => agent.getByText(AGENT_MSG.verified).count(), WAIT).toBe(1);
  await agent.goto('/live/login');
  await agent.getByLabel('E-mail').fill(email);
  await agent.getByLabel('Password').fill('secret1');
  await agent.getByRole('button', { name: 'Login' }).click();
  await agent.waitForURL((u) => u.pathname === '/live');
}
