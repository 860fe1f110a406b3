import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { overflowing, seriousViolations } from './support/layout';
import { openPage, register, serverAndBrowser, shot } from './support/pages';

const running = serverAndBrowser();
/** Waits that cover a call to the server and a render (the CPUs are shared with other suites). */
const WAIT = { timeout: 10_000 };

/** A console POST from the page's session (cookies plus the CSRF header). */
async function post(page: Page, path: string, data: unknown) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'wapi_csrf')?.value ?? '';
  const res = await page.request.post(path, { data, headers: { 'x-csrf-token': decodeURIComponent(csrf) } });
  expect(res.status()).toBe(200);
  return (await res.json()) as any;
}

/** The Instagram add-on bought on the sandbox checkout: an instagram limit of one. */
async function buyInstagram(page: Page): Promise<void> {
  const link = await post(page, '/api/wapi/custompaddlelink', { plan_id: 'wapi-instagram', quantity: 1, isVat: false });
  await post(page, `/api/sandbox/checkout/${link.data.response.checkout_id}/pay`, { card: '4242 4242 4242 4242' });
}

describe('Instagram accounts in a real browser', () => {
  it('adds an account and logs it in through the two-factor code to active', async () => {
    const page = await openPage(running.browser, running.server.url);
    await register(page, 'insta@example.com');
    await buyInstagram(page);
    await page.goto('/instagram');
    const add = page.getByRole('button', { name: /Add New Accounts/ });
    await expect.poll(() => add.textContent(), WAIT).toContain('(0/1)');
    await add.click();

    const login = page.getByRole('dialog', { name: 'Instagram Login' });
    await login.getByLabel('Username').waitFor(WAIT);
    await login.getByLabel('Username').fill('shop.2fa');
    await login.getByLabel('Password').fill('wrong-password');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect
      .poll(() => login.getByText('The password you entered is incorrect.', { exact: false }).count(), WAIT)
      .toBe(1);

    await login.getByLabel('Password').fill('secret');
    await login.getByRole('button', { name: 'Login' }).click();
    const code = login.getByLabel('Security code');
    await code.waitFor(WAIT);
    await shot(page, 'instagram-two-factor');
    await code.fill('123456');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Instagram Login' }).count(), WAIT).toBe(0);

    const row = page.getByRole('button', { name: /^shop\.2fa: / });
    await expect.poll(() => row.getAttribute('aria-label'), WAIT).toBe('shop.2fa: active');
    expect(await add.textContent()).toContain('(1/1)');
    await shot(page, 'instagram-active');
    expect(await seriousViolations(page)).toEqual([]);

    // At the limit the limit modal points to the subscription page.
    await add.click();
    const limit = page.getByRole('alertdialog', { name: 'Instagram Limit' });
    await expect.poll(() => limit.getByRole('link', { name: 'Go to Subscription' }).count(), WAIT).toBe(1);

    // The Instagram documentation lists the calls from the API's own description.
    await page.goto('/developers/instagram_documentation');
    await expect.poll(() => page.getByRole('region', { name: 'POST /{phone_id}/login' }).count(), WAIT).toBe(1);
    expect(await page.getByRole('region', { name: 'POST /addInstagram' }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'GET /listPhones' }).count()).toBe(1);
    await shot(page, 'instagram-documentation');

    // On a phone-sized screen the list fits the width.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/instagram');
    await expect.poll(() => row.getAttribute('aria-label'), WAIT).toBe('shop.2fa: active');
    expect((await overflowing(page)).elements).toEqual([]);
    await shot(page, 'instagram-360');
  });
});
