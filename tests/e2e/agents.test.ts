import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AGENT_MSG } from '../../src/shared/schemas/console/agents';
import { credentialsOf, openPage, register, serverAndBrowser, shot } from './support/pages';

const run = serverAndBrowser();
const newPage = (width = 1280): Promise<Page> => openPage(run.browser, run.server.url, { width });

/** A console POST from the page's session (cookies plus the CSRF header). */
async function post(page: Page, path: string, data: unknown) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'wapi_csrf')?.value ?? '';
  const res = await page.request.post(path, { data, headers: { 'x-csrf-token': decodeURIComponent(csrf) } });
  return { status: res.status(), body: await res.json() };
}

/**
 * Live Chat (the owner's seat) and one agent add-on bought on the sandbox checkout: a limit of two.
 * (Bought, not the trial: a purchase ends the trial and its seats.)
 */
async function twoSeats(page: Page): Promise<void> {
  for (const planId of ['wapi-live', 'wapi-agent']) {
    const link = await post(page, '/api/wapi/custompaddlelink', { plan_id: planId, quantity: 1, isVat: false });
    expect(link.status).toBe(200);
    const paid = await post(page, `/api/sandbox/checkout/${link.body.data.response.checkout_id}/pay`, {
      card: '4242 4242 4242 4242',
    });
    expect(paid.status).toBe(200);
  }
}

/** The seeded staff admin sets the account's agent limit (the back-office's setPackage). */
async function seatsSetTo(agents: number, pid: string): Promise<void> {
  const ctx = await run.browser.newContext({ baseURL: run.server.url });
  await ctx.request.get('/api/auth/user');
  const csrf = async () => decodeURIComponent((await ctx.cookies()).find((c) => c.name === 'wapi_csrf')?.value ?? '');
  const login = await ctx.request.post('/api/auth/login', {
    data: { username: 'admin@wapi.dev', password: 'Admin#2026wapi' },
    headers: { 'x-csrf-token': await csrf() },
  });
  expect(login.status(), await login.text()).toBe(200);
  const set = await ctx.request.post('/api/wapi/admin/setPackage', {
    data: { pid, new_limit: agents, new_phone_limit: 1, new_instagram_limit: 0 },
    headers: { 'x-csrf-token': await csrf() },
  });
  expect(set.status(), await set.text()).toBe(200);
  await ctx.close();
}

