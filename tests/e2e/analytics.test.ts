import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_TEXT as T } from '../../src/shared/analytics-text';
import { HttpCustomer, until } from './support/http-api';
import { serverAndBrowser, shot } from './support/pages';

const run = serverAndBrowser();
const WAIT = { timeout: 15_000 };

/**
 * A page with a real browser locale: headless Chromium under LANG=C reports `en-US@posix`, which
 * `Intl` (and so uPlot, when it loads) refuses; no user's browser reports it.
 */
async function openPage(width: number): Promise<Page> {
  const ctx = await run.browser.newContext({
    baseURL: run.server.url,
    viewport: { width, height: 900 },
    locale: 'en-US',
  });
  const page = await ctx.newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  return page;
}

/** Registers in the browser and answers an API client of the same account. */
async function signedIn(page: Page, email: string): Promise<HttpCustomer> {
  const password = 'Str0ng#Pass';
  await page.goto('/register');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password confirmation').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /register|sign up|create/i }).click();
  await page.waitForURL('**/subscription');
  const creds = await page.evaluate(async () => {
    const body = (await (await fetch('/api/wapi/product')).json()) as {
      product: { id: string; settings: { wapi_token: string } };
    };
    return { pid: body.product.id, token: body.product.settings.wapi_token };
  });
  const customer = new HttpCustomer(run.server.url);
  customer.pid = creds.pid;
  customer.token = creds.token;
  return customer;
}

describe('analytics in a real browser', () => {
  it('shows the cards, uPlot charts and tables for an account with messages, and the status timeline', async () => {
    const page = await openPage(1280);
    const customer = await signedIn(page, 'analytics@example.com');
    const phone = await customer.addLinkedPhone('905301240001');
    await customer.sim('/incoming', { phoneId: phone, from: '905301248888', message: 'Hello?' });
    await customer.sim('/incoming', { phoneId: phone, from: '905301247777', message: 'Hi there' });
    expect(
      (await customer.post(`/${phone}/sendMessage`, { to_number: '905301248888', type: 'text', message: 'Hello!' }))
        .status,
    ).toBe(200);
    await until(
      async () => (await customer.get(`/${phone}/getConversations`)).body?.data?.length >= 2,
      10_000,
      'two conversations',
    );

    await page.goto('/analytic');
    const summary = page.getByRole('list', { name: 'Summary' });
    await expect
      .poll(() => summary.getByRole('listitem').filter({ hasText: T.totalUser }).textContent(), WAIT)
      .toContain('2');
    expect(await summary.getByRole('listitem').filter({ hasText: T.totalMessage }).textContent()).toContain('3');
    await expect.poll(() => page.locator('canvas').count(), WAIT).toBe(2);
    expect(await page.getByRole('img', { name: new RegExp(`^${T.usersChart}`) }).count()).toBe(1);
    const statuses = page.getByRole('region', { name: T.statusTable });
    expect(await statuses.getByRole('row').filter({ hasText: 'No Interaction' }).textContent()).toContain('2');
    expect(await page.getByRole('region', { name: T.agentTable }).getByText(T.noData).count()).toBe(1);
    expect(
      await page
        .getByRole('region', { name: T.issueTable })
        .getByRole('row')
        .filter({ hasText: '905301240001' })
        .count(),
    ).toBe(1);
    const future = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(await page.getByLabel('To', { exact: true }).getAttribute('max')).toBe(
      new Date().toISOString().slice(0, 10),
    );
    await page.getByLabel('To', { exact: true }).fill(future);
    await expect.poll(() => page.getByRole('button', { name: 'Show' }).isDisabled()).toBe(true);
    await shot(page, 'analytic-1280');

    await page.getByRole('link', { name: 'Status timeline' }).click();
    await page.waitForURL('**/analytic/timeline');
    const timeline = page.getByRole('img', { name: `${T.phoneTimeline}: 1 row` });
    await expect.poll(() => timeline.count(), WAIT).toBe(1);
    expect(await timeline.getAttribute('height')).toBe(String(39 * 3));
    expect(await timeline.locator('rect[data-status="active"]').count()).toBeGreaterThan(0);
    expect(
      await timeline
        .locator('text')
        .filter({ hasText: /^\d\d\.\d\d\.\d\d \d\d:\d\d$/ })
        .count(),
    ).toBe(5);
    await shot(page, 'analytic-timeline-1280');

    const small = await openPage(360);
    await small.context().addCookies(await page.context().cookies());
    await small.goto('/analytic');
    await expect.poll(() => small.locator('canvas').count(), WAIT).toBe(2);
    expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(small, 'analytic-360');
    await small.goto('/analytic/timeline');
    await expect.poll(() => small.getByRole('img', { name: `${T.phoneTimeline}: 1 row` }).count(), WAIT).toBe(1);
    expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(small, 'analytic-timeline-360');
  });
});
