import { sqlOnFile } from './support/db-file';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_MSG } from '../../src/shared/billing/messages';
import { sandboxClock } from './support/account';
import { openPage, serverAndBrowser, shot, register as registerCustomer } from './support/pages';

const run = serverAndBrowser();
const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  failsLater: '4000 0000 0000 0341',
} as const;

/**
 * A page where the welcome modal (3-developer §2.7: an account with no trial and no plan lands on it)
 * stays closed: these tests use the subscription page behind it, which the onboarding tests cover.
 */
async function newPage(width = 1280): Promise<Page> {
  const page = await openPage(run.browser, run.server.url, { width });
  await page.route('**/api/wapi/getStarted', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), welcome: false } });
  });
  return page;
}

async function register(page: Page, email: string): Promise<void> {
  await registerCustomer(page, email);
  await page.getByRole('list', { name: 'Packages' }).waitFor();
}

/** A console POST from the page's session (cookies plus the CSRF header). */
async function post(page: Page, path: string, data: unknown, headers: Record<string, string> = {}) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'wapi_csrf')?.value ?? '';
  const res = await page.request.post(path, {
    data,
    headers: { 'x-csrf-token': decodeURIComponent(csrf), ...headers },
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return res.json();
}

/** Moves the sandbox's billing time ahead and shows the page again. */
async function advance(page: Page, days: number): Promise<void> {
  await sandboxClock(run, days);
  await page.goto('/subscription');
}

async function footprints(category: string): Promise<number> {
  const rows = await sqlOnFile(run.server.dbFile, 'select count(*) as n from footprints where category = ?', [
    category,
  ]);
  return Number(rows.rows[0]!.n);
}

/** Whether the element is shown and lies wholly across the `width` of the screen. */
async function inView(locator: ReturnType<Page['locator']>, width: number): Promise<boolean> {
  if (!(await locator.first().isVisible())) return false;
  const box = (await locator.first().boundingBox())!;
  return box.x >= 0 && box.x + box.width <= width;
}

/** The row of the active table whose subscription name matches. */
const row = (page: Page, name: RegExp) =>
  page.getByRole('region', { name: 'Active subscriptions' }).getByRole('row').filter({ hasText: name });

/** Buys the API package for `quantity` with `card` on the sandbox checkout and waits for the success popup. */
async function buyApi(page: Page, quantity: number, card: string): Promise<void> {
  await page.getByRole('button', { name: 'Skip trial and buy API' }).click();
  const buy = page.getByRole('dialog', { name: 'Buy API' });
  await buy.getByLabel('Quantity').selectOption(String(quantity));
  await buy.getByRole('button', { name: 'Continue', exact: true }).click();
  await buy.getByRole('button', { name: "I don't have a company" }).click();
  await page.waitForURL('**/sandbox/checkout/**');
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/subscription**');
  await expect.poll(() => page.getByText(BILLING_MSG.purchaseOk).count()).toBe(1);
}

describe('console: the subscription page in a real browser', () => {
  it('starts the free trial and shows the days remaining', async () => {
    const page = await newPage();
    await register(page, 'trial@example.com');
    await shot(page, 'subscription-1280');
    await page.getByRole('button', { name: 'Start free trial: API' }).click();
    const started = page.getByRole('dialog', { name: 'Your free trial has started' });
    await started.waitFor();
    await started.getByRole('button', { name: 'Close' }).last().click();
    await expect
      .poll(() =>
        row(page, /API Trial/)
          .getByText('3 days remaining')
          .count(),
      )
      .toBe(1);
    expect(await page.getByRole('button', { name: 'Start free trial: API' }).count()).toBe(0);
    const narrow = await newPage(360);
    await narrow.context().addCookies(await page.context().cookies());
    await narrow.goto('/subscription');
    await narrow.getByRole('list', { name: 'Packages' }).waitFor();
    await shot(narrow, 'subscription-360');
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Issue 38: the row is stacked, each value beside its column's name, with nothing to swipe to.
    const trial = row(narrow, /API Trial/);
    for (const label of ['Status', 'Next Bill Date', 'Next Payment Amount', 'Actions']) {
      const cell = trial.locator(`td[data-label="${label}"]`);
      expect(await inView(cell, 360), label).toBe(true);
      const drawn = await cell.evaluate((td) => getComputedStyle(td, '::before').content);
      expect(drawn, label).toMatch(new RegExp(`^"${label}"`));
    }
    for (const text of ['3 days remaining', 'Change trial', 'Unsubscribe'])
      expect(await inView(trial.getByText(text, { exact: true }), 360), text).toBe(true);
    const table = narrow.locator('.w-subs .w-table-wrap').first();
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await shot(narrow, 'subscription-table-360');
  });

  it('tells an account that is not a partner what the partner page is and how to apply, instead of sending it away', async () => {
    const page = await newPage();
    await register(page, 'not-partner@example.com');
    await page.goto('/subscription_partner');
    await page.getByRole('heading', { name: 'Become a partner' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/subscription_partner');
    await page.getByText('Partners resell').waitFor();
    await expect(page.getByRole('link', { name: 'Apply to become a partner' }).getAttribute('href')).resolves.toBe(
      '/contact',
    );
    expect(await page.getByRole('heading', { name: 'Partner Subscription' }).count()).toBe(0);
    await shot(page, 'partner-apply-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByRole('heading', { name: 'Become a partner' }).waitFor();
    await shot(page, 'partner-apply-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('buys on the sandbox checkout: company form, closed checkout, declined then good card; lowers, raises, history, cancel', async () => {
    const page = await newPage();
    await register(page, 'buyer@example.com');

    // The company path: the postcode rule, then a checkout closed on its page.
    await page.getByRole('button', { name: 'Skip trial and buy API' }).click();
    const buy = page.getByRole('dialog', { name: 'Buy API' });
    await buy.getByRole('button', { name: 'Continue', exact: true }).click();
    await buy.getByLabel('VAT number').fill('DE123456789');
    await buy.getByLabel('Company name').fill('Acme GmbH');
    await buy.getByLabel('Street').fill('Hauptstr. 1');
    await buy.getByLabel('City').fill('Berlin');
    await buy.getByLabel('Country').selectOption('DE');
    await buy.getByRole('button', { name: 'Continue to payment' }).click();
    await expect.poll(() => buy.locator('.w-field__error').getByText(BILLING_MSG.postcodeRequired).count()).toBe(1);
    await buy.getByLabel('Postcode').fill('10115');
    await buy.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/sandbox/checkout/**');
    await page.getByRole('button', { name: 'Cancel and go back' }).click();
    await expect.poll(() => page.getByText(BILLING_MSG.checkoutClosed).count()).toBe(1);
    await expect.poll(() => footprints('checkout-close')).toBeGreaterThan(0);

    // A declined card: the red message on the checkout page, the footprint; then a good card.
    await page.getByRole('button', { name: 'Skip trial and buy API' }).click();
    await buy.getByLabel('Quantity').selectOption('2');
    await buy.getByRole('button', { name: 'Continue', exact: true }).click();
    await buy.getByRole('button', { name: "I don't have a company" }).click();
    await page.waitForURL('**/sandbox/checkout/**');
    await page.getByLabel('Card number').fill(CARDS.declined);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(BILLING_MSG.declined);
    expect(await page.getByRole('alert').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(198, 40, 40)');
    expect(await footprints('payment-declined')).toBe(1);
    await page.getByLabel('Card number').fill(CARDS.ok);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/subscription**');
    await expect.poll(() => page.getByText(BILLING_MSG.purchaseOk).count()).toBe(1);
    await expect.poll(() => row(page, /API/).getByText('Active').count()).toBe(1);

    // Two phones on the messaging API, then a reduction to 1 that names the phone to disable.
    const product = (await (await page.request.get('/api/wapi/product')).json()).product;
    const key = { 'x-api-key': product.settings.wapi_token };
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const added = await page.request.post(`/api/${product.id}/addPhone`, { data: {}, headers: key });
      expect(added.status(), await added.text()).toBe(200);
      ids.push((await added.json()).id);
    }
    await page.waitForTimeout(3_200);
    await row(page, /API/)
      .getByRole('button', { name: /^Update/ })
      .click();
    await page.getByRole('dialog', { name: 'Update quantity' }).getByLabel('New quantity').selectOption('1');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Update preview' });
    const confirm = preview.getByRole('button', { name: 'Confirm update' });
    await expect.poll(() => preview.getByRole('checkbox').count()).toBe(2);
    expect(await confirm.isDisabled()).toBe(true);
    await shot(page, 'subscription-preview');
    await preview.getByRole('checkbox', { name: new RegExp(`^${ids[1]} `) }).check();
    await confirm.click();
    const notice = page.getByRole('dialog', { name: 'Disabled phones' });
    await expect.poll(() => notice.getByText(`#${ids[1]}`, { exact: false }).count()).toBe(1);
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(
        () =>
          row(page, /API/)
            .getByText(/Scheduled: 2 → 1/)
            .count(),
        { timeout: 5_000 },
      )
      .toBe(1);
    await shot(page, 'subscription-pending');

    // At the period end the chosen phone is disabled.
    await advance(page, 31);
    await page.goto('/phones');
    await expect
      .poll(() => page.getByRole('list', { name: 'Disabled phones' }).getByRole('listitem').count(), {
        timeout: 10_000,
      })
      .toBe(1);

    // A raise charges now (the preview says how much) and activates the disabled phone.
    await page.goto('/subscription');
    await row(page, /API/)
      .getByRole('button', { name: /^Update/ })
      .click();
    await page.getByRole('dialog', { name: 'Update quantity' }).getByLabel('New quantity').selectOption('2');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => preview.getByText('Immediate payment').count()).toBe(1);
    await preview.getByRole('checkbox', { name: new RegExp(`^${ids[1]} `) }).check();
    await preview.getByRole('button', { name: 'Confirm update' }).click();
    await expect.poll(() => page.getByText(BILLING_MSG.updateOk).count()).toBe(1);
    const phones = (await (await page.request.get(`/api/${product.id}/listPhones`, { headers: key })).json()) as {
      id: number;
      active: boolean;
    }[];
    expect(phones.find((p) => p.id === ids[1])?.active).toBe(true);

    // Payment history with a printable receipt.
    await page.waitForTimeout(3_200);
    await row(page, /API/)
      .getByRole('button', { name: /^Payment history/ })
      .click();
    const history = page.getByRole('dialog', { name: 'Payment history' });
    await expect.poll(() => history.getByRole('heading', { name: 'Past Payments' }).count()).toBe(1);
    expect(await history.getByRole('heading', { name: 'Next Payment' }).count()).toBe(1);
    const [receipt] = await Promise.all([
      page.context().waitForEvent('page'),
      history
        .getByRole('link', { name: /^Receipt #/ })
        .first()
        .click(),
    ]);
    await receipt.waitForLoadState();
    expect(await receipt.getByRole('heading', { name: /^Receipt #/ }).count()).toBe(1);
    await receipt.close();
    await history.getByRole('button', { name: 'Close' }).last().click();

    // Cancel with feedback: 20 characters for a reason that asks for them.
    await row(page, /API/)
      .getByRole('button', { name: /^Cancel/ })
      .click();
    await page.getByRole('alertdialog', { name: 'Unsubscribe' }).getByRole('button', { name: 'Continue' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel subscription' });
    const unsubscribe = cancel.getByRole('button', { name: 'Unsubscribe' });
    await cancel.getByLabel('Technical issues').check();
    await cancel.getByLabel('Explain your reason').fill('Too short');
    expect(await cancel.getByText(BILLING_MSG.feedbackShort).count()).toBe(1);
    expect(await unsubscribe.isDisabled()).toBe(true);
    await cancel.getByLabel('Explain your reason').fill('The webhooks kept arriving late for us.');
    expect(await unsubscribe.isDisabled()).toBe(false);
    await unsubscribe.click();
    await expect.poll(() => page.getByText(BILLING_MSG.unsubscribeOk).count()).toBe(1);
    // What was paid is kept: the row says the day it ends; at that day it is cancelled.
    await expect
      .poll(
        () =>
          row(page, /API/)
            .getByText(/^Ends on \d{4}-\d{2}-\d{2}$/)
            .count(),
        { timeout: 5_000 },
      )
      .toBe(1);
    expect(await footprints('feedback')).toBe(1);
    await advance(page, 31);
    await expect
      .poll(() =>
        page.getByRole('region', { name: 'Cancelled subscriptions' }).getByText('Cancelled', { exact: true }).count(),
      )
      .toBe(1);
  });

  it('says why before the last step, cancels at the end of the paid period with the date, and takes the cancel back', async () => {
    const page = await newPage();
    await register(page, 'leaver@example.com');
    await buyApi(page, 1, CARDS.ok);
    const opened = await post(page, '/api/wapi/custompaddlelink', { plan_id: 'wapi-agent', quantity: 1, isVat: false });
    await post(page, `/api/sandbox/checkout/${opened.data.response.checkout_id}/pay`, { card: CARDS.ok });
    await page.goto('/subscription');
    const api = row(page, /^API/);
    const agent = row(page, /Agent/);
    await expect.poll(() => agent.count()).toBe(1);
    const end = (await api.getByRole('cell').nth(3).textContent())!.trim();
    expect(end).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Cancel on the base plan says at once that the add-on goes first, naming it.
    await api.getByRole('button', { name: /^Cancel/ }).click();
    const blocked = page.getByRole('alertdialog', { name: 'Unsubscribe' });
    await expect.poll(() => blocked.getByText(BILLING_MSG.otherSubscriptions).count()).toBe(1);
    expect(await blocked.getByRole('list', { name: 'Cancel these first' }).getByText(/Agent/).count()).toBe(1);
    expect(await blocked.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    await shot(page, 'subscription-cancel-first');
    await blocked.getByRole('button', { name: 'OK' }).click();

    // The add-on: the modal names the last paid day; the row then shows it and offers to keep it.
    await agent.getByRole('button', { name: /^Cancel/ }).click();
    const step = page.getByRole('alertdialog', { name: 'Unsubscribe' });
    await expect.poll(() => step.getByText(end).count()).toBe(1);
    await step.getByRole('button', { name: 'Continue' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel subscription' });
    expect(await cancel.getByText(end).count()).toBe(1);
    await cancel.getByLabel('It is too expensive').check();
    await cancel.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => agent.getByText(`Ends on ${end}`).count(), { timeout: 5_000 }).toBe(1);
    await shot(page, 'subscription-ending');
    await page.waitForTimeout(2_200);
    await agent.getByRole('button', { name: /^Undo cancel/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Keep subscription' })
      .getByRole('button', { name: 'Keep subscription' })
      .click();
    await expect.poll(() => page.getByText(BILLING_MSG.cancelUndone).count()).toBe(1);
    await expect.poll(() => agent.getByText(/^Ends on/).count(), { timeout: 5_000 }).toBe(0);
  });

  it('issue 38: a customer who bought is offered Buy, not the trial; lowering says the kept phones keep their price (1280 and 360)', async () => {
    /** Shown, and wholly across the screen's width. */
    const shown = async (locator: ReturnType<Page['locator']>, width: number) => {
      const box = (await locator.first().isVisible()) ? await locator.first().boundingBox() : null;
      return !!box && box.x >= 0 && box.x + box.width <= width;
    };
    const page = await newPage();
    await register(page, 'bought@example.com');
    const opened = await post(page, '/api/wapi/custompaddlelink', { plan_id: 'wapi-api', quantity: 2, isVat: false });
    await post(page, `/api/sandbox/checkout/${opened.data.response.checkout_id}/pay`, { card: CARDS.ok });
    const narrow = await newPage(360);
    await narrow.context().addCookies(await page.context().cookies());
    for (const [p, width] of [
      [page, 1280],
      [narrow, 360],
    ] as const) {
      await p.goto('/subscription');
      const packages = p.getByRole('list', { name: 'Packages' });
      await packages.waitFor();
      await shot(p, `subscription-bought-${width}`);
      await expect.poll(() => row(p, /^API/).count(), { timeout: 5_000 }).toBe(1);
      expect(await packages.getByRole('button', { name: /^Start free trial/ }).count()).toBe(0);
      expect(await packages.getByRole('button', { name: /^Skip trial and buy/ }).count()).toBe(0);
      expect(await shown(packages.getByRole('button', { name: 'Buy API' }), width)).toBe(true);

      // Lowering 2 → 1: the phone kept stays at the $29.90 it was bought at, and the preview says so.
      await row(p, /^API/)
        .getByRole('button', { name: /^Update/ })
        .click();
      await p.getByRole('dialog', { name: 'Update quantity' }).getByLabel('New quantity').selectOption('1');
      await p.getByRole('button', { name: 'Preview' }).click();
      const preview = p.getByRole('dialog', { name: 'Update preview' });
      const price = preview.getByText('$29.90 a period: each phone kept keeps the price it was bought at');
      await expect.poll(() => price.count()).toBe(1);
      expect(await shown(price, width)).toBe(true);
      expect(await preview.getByText(/^\$29\.90 on \d{4}-\d{2}-\d{2} \(1 × \$29\.90\)$/).count()).toBe(1);
      expect(await preview.getByText(/\$30\.00/).count()).toBe(0);
      await shot(p, `subscription-bought-preview-${width}`);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await preview.getByRole('button', { name: 'Cancel' }).click();

      // Raising 2 → 3 buys at $30.00, and the preview says plainly that the phones kept move to it.
      await row(p, /^API/)
        .getByRole('button', { name: /^Update/ })
        .click();
      await p.getByRole('dialog', { name: 'Update quantity' }).getByLabel('New quantity').selectOption('3');
      await p.getByRole('button', { name: 'Preview' }).click();
      const moves = preview.getByText(
        '$30.00 a period for each phone added; from the next payment the phones kept move from $29.90 to $30.00 too',
      );
      await expect.poll(() => moves.count()).toBe(1);
      expect(await shown(moves, width)).toBe(true);
      await shot(p, `subscription-raise-preview-${width}`);
      await preview.getByRole('button', { name: 'Cancel' }).click();
    }
  });

  it('company form: a rule is said once its field is left, Country carries its *, the details given at a paid checkout are saved and offered again beside "I don\'t have a company"', async () => {
    const page = await newPage();
    await register(page, 'company@example.com');
    await page.getByRole('button', { name: 'Skip trial and buy API' }).click();
    const buy = page.getByRole('dialog', { name: 'Buy API' });
    await buy.getByRole('button', { name: 'Continue', exact: true }).click();
    await buy.getByLabel('VAT number').waitFor();
    expect(await buy.locator('.w-field__error').count()).toBe(0);
    expect(await buy.getByText(BILLING_MSG.postcodeRequired).count()).toBe(0);
    const country = buy.locator('.w-field').filter({ has: page.getByLabel('Country') });
    expect(await country.locator('.w-field__required').textContent()).toBe('*');
    await buy.getByLabel('VAT number').focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => buy.getByText('VAT number is required.').count()).toBe(1);
    expect(await buy.locator('.w-field__error').count()).toBe(1);
    await buy.getByLabel('VAT number').fill('DE123456789');
    await buy.getByLabel('Company name').fill('Acme GmbH');
    await buy.getByLabel('Street').fill('Hauptstr. 1');
    await buy.getByLabel('City').fill('Berlin');
    await buy.getByLabel('Country').selectOption('DE');
    await buy.getByLabel('Postcode').fill('10115');
    await shot(page, 'subscription-company');
    await buy.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/sandbox/checkout/**');
    await page.getByLabel('Card number').fill(CARDS.ok);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/subscription**');
    await expect.poll(() => page.getByText(BILLING_MSG.purchaseOk).count()).toBe(1);
    const user = (await (await page.request.get('/api/auth/user')).json()).data;
    expect(user.extra.company).toMatchObject({
      name: 'Acme GmbH',
      vatNumber: 'DE123456789',
      country: 'DE',
      postcode: '10115',
    });

    // Buying again: the saved details fill the form, and the customer may still buy without a company.
    await page.reload();
    await page.getByRole('button', { name: 'Buy Agent add-on' }).click();
    const again = page.getByRole('dialog', { name: 'Buy Agent add-on' });
    await again.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => again.getByLabel('Company name').inputValue()).toBe('Acme GmbH');
    expect(await again.getByRole('button', { name: "I don't have a company" }).count()).toBe(1);
  });

  it('restarts a subscription paused after its card failed at renewal', async () => {
    const page = await newPage();
    await register(page, 'restart@example.com');
    await buyApi(page, 1, CARDS.failsLater);
    await advance(page, 40);
    const paused = row(page, /API/);
    await expect.poll(() => paused.getByText('Paused').count()).toBe(1);
    await shot(page, 'subscription-paused');
    await paused.getByRole('button', { name: /^Restart/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Restart subscription' })
      .getByRole('button', { name: 'Restart' })
      .click();
    await expect.poll(() => page.getByText(BILLING_MSG.reactivateOk).count()).toBe(1);
    await expect.poll(() => row(page, /API/).getByText('Active').count(), { timeout: 5_000 }).toBe(1);
  });
});