describe('agents in a real browser', () => {
  it('shows No Agent Limit to an account without agents', async () => {
    const page = await newPage();
    await register(page, 'nolimit@example.com');
    await page.goto('/agents');
    await expect.poll(() => page.getByRole('heading', { name: AGENT_MSG.noLimit }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Start Free Trial' }).count()).toBe(1);
  });

  it('the owner adds an agent; the agent confirms the mailed link, sets a password and signs in', async () => {
    const page = await newPage();
    await register(page, 'owner@example.com');
    await twoSeats(page);
    await page.goto('/agents');
    const table = page.getByRole('region', { name: 'Agents' });
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'owner@example.com' }).count()).toBe(1);
    // The owner row has no edit or delete.
    expect(await page.getByRole('button', { name: 'Edit owner@example.com' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Add Agent' }).click();
    const form = page.getByRole('dialog', { name: 'Add Agent' });
    await form.getByRole('button', { name: 'Add Agent' }).click();
    await expect.poll(() => form.getByText('E-mail is required!').count()).toBe(1);
    expect(await form.getByText('Password is required!').count()).toBe(1);
    await form.getByLabel('E-mail').fill('owner@example.com');
    await form.getByLabel('Password').fill('secret1');
    await form.getByRole('button', { name: 'Add Agent' }).click();
    await expect.poll(() => form.getByText(AGENT_MSG.duplicate).count()).toBe(1);
    await form.getByLabel('E-mail').fill('ann@example.com');
    await form.getByLabel('Name', { exact: true }).fill('Ann');
    await form.getByRole('button', { name: 'Add Agent' }).click();
    // The toast and its screen-reader announcement.
    await expect.poll(() => page.getByText(AGENT_MSG.added).count()).toBeGreaterThan(0);
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'ann@example.com' }).count()).toBe(1);
    expect(await table.getByText('Waiting for confirmation').count()).toBe(1);
    await shot(page, 'agents');

    // The limit (two seats: the owner and Ann) leaves no room for a third person.
    await page.getByRole('button', { name: 'Add Agent' }).click();
    const limit = page.getByRole('alertdialog', { name: 'Agent Limit' });
    await expect.poll(() => limit.getByText(AGENT_MSG.limitDialog).count()).toBe(1);
    await limit.getByRole('link', { name: 'Go to Subscription' }).click();
    await page.waitForURL('**/subscription');

    // The agent, in a browser of their own, opens the mailed link from the local mailbox.
    const agent = await newPage();
    await expect
      .poll(async () => {
        await agent.goto('/dev/mailbox');
        return agent.getByRole('link', { name: 'You have been added as a Wapi live-chat agent' }).count();
      })
      .toBe(1);
    await agent.getByRole('link', { name: 'You have been added as a Wapi live-chat agent' }).click();
    const href = await agent.getByRole('link', { name: /\/verify\/agent\// }).getAttribute('href');
    await agent.goto(href!);
    await shot(agent, 'verify-agent');
    await agent.getByLabel('Your own password (optional)').fill('ann-own-1');
    await agent.getByLabel('Password confirmation').fill('ann-own-1');
    await agent.getByRole('button', { name: 'Confirm e-mail' }).click();
    await expect.poll(() => agent.getByText(AGENT_MSG.verified).count()).toBe(1);

    const old = await post(agent, '/api/live/auth/login', { email: 'ann@example.com', password: 'secret1' });
    expect(old.status).toBe(401);
    const login = await post(agent, '/api/live/auth/login', { email: 'ann@example.com', password: 'ann-own-1' });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ email: 'ann@example.com', name: 'Ann', chat: true });
    const me = await agent.request.get('/api/live/auth/me');
    expect(me.status()).toBe(200);

    await page.goto('/agents');
    await expect.poll(() => table.getByText('Confirmed').count()).toBe(1);
  });

  it('edits and deletes an agent with the spec messages, at a phone width too', async () => {
    const page = await newPage(360);
    await register(page, 'small@example.com');
    await twoSeats(page);
    await page.goto('/agents');
    await page.getByRole('button', { name: 'Add Agent' }).click();
    const form = page.getByRole('dialog', { name: 'Add Agent' });
    await form.getByLabel('E-mail').fill('bo@example.com');
    await form.getByLabel('Password').fill('secret1');
    await form.getByRole('button', { name: 'Add Agent' }).click();
    await page.getByRole('button', { name: 'Edit bo@example.com' }).click();
    const edit = page.getByRole('dialog', { name: 'Update Agent' });
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => edit.getByText('Name is required!', { exact: true }).count()).toBe(1);
    await edit.getByLabel('Name', { exact: true }).fill('Bo');
    await edit.getByLabel('Surname').fill('Diddley');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => page.getByText(AGENT_MSG.updated).count()).toBeGreaterThan(0);
    await shot(page, 'agents-360');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);

    // Staff lower the agent limit to the owner's seat: Bo is over it, and the page says so in words.
    await seatsSetTo(1, (await credentialsOf(page)).pid);
    const wide = await newPage(1280);
    await wide.context().addCookies(await page.context().cookies());
    for (const p of [page, wide]) {
      await p.goto('/agents');
      await expect.poll(() => p.getByText(AGENT_MSG.overLimit).count()).toBe(1);
      expect(await p.getByText(/For all agents can use chat/).count()).toBe(0);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'agents-over-limit-360');
    await shot(wide, 'agents-over-limit-1280');
    await wide.context().close();

    await page.getByRole('button', { name: 'Delete bo@example.com' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Agent' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText(AGENT_MSG.deleted).count()).toBeGreaterThan(0);
    expect(await page.getByRole('row').filter({ hasText: 'bo@example.com' }).count()).toBe(0);
  });
});
