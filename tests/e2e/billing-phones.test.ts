import { createClient } from '@libsql/client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_MSG } from '../../src/shared/billing/messages';
import { sandboxClock } from './support/account';
import { openPage, register, serverAndBrowser, shot } from './support/pages';

const running = serverAndBrowser();
/** Waits that cover a call to the server and a render (the CPUs are shared with other suites). */
const WAIT = { timeout: 10_000 };

/** The signed-in browser's CSRF header. */
async function csrf(page: Page): Promise<Record<string, string>> {
  return {
    'x-csrf-token': decodeURIComponent(
      (await page.context().cookies()).find((c) => c.name === 'wapi_csrf')?.value ?? '',
    ),
  };
}

/** A console call as the console makes it (a form whose one field carries JSON). */
async function post<T = unknown>(page: Page, path: string, payload: object): Promise<T> {
  const res = await page.request.post(path, { headers: await csrf(page), form: { data: JSON.stringify(payload) } });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

/** Buys a plan as the signed-in browser would: the checkout link, then the sandbox page's pay call. */
async function buy(page: Page, planId: string, quantity: number): Promise<void> {
  const link = await post<{ data: { response: { checkout_id: string } } }>(page, '/api/wapi/custompaddlelink', {
    plan_id: planId,
    quantity,
    isVat: false,
  });
  const paid = await page.request.post(`/api/sandbox/checkout/${link.data.response.checkout_id}/pay`, {
    headers: await csrf(page),
    data: { card: '4242 4242 4242 4242' },
  });
  expect(paid.status()).toBe(200);
}

async function setPartner(email: string): Promise<void> {
  const db = createClient({ url: `file:${running.server.dbFile}` });
  // The server writes the same file: wait for its lock rather than fail.
  await db.execute('PRAGMA busy_timeout = 10000');
  await db.execute({
    sql: "update products set settings = json_set(settings, '$.partner', json('true')) where uid = (select id from users where email = ?)",
    args: [email],
  });
  db.close();
}

describe('console: billing from the phones page, and the partner page', () => {
  it('raises the phone quantity in place to add a phone, and to bring a disabled phone back', async () => {
    const page = await openPage(running.browser, running.server.url);
    await register(page, 'quick@example.com');
    await buy(page, '569723', 1);
    await page.goto('/phones');
    const add = page.getByRole('button', { name: /Add Phone/ }).first();
    await expect.poll(() => add.textContent(), WAIT).toContain('0/1');
    await add.click();
    await expect.poll(() => add.textContent(), WAIT).toContain('1/1');

    // At the limit with an eligible plan: the quick update, not the Phone Limit dialog.
    await add.click();
    const quick = page.getByRole('dialog', { name: 'Update Phone Limit' });
    await expect.poll(() => quick.getByText('Next payment').count(), WAIT).toBe(1);
    expect(await quick.getByLabel('New phone quantity').inputValue()).toBe('2');
    // The next payment is the new quantity at the update unit price (30 a phone).
    expect(await quick.getByText('$60.00', { exact: false }).count()).toBe(1);
    await shot(page, 'billing-quick-update');
    await quick.getByRole('button', { name: 'Update and Pay' }).click();
    await expect.poll(() => quick.getByText(BILLING_MSG.updateOk).count(), WAIT).toBe(1);
    await expect.poll(() => add.textContent(), WAIT).toContain('2/2');
    expect(await page.getByRole('alertdialog', { name: 'Phone Limit' }).count()).toBe(0);
    await quick.getByRole('button', { name: 'Close' }).last().click();

    // Disable one, fill its place, enable it: the quick update raises to 3 and enables that phone.
    await page
      .getByRole('button', { name: /^Disable Phone/ })
      .first()
      .click();
    await page.getByRole('alertdialog', { name: 'Disable phone' }).getByRole('button', { name: 'Disable' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Disabled phones' }).getByRole('listitem').count(), WAIT)
      .toBe(1);
    await add.click();
    await expect.poll(() => add.textContent(), WAIT).toContain('2/2');
    await page.getByRole('button', { name: /^Enable Phone/ }).click();
    await expect.poll(() => quick.getByText(/Raise it to enable phone/).count(), WAIT).toBe(1);
    expect(await quick.getByLabel('New phone quantity').inputValue()).toBe('3');
    await expect.poll(() => quick.getByText('Next payment').count(), WAIT).toBe(1);
    await quick.getByRole('button', { name: 'Update and Pay' }).click();
    await expect.poll(() => quick.getByText(BILLING_MSG.updateOk).count(), WAIT).toBe(1);
    await expect.poll(() => page.getByRole('list', { name: 'Disabled phones' }).count(), WAIT).toBe(0);
    await expect.poll(() => add.textContent(), WAIT).toContain('3/3');
  });

  it('sends a partner to its own page, with the month of per-phone billing and the payment history', async () => {
    const page = await openPage(running.browser, running.server.url);
    await register(page, 'partner@example.com');
    await buy(page, '569723', 2);
    await page.goto('/phones');
    const add = page.getByRole('button', { name: /Add Phone/ }).first();
    await add.click();
    await expect.poll(() => add.textContent(), WAIT).toContain('1/2');
    await setPartner('partner@example.com');

    await page.goto('/subscription');
    await page.waitForURL('**/subscription_partner');
    await expect.poll(() => page.getByRole('heading', { name: 'Partner Subscription' }).count(), WAIT).toBe(1);
    expect(await page.getByText('Phone Limit: 2').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
    const month = new Date().toISOString().slice(0, 7);
    const phones = page.getByRole('region', { name: `Phones of ${month}` });
    await expect.poll(() => phones.getByRole('row').count(), WAIT).toBe(3);
    expect(await phones.getByRole('rowheader', { name: 'Total' }).count()).toBe(1);
    await shot(page, 'billing-partner');

    await page.getByRole('button', { name: 'Payment History' }).click();
    const history = page.getByRole('dialog', { name: 'Payment History' });
    await expect.poll(() => history.getByRole('link', { name: 'Receipt' }).count(), WAIT).toBe(1);
    expect(await history.getByRole('heading', { name: 'Next Payment' }).count()).toBe(1);
    expect(await history.getByRole('heading', { name: 'Past Payments' }).count()).toBe(1);
    await history.getByRole('button', { name: 'Close' }).first().click();

    // Its one subscription may be cancelled from here (the cancellation dialog with its feedback).
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel subscription' });
    await expect.poll(() => cancel.count(), WAIT).toBe(1);
    await cancel.getByRole('button', { name: 'Keep subscription' }).click();

    // An earlier month from the page query: the phone did not exist then.
    await page.goto('/subscription_partner?month=2020-01');
    await expect
      .poll(
        () =>
          page.getByRole('region', { name: 'Phones of 2020-01' }).getByText('There is no data for showing.').count(),
        WAIT,
      )
      .toBe(1);
  });

  it('shows the trial banner while the trial runs, and that it is over once it is deleted', async () => {
    const page = await openPage(running.browser, running.server.url);
    await register(page, 'trial@example.com');
    await post(page, '/api/wapi/createFreeTrial', { type: 'wapi-trial-api' });
    await page.goto('/phones');
    const banner = page.locator('.w-trial');
    await expect.poll(() => banner.textContent(), WAIT).toContain('Your free trial ends in 3 days.');
    expect(await banner.getByRole('link', { name: 'Subscribe now' }).getAttribute('href')).toBe('/subscription');
    await post(page, '/api/wapi/deleteFreeTrial', {});
    await page.goto('/developers/token');
    await expect.poll(() => banner.textContent(), WAIT).toContain(BILLING_MSG.trialOver);
  });

  it('lists the payments on /settings/payment and opens the payment method link', async () => {
    const page = await openPage(running.browser, running.server.url);
    await register(page, 'payer@example.com');
    await buy(page, '569723', 1);
    await page.goto('/settings/payment');
    await expect.poll(() => page.getByRole('link', { name: 'Receipt' }).count(), WAIT).toBe(1);
    expect(await page.getByText('$29.00').count()).toBeGreaterThan(0);
    await shot(page, 'billing-payment');
    await Promise.all([
      page.waitForURL((u) => u.pathname !== '/settings/payment'),
      page.getByRole('button', { name: 'Update payment method' }).click(),
    ]);
  });

  it('a purchase ends the trial (banner gone); API then Live Chat shows the live-chat analytics, not the timeline', async () => {
    const page = await openPage(running.browser, running.server.url);
    await register(page, 'api-then-live@example.com');
    await post(page, '/api/wapi/createFreeTrial', { type: 'wapi-trial-api' });
    await page.goto('/phones');
    await expect.poll(() => page.locator('.w-trial').count(), WAIT).toBe(1);
    await buy(page, 'wapi-api', 1);
    await page.goto('/phones');
    await page
      .getByRole('button', { name: /Add Phone/ })
      .first()
      .waitFor(WAIT);
    await expect.poll(() => page.locator('.w-trial').count(), WAIT).toBe(0);
    expect(
      await page
        .getByRole('button', { name: /Add Phone/ })
        .first()
        .textContent(),
    ).toContain('0/1');
    await buy(page, 'wapi-live', 1);
    await page.goto('/analytic');
    await page.getByRole('link', { name: 'Status timeline' }).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/analytic');
    await shot(page, 'analytic-api-then-live');
  });

  // Last: it moves the server's sandbox clock a month ahead, which the trial banner test above reads.
  it('an Instagram account whose add-on ended stays on /instagram and never joins the WhatsApp phones', async () => {
    const page = await openPage(running.browser, running.server.url);
    await register(page, 'ig-ended@example.com');
    await buy(page, 'wapi-api', 1);
    await buy(page, 'wapi-instagram', 1);
    await page.goto('/instagram');
    await page.getByRole('button', { name: /Add New Accounts/ }).click();
    const login = page.getByRole('dialog', { name: 'Instagram Login' });
    await login.getByLabel('Username').fill('shop.ended');
    await login.getByLabel('Password').fill('secret');
    await login.getByRole('button', { name: 'Login' }).click();
    const account = page.getByRole('button', { name: /^shop\.ended: / });
    await expect.poll(() => account.getAttribute('aria-label'), WAIT).toBe('shop.ended: active');

    // The add-on is cancelled and its paid period runs out: the account is disabled, on /instagram.
    const product = (await (await page.request.get('/api/wapi/product')).json()).product;
    const ig = product.activeSubs.find((s: any) => s.data.subscription_plan_id === 'wapi-instagram').data
      .subscription_id;
    await post(page, '/api/wapi/cancelSubscription', { subscription_id: ig, feedbackOption: 'later' });
    await sandboxClock(running, 31);
    await page.goto('/instagram');
    await expect.poll(() => account.getAttribute('aria-label'), WAIT).toMatch(/^shop\.ended: /);
    await page.goto('/phones');
    await page
      .getByRole('button', { name: /Add Phone/ })
      .first()
      .waitFor(WAIT);
    await page.waitForTimeout(1_000);
    expect(await page.getByRole('list', { name: 'Disabled phones' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Your phones' }).getByText('shop.ended').count()).toBe(0);
    await shot(page, 'phones-instagram-ended');
  });
});
