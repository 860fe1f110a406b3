import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELCOME_TITLE } from '../../web/pages/onboarding/WelcomeModal';
import { launchBrowser } from './support/browser';
import { openPage, shot } from './support/pages';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function newPage(): Promise<Page> {
  return openPage(browser, server.url, { height: 800 });
}

const PASSWORD = 'Str0ng#Pass';

describe('console: accounts in a real browser', () => {
  it('registers, lands on /subscription, and logs out', async () => {
    const page = await newPage();
    await page.goto('/register');
    await shot(page, 'register');
    // Client-side validation with the spec's messages.
    await page.getByRole('button', { name: /register|sign up|create/i }).click();
    await expect.poll(() => page.getByText('E-mail is required!').count()).toBe(1);
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('weak');
    await page.getByLabel('Password confirmation').fill('other');
    await page.getByRole('button', { name: /register|sign up|create/i }).click();
    await expect.poll(() => page.getByText('E-mail is not valid!').count()).toBe(1);
    expect(await page.getByText('Min 8, at least one uppercase, lowercase, number and special.').count()).toBe(1);
    expect(await page.getByText('Passwords are not the same!').count()).toBe(1);
    expect(await page.getByText('You have to agree with our Terms and Conditions!').count()).toBe(1);

    await page.getByLabel('E-mail').fill('browser@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password confirmation').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /register|sign up|create/i }).click();
    await page.waitForURL('**/subscription');
    // The sign-up lands on the welcome modal (3-developer §2.7); closed, the page behind it is usable.
    await page.getByRole('dialog', { name: WELCOME_TITLE }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('heading', { name: 'Subscription' }).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.goto('/settings');
    await page.waitForURL('**/login?origin=%2Fsettings');
  });

  it('refuses a registered e-mail with the spec message', async () => {
    const page = await newPage();
    await page.goto('/register');
    await page.getByLabel('E-mail').fill('browser@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password confirmation').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /register|sign up|create/i }).click();
    await expect.poll(() => page.getByText('The mail already used.').count()).toBe(1);
  });

  it('redirects to login with the origin, and back to the origin after login', async () => {
    const page = await newPage();
    await page.goto('/developers/webhook?tab=queues');
    expect(new URL(page.url()).search).toBe('?origin=%2Fdevelopers%2Fwebhook%3Ftab%3Dqueues');
    await shot(page, 'login');
    await page.getByLabel('E-mail').fill('browser@example.com');
    await page.getByLabel('Password').fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect
      .poll(() =>
        page.getByText('The e-mail or password is wrong. Check both and try again, or reset your password.').count(),
      )
      .toBe(1);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/developers/webhook?tab=queues');
  });

  it('resets a forgotten password through the local mailbox', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot');
    await shot(page, 'forgot');
    await page.getByLabel('Work email').fill('browser@example.com');
    await page
      .getByRole('button')
      .filter({ hasText: /send|reset/i })
      .first()
      .click();
    await page.waitForURL('**/forgot/checkyourmail?mail=browser%40example.com');
    await shot(page, 'checkyourmail');

    // The mail is queued after the answer; the mailbox shows it a moment later.
    await expect
      .poll(async () => {
        await page.goto('/dev/mailbox');
        return page.getByRole('link', { name: 'Reset your Wapi password' }).count();
      })
      .toBe(1);
    await page.getByRole('link', { name: 'Reset your Wapi password' }).click();
    const link = await page.getByRole('link', { name: /\/verify\/resetPassword\// }).getAttribute('href');
    await page.goto(link!);
    await shot(page, 'reset-password');
    await page.getByLabel('New password').fill('N3w#Password');
    await page.getByLabel('Password confirmation').fill('N3w#Password');
    await page
      .getByRole('button')
      .filter({ hasText: /save|reset|change|set/i })
      .first()
      .click();
    await page.waitForURL('**/login**');

    await page.getByLabel('E-mail').fill('browser@example.com');
    await page.getByLabel('Password').fill('N3w#Password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((u) => u.pathname === '/');

    // The link is single-use.
    await page.goto(link!);
    await page.getByLabel('New password').fill('Other#Pass12');
    await page.getByLabel('Password confirmation').fill('Other#Pass12');
    await page
      .getByRole('button')
      .filter({ hasText: /save|reset|change|set/i })
      .first()
      .click();
    await expect.poll(() => page.getByText(/invalid or has already been used/).count()).toBe(1);
  });

  it('edits the settings and keeps them after a reload', async () => {
    const page = await newPage();
    await page.goto('/login?origin=%2Fsettings');
    await page.getByLabel('E-mail').fill('browser@example.com');
    await page.getByLabel('Password').fill('N3w#Password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/settings');

    const personal = page.locator('form').filter({ has: page.getByLabel('Name') });
    await personal.getByLabel('Name').fill('');
    await personal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Name is required!').count()).toBe(1);
    await personal.getByLabel('Name').fill('Browser User');
    await personal.getByLabel('Phone').fill('12ab');
    await personal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Phone number is not valid!').count()).toBe(1);
    await personal.getByLabel('Phone').fill('+905551112233');
    await personal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => personal.getByRole('button', { name: 'Saved' }).count()).toBe(1);
    // 'Saved' reverts after 2 seconds.
    await expect.poll(() => personal.getByRole('button', { name: 'Save' }).count(), { timeout: 4000 }).toBe(1);

    const company = page.locator('form').filter({ has: page.getByLabel('VAT number') });
    await company.getByLabel('VAT number').fill('TR1234567');
    await company.getByLabel('Country').selectOption('US');
    await company.getByLabel('City').fill('New York');
    await company.getByLabel('Street').fill('5th Avenue 1');
    await company.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Postcode is required for the selected country!').count()).toBe(1);
    await company.getByLabel('Postcode').fill('10001');
    await company.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => company.getByRole('button', { name: 'Saved' }).count()).toBe(1);
    await shot(page, 'settings');

    await page.reload();
    expect(await page.getByLabel('Name').inputValue()).toBe('Browser User');
    expect(await page.getByLabel('Phone').inputValue()).toBe('+905551112233');
    expect(await page.getByLabel('Postcode').inputValue()).toBe('10001');

    // A password change needs the current password and the register rule; this browser stays signed in.
    const password = page.locator('form').filter({ has: page.getByLabel('Current Password') });
    await password.getByLabel('Current Password').fill('Wrong#Pass1');
    await password.getByLabel('New password').fill('weakpass');
    await password.getByLabel('Password confirmation').fill('weakpass');
    await password.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => password.getByText('Min 8, at least one uppercase, lowercase, number and special.').count())
      .toBe(1);
    await password.getByLabel('New password').fill('Chang3d#Pass');
    await password.getByLabel('Password confirmation').fill('Chang3d#Pass');
    await password.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => password.getByText('The current password is wrong.').count()).toBe(1);
    await password.getByLabel('Current Password').fill('N3w#Password');
    await password.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => password.getByRole('button', { name: 'Saved' }).count()).toBe(1);
    expect(await password.getByLabel('Current Password').inputValue()).toBe('');
    await page.reload();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Browser User');
  });

  it('shows the 404 page with its texts and a link home', async () => {
    const page = await newPage();
    const res = await page.goto('/no/such/page');
    expect(res!.status()).toBe(404);
    await expect.poll(() => page.getByText('We are sorry, Page not found!.').count()).toBe(1);
    expect(await page.getByText('Please check that the connection is correct.').count()).toBe(1);
    await shot(page, 'not-found');
    await page.getByRole('link', { name: /homepage/i }).click();
    await page.waitForURL('**/login**');
  });
});
