import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TRIAL_SPAM_MSG } from '../../src/shared/billing/trial-email';
import { ONBOARDING_MSG } from '../../src/shared/schemas/console/onboarding';
import { PHONE_MSG } from '../../web/lib/phone-messages';
import { QUIT_TITLE } from '../../web/pages/onboarding/WelcomeModal';
import { coveredByBubble, seriousViolations } from './support/layout';
import { openPage, register, serverAndBrowser, shot } from './support/pages';

const running = serverAndBrowser();
/** Longest wait for a phone status the page learns by polling. */
const WAIT = { timeout: 15_000 };
const WELCOME = 'Unofficial WhatsApp API for Developers';

/** The header's get-started widget. */
const widget = (page: Page) => page.locator('header').getByRole('link', { name: /^Get started/ });
const chip = (page: Page) => page.locator('.w-phone-head__chips .w-chip').first();
/** The Phones page's onboarding card. */
const card = (page: Page) => page.getByRole('region', { name: 'Get started' });

describe('console: a new user from sign-up to the first message', () => {
  it('lands the sign-up on the welcome modal, then the trial, a phone linked on the simulator and a first message; the badge and the page agree', async () => {
    const page = await openPage(running.browser, running.server.url);
    await register(page, 'newcomer@example.com', { keepWelcome: true });
    await expect.poll(() => widget(page).textContent()).toBe('Get started0%');

    // The sign-up lands on the welcome modal: Logout asks first; Cancel comes back to it; Start Trial starts the trial.
    expect(new URL(page.url()).pathname).toBe('/subscription');
    const welcome = page.getByRole('dialog', { name: WELCOME });
    await welcome.waitFor();
    await shot(page, 'get-started-welcome');
    await welcome.getByRole('button', { name: 'Logout' }).click();
    const quit = page.getByRole('alertdialog', { name: QUIT_TITLE });
    await quit.getByRole('button', { name: 'Cancel' }).click();
    await welcome.getByRole('button', { name: 'Start Trial' }).click();
    await expect.poll(() => welcome.count()).toBe(0);
    await expect.poll(() => widget(page).textContent()).toBe('Get started20%');
    await widget(page).click();
    await page.waitForURL('**/get-started');
    expect(await page.getByRole('region', { name: 'Your progress' }).locator('p').first().textContent()).toMatch(
      /^Five steps /,
    );
    expect(await page.getByRole('list', { name: 'Getting started' }).getByRole('listitem').count()).toBe(6);
    await expect.poll(() => page.locator('.w-trial').textContent()).toContain('Your free trial ends in 3 days.');
    const trialCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Start your free trial' }) });
    expect(await trialCard.getByText('Done').count()).toBe(1);

    // A phone linked on the simulator, from the card that leads to the phones page.
    await page.getByRole('link', { name: 'Go to Phones' }).click();
    await page
      .getByRole('button', { name: /Add Phone/ })
      .first()
      .click();
    await expect.poll(() => chip(page).textContent(), WAIT).toBe('qr-screen');
    await page.getByRole('link', { name: 'Simulator' }).click();
    await expect.poll(() => page.locator('.w-sim__pick .w-chip').textContent(), WAIT).toBe('qr-screen');
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await expect.poll(() => page.getByText(/^Linked as \+\d+\.$/).count()).toBe(1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Phones', exact: true }).click();
    await expect.poll(() => chip(page).textContent(), WAIT).toBe('active');
    await expect.poll(() => widget(page).textContent()).toBe('Get started40%');
    // One onboarding percentage: the Phones page's card shows the header's, over the same steps.
    await expect.poll(() => card(page).locator('.w-badge').textContent(), WAIT).toBe('40%');
    expect(await card(page).getByRole('listitem').allTextContents()).toEqual([
      'Start your free trial(done)',
      'Connect your phone(done)',
      'Set your webhook(to do)',
      'Start sending and getting messages(to do)',
      'Subscribe(to do)',
    ]);

    // The first message, from the phones page's test form.
    await page.getByLabel('Test number').fill('905301234561');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByText(PHONE_MSG.testQueued).count()).toBe(1);
    await widget(page).click();
    await expect
      .poll(async () => {
        await page.reload();
        return widget(page).textContent();
      }, WAIT)
      .toBe('Get started60%');
    // The page's bar, its words and the cards marked done say what the header's badge says.
    const bar = page.getByRole('progressbar', { name: 'Get started progress' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('60');
    expect(await bar.getAttribute('aria-valuetext')).toBe('60% 3 of 5 steps done');
    expect(await page.getByRole('list', { name: 'Getting started' }).getByText('Done', { exact: true }).count()).toBe(
      3,
    );
    expect(await widget(page).locator('.w-badge--danger').count()).toBe(1);
    await shot(page, 'get-started-1280');

    // Survey and contact reach staff.
    await page.goto('/survey');
    const send = page.getByRole('button', { name: 'Send', exact: true });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Others').check();
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Other platform').fill('Telegram');
    await send.click();
    await expect.poll(() => page.getByText(ONBOARDING_MSG.surveyThanks).count()).toBe(1);
    await shot(page, 'survey-1280');
    await page.goto('/contact');
    expect(await page.getByRole('link', { name: 'support@wapi.dev' }).getAttribute('href')).toBe(
      'mailto:support@wapi.dev',
    );
    await page.getByLabel('Message').fill('How do I send a poll with four options?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByText(ONBOARDING_MSG.contactSent).count()).toBe(1);
    await shot(page, 'contact-1280');

    const narrow = await openPage(running.browser, running.server.url, { width: 360 });
    await narrow.context().addCookies(await page.context().cookies());
    for (const p of [page, narrow]) {
      await p.goto('/phones');
      await expect.poll(() => card(p).locator('.w-badge').textContent(), WAIT).toBe('60%');
      expect(await widget(p).locator('.w-badge').textContent()).toBe('60%');
    }
    await shot(narrow, 'phones-onboarding-360');
    await narrow.goto('/get-started');
    await narrow.getByRole('list', { name: 'Getting started' }).waitFor();
    await shot(narrow, 'get-started-360');
    for (const path of ['/get-started', '/survey', '/contact']) {
      await narrow.goto(path);
      await narrow.locator('.w-card').first().waitFor();
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
      expect(await coveredByBubble(narrow), path).toEqual([]);
    }
    await narrow.goto('/get-started');
    await narrow.getByRole('list', { name: 'Getting started' }).waitFor();
    expect(await seriousViolations(narrow)).toEqual([]);
  });

  it('keeps Start Trial off for a spam-looking e-mail and says why', async () => {
    const page = await openPage(running.browser, running.server.url);
    await register(page, 'ab1234567890123456789012345678zz@example.com');
    await page.goto('/get-started');
    const welcome = page.getByRole('dialog', { name: WELCOME });
    await welcome.waitFor();
    expect(await welcome.getByRole('button', { name: 'Start Trial' }).isDisabled()).toBe(true);
    expect(await welcome.getByText(TRIAL_SPAM_MSG).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
