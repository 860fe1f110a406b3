/**
 * The phone tools for an account with no active phone: each says why and links to /phones instead of
 * an empty picker. A visitor sent to log in from a tool who signs up instead comes back to that tool.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NO_ACTIVE_PHONE, NO_ACTIVE_PHONE_LINK } from '../../web/pages/tools/ToolPhonePicker';
import { WELCOME_TITLE } from '../../web/pages/onboarding/WelcomeModal';
import { openPage, serverAndBrowser, shot } from './support/pages';

const env = serverAndBrowser();
const WAIT = { timeout: 10_000 };
const TOOLS = [
  '/tools/warmingup',
  '/tools/whatsapp-check-numbers',
  '/tools/get-whatsapp-profile-picture',
  '/tools/multi-whatsapp-check-numbers',
];

/** The tool says why it has no picker and links to the phones page. */
async function expectNoPhoneNotice(page: Page, path: string): Promise<void> {
  await page.getByText(NO_ACTIVE_PHONE).waitFor(WAIT);
  expect([path, await page.getByRole('link', { name: NO_ACTIVE_PHONE_LINK }).getAttribute('href')]).toEqual([
    path,
    '/phones',
  ]);
  expect([path, await page.getByLabel('Phone', { exact: true }).count()]).toEqual([path, 0]);
}

describe('a visitor sent to log in from a phone tool who signs up instead', () => {
  it('comes back to the tool, which says there is no active phone and links to /phones', async () => {
    const page = await openPage(env.browser, env.server.url);
    await page.goto('/tools/whatsapp-check-numbers');
    await page.waitForURL('**/login?origin=%2Ftools%2Fwhatsapp-check-numbers');
    await page.getByRole('link', { name: 'Create one' }).click();
    await page.waitForURL('**/register?origin=%2Ftools%2Fwhatsapp-check-numbers');
    await page.getByLabel('E-mail').fill(`nophone${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Str0ng#Pass');
    await page.getByLabel('Password confirmation').fill('Str0ng#Pass');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((u) => u.pathname === '/tools/whatsapp-check-numbers', WAIT);
    // The welcome modal opens over the tool: its free trial is what a phone tool needs first.
    const welcome = page.getByRole('dialog', { name: WELCOME_TITLE });
    await welcome.waitFor(WAIT);
    await shot(page, 'tools-after-sign-up');
    await page.keyboard.press('Escape');
    await welcome.waitFor({ state: 'detached' });

    for (const path of TOOLS) {
      await page.goto(path);
      await expectNoPhoneNotice(page, path);
      if (path === '/tools/warmingup') expect(await page.getByRole('button', { name: 'Add Phone' }).count()).toBe(0);
      await shot(page, `tools-no-phone-${path.split('/').pop()}`);
    }
    await page.getByRole('link', { name: NO_ACTIVE_PHONE_LINK }).click();
    await page.waitForURL((u) => u.pathname === '/phones');
    await page.context().close();
  });
});
