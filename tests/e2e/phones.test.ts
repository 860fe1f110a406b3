import { sqlOnFile } from './support/db-file';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_MSG } from '../../web/lib/phone-messages';
import { launchBrowser } from './support/browser';
import { openPage, register, shot } from './support/pages';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

/** Longest wait for a status change the page learns by polling (status poll 5 s, plus the session's own start). */
const STATUS_WAIT_MS = 15_000;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function newPage(width = 1280): Promise<Page> {
  return openPage(browser, server.url, { width, clipboard: true });
}

/** The detail panel of the selected phone. */
const detail = (page: Page) => page.getByRole('region', { name: /^Phone / });

/** True when the detail panel's status chip reads `status`. */
async function detailStatus(page: Page): Promise<string> {
  return (await detail(page).locator('.w-phone-head__chips .w-chip').first().textContent()) ?? '';
}

describe('console: manage phones in a real browser', () => {
  it('adds a phone, links it through the simulator, renames it, sends a test message and logs it out', async () => {
    const page = await newPage();
    await register(page, 'phones@example.com');
    await page.getByRole('link', { name: 'Phones' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: /Add Phone/ })
          .first()
          .textContent(),
      )
      .toContain('0/3');
    await expect.poll(() => page.getByText('Connect your first phone').count()).toBe(1);

    // Adding warns that it takes a while, then the new phone shows its QR in the QR view.
    await page
      .getByRole('button', { name: /Add Phone/ })
      .first()
      .click();
    await expect.poll(() => page.getByText(PHONE_MSG.addingWarning).count()).toBe(1);
    await expect.poll(() => detailStatus(page), { timeout: STATUS_WAIT_MS }).toBe('qr-screen');
    expect(await page.getByRole('button', { name: 'QR-Code', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByText(PHONE_MSG.addingWarning).count(), { timeout: STATUS_WAIT_MS }).toBe(0);
    expect(
      await page
        .getByRole('button', { name: /Add Phone/ })
        .first()
        .textContent(),
    ).toContain('1/3');
    await shot(page, 'phones-qr');

    // The simulator page scans the QR the phone shows.
    await page.getByRole('link', { name: 'Simulator' }).click();
    await page.waitForURL('**/simulator');
    await expect
      .poll(() => page.locator('.w-sim__pick .w-chip').textContent(), { timeout: STATUS_WAIT_MS })
      .toBe('qr-screen');
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await expect.poll(() => page.getByText(/^Linked as \+\d+\.$/).count()).toBe(1);
    await shot(page, 'simulator');

    // Back on the phones page it turns active and shows the live screen.
    await page.getByRole('link', { name: 'Phones' }).click();
    await expect.poll(() => detailStatus(page), { timeout: STATUS_WAIT_MS }).toBe('active');
    await expect
      .poll(() => page.getByRole('button', { name: 'Screen', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    const screen = detail(page).getByRole('img', { name: /^Screen of / });
    await expect
      .poll(() =>
        screen.evaluate(
          (img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.src.includes('/screen?token='),
        ),
      )
      .toBe(true);

    // Rename: the button says Saved, the list follows.
    const nameForm = page.locator('form').filter({ has: page.getByLabel('Phone name') });
    await nameForm.getByLabel('Phone name').fill('E2E Phone');
    await nameForm.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => nameForm.getByRole('button', { name: 'Saved' }).count()).toBe(1);
    expect(await page.getByRole('list', { name: 'Phones' }).getByText('E2E Phone', { exact: true }).count()).toBe(1);
    expect(await detail(page).getByRole('heading', { name: 'E2E Phone' }).count()).toBe(1);

    // Test message: empty number first, then a real one.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByText(PHONE_MSG.testNotSelected).count()).toBe(1);
    await page.getByLabel('Test number').fill('905301234561');
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe(PHONE_MSG.testDefaultText);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByText(PHONE_MSG.testQueued).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'logs' }).getAttribute('href')).toBe('/developers/logs');
    await shot(page, 'phones-active');

    // The screen URL goes to the clipboard.
    await detail(page).getByRole('button', { name: 'Copy screen URL' }).click();
    await expect.poll(() => page.locator('.w-toast').getByText(PHONE_MSG.copied).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /\/api\/[0-9a-f-]{36}\/\d+\/screen\?token=/,
    );

    // Logout from the action menu: back to the QR view, and a new QR.
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('alertdialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'QR-Code', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => detailStatus(page), { timeout: STATUS_WAIT_MS }).toBe('qr-screen');
    // The new QR counts down without a reload.
    await expect
      .poll(
        () =>
          detail(page)
            .getByText(/^QR refresh in \d+s$/)
            .count(),
        { timeout: STATUS_WAIT_MS },
      )
      .toBe(1);
    // The send button explains why it is disabled.
    expect(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    expect(
      await page
        .getByText(
          'This phone is waiting for its QR code to be scanned. Scan it with WhatsApp on the phone, then send.',
        )
        .count(),
    ).toBe(1);
  });

  it('opens the Phone Limit dialog when the limit is reached, and Enabled Error when a phone cannot come back', async () => {
    const page = await newPage();
    await register(page, 'limit@example.com');
    await page.goto('/phones');
    const add = page.getByRole('button', { name: /Add Phone/ }).first();
    for (const n of [1, 2, 3]) {
      await add.click();
      await expect.poll(() => add.textContent()).toContain(`${n}/3`);
    }
    await add.click();
    const limit = page.getByRole('alertdialog', { name: 'Phone Limit' });
    await expect.poll(() => limit.getByText(PHONE_MSG.phoneLimit).count()).toBe(1);
    expect(await limit.getByRole('link', { name: 'Update Subscription' }).getAttribute('href')).toBe('/subscription');
    await limit.getByRole('button', { name: 'Cancel' }).click();

    // Disable one: it leaves the list of phones in use; fill its place, then try to enable it again.
    await page
      .getByRole('button', { name: /^Disable Phone/ })
      .first()
      .click();
    await page.getByRole('alertdialog', { name: 'Disable phone' }).getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => add.textContent()).toContain('2/3');
    await expect
      .poll(() => page.getByRole('list', { name: 'Phones', exact: true }).getByRole('listitem').count())
      .toBe(2);
    await expect.poll(() => page.getByRole('list', { name: 'Disabled phones' }).getByRole('listitem').count()).toBe(1);
    await add.click();
    await expect.poll(() => add.textContent()).toContain('3/3');
    await page.getByRole('button', { name: /^Enable Phone/ }).click();
    const enabled = page.getByRole('alertdialog', { name: 'Enabled Error' });
    await expect.poll(() => enabled.getByText(PHONE_MSG.phoneLimit).count()).toBe(1);
    await enabled.getByRole('link', { name: 'Go to Subscription' }).click();
    await page.waitForURL('**/subscription');
  });

  it("connects with the chosen country's code and asks before a bulk redeploy", async () => {
    const page = await newPage();
    await register(page, 'connect@example.com');
    await page.getByRole('link', { name: 'Phones' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    for (const n of [1, 2]) {
      await page
        .getByRole('button', { name: /Add Phone/ })
        .first()
        .click();
      await expect
        .poll(() =>
          page
            .getByRole('button', { name: /Add Phone/ })
            .first()
            .textContent(),
        )
        .toContain(`${n}/3`);
    }
    await expect.poll(() => detailStatus(page), { timeout: STATUS_WAIT_MS }).toBe('qr-screen');

    // Germany picked, the national number typed: the pairing asks for +49 and that number.
    await page.getByRole('button', { name: 'Connect With Phone Number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect With Phone Number' });
    await dialog.getByLabel('Country').selectOption('DE');
    await dialog.getByLabel('Phone number').fill('0151 1234567');
    const [asked] = await Promise.all([
      page.waitForRequest(/connectWithPhoneNumber/),
      dialog.getByRole('button', { name: 'Connect' }).click(),
    ]);
    expect(new URL(asked.url()).searchParams.get('number')).toBe('491511234567');
    await expect.poll(() => dialog.getByText('Enter this code on your phone:').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Bulk controls (isRocket): Redeploy asks first; Cancel redeploys nothing.
    await sqlOnFile(
      server.dbFile,
      "update users set extra = json_set(extra, '$.isRocket', json('true')) where email = ?",
      ['connect@example.com'],
    );
    await page.reload();
    const bulk = page.getByRole('group', { name: 'Bulk actions' });
    await bulk.getByRole('button', { name: 'All', exact: true }).click();
    const redeploys: string[] = [];
    page.on('request', (r) => r.url().includes('/redeployAll') && redeploys.push(r.url()));
    await bulk.getByRole('button', { name: /^Redeploy/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Redeploy phones' });
    await expect.poll(() => confirm.getByText('Redeploy 2 phones?', { exact: false }).count()).toBe(1);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(redeploys).toEqual([]);
    await bulk.getByRole('button', { name: /^Redeploy/ }).click();
    await Promise.all([
      page.waitForRequest(/\/redeployAll/),
      confirm.getByRole('button', { name: 'Redeploy', exact: true }).click(),
    ]);
    await expect.poll(() => confirm.isVisible()).toBe(false);
  });

  it("shows the demo account's linked phone live at a phone's width", async () => {
    const page = await newPage(390);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('demo@wapi.dev');
    await page.getByLabel('Password').fill('Demo#2026wapi');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => detailStatus(page), { timeout: STATUS_WAIT_MS }).toBe('active');
    expect(await detail(page).getByRole('heading', { name: 'Demo Phone' }).count()).toBe(1);
    const screen = detail(page).getByRole('img', { name: 'Screen of Demo Phone' });
    await expect
      .poll(() => screen.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // Nothing overflows sideways at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'phones-mobile');
  });
});
