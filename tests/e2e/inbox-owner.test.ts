import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SETTINGS_TEXT } from '../../web/pages/agents/inbox-settings-form';
import { LABEL_TEXT } from '../../web/pages/agents/label-form';
import { REPORT_TEXT } from '../../web/pages/analytics/report-format';
import { buy } from './support/live-account';
import { openPage, register, serverAndBrowser } from './support/pages';

/*
 * Issue 42, the owner's side in the console: inbox settings and labels on /agents, the team inbox
 * report on /analytic, at 1280 and 360 px.
 */
const run = serverAndBrowser();
const WAIT = { timeout: 15_000 };
/** Screenshots a person looks at. */
const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const newPage = (width = 1280): Promise<Page> => openPage(run.browser, run.server.url, { width });

/** Registers and buys Live Chat (the owner's seat) on the sandbox checkout. */
async function liveOwner(page: Page, email: string): Promise<void> {
  await register(page, email);
  await buy(page, 'wapi-live');
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the owner of a team inbox in a real browser', () => {
  it('saves the inbox settings and sees them after a reload, at 1280 and 360 px', async () => {
    const page = await newPage();
    await liveOwner(page, 'settings.owner@example.com');
    await page.goto('/agents');
    const form = page.getByRole('form', { name: SETTINGS_TEXT.title });
    await form.waitFor(WAIT);
    await form.getByLabel('Auto-assignment').selectOption('round_robin');
    await form.getByLabel('Max open conversations per agent').fill('0');
    await form.getByRole('switch', { name: 'Ask for a rating (CSAT)' }).click();
    await form.getByLabel('Away message').fill('We are closed now; we answer from 9:00.');
    await form.getByRole('switch', { name: 'Business hours' }).click();
    await form.getByLabel('Time zone').selectOption('Europe/Istanbul');
    const friday = form.getByRole('group', { name: 'Friday' });
    await friday.getByRole('button', { name: /Add hours/ }).click();
    await friday.getByLabel('Opens').nth(1).fill('16:00');
    await friday.getByLabel('Closes').nth(1).fill('18:00');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByText(SETTINGS_TEXT.maxOpenInvalid).count()).toBe(1);
    expect(await friday.getByText(SETTINGS_TEXT.rangeOverlap).count()).toBe(1);
    await form.getByLabel('Max open conversations per agent').fill('3');
    await friday.getByLabel('Opens').nth(1).fill('17:00');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByRole('button', { name: 'Saved' }).count(), WAIT).toBe(1);
    await page.screenshot({ path: `${SHOTS}/inbox-settings-1280.png`, fullPage: true });

    await page.reload();
    await form.waitFor(WAIT);
    expect(await form.getByLabel('Auto-assignment').inputValue()).toBe('round_robin');
    expect(await form.getByLabel('Max open conversations per agent').inputValue()).toBe('3');
    expect(await form.getByRole('switch', { name: 'Ask for a rating (CSAT)' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await form.getByLabel('Away message').inputValue()).toBe('We are closed now; we answer from 9:00.');
    expect(await form.getByLabel('Time zone').inputValue()).toBe('Europe/Istanbul');
    expect(await form.getByRole('group', { name: 'Friday' }).getByLabel('Opens').nth(1).inputValue()).toBe('17:00');
    expect(await form.getByRole('group', { name: 'Sunday' }).getByText('Closed').count()).toBe(1);

    const phone = await newPage(360);
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto('/agents');
    await phone.getByRole('form', { name: SETTINGS_TEXT.title }).waitFor(WAIT);
    expect(await fitsWidth(phone)).toBeLessThanOrEqual(360);
    await phone.screenshot({ path: `${SHOTS}/inbox-settings-360.png`, fullPage: true });
  });

  it('creates, renames and deletes a label', async () => {
    const page = await newPage(360);
    await liveOwner(page, 'labels.owner@example.com');
    await page.goto('/agents');
    await page.getByText(LABEL_TEXT.empty).waitFor(WAIT);
    await page.getByRole('button', { name: 'New label' }).click();
    const dialog = page.getByRole('dialog', { name: 'New label' });
    await dialog.getByRole('button', { name: 'Create label' }).click();
    await expect.poll(() => dialog.getByText(LABEL_TEXT.nameRequired).count()).toBe(1);
    await dialog.getByLabel('Name').fill('vip');
    await dialog.getByRole('radio', { name: 'Red' }).click();
    await dialog.getByRole('button', { name: 'Create label' }).click();
    const list = page.getByRole('list', { name: LABEL_TEXT.title });
    await expect.poll(() => list.getByText('vip', { exact: true }).count(), WAIT).toBe(1);
    const labels = (await (await page.request.get('/api/live/labels')).json()).data as {
      name: string;
      color: string;
    }[];
    expect(labels).toEqual([expect.objectContaining({ name: 'vip', color: '#dc2626' })]);

    await page.getByRole('button', { name: 'Edit label vip' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit label' });
    await edit.getByLabel('Name').fill('VIP customer');
    await edit.getByRole('radio', { name: 'Teal' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => list.getByText('VIP customer', { exact: true }).count(), WAIT).toBe(1);
    expect(await fitsWidth(page)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS}/inbox-labels-360.png`, fullPage: true });

    await page.reload();
    await expect.poll(() => list.getByText('VIP customer', { exact: true }).count(), WAIT).toBe(1);
    await page.getByRole('button', { name: 'Delete label VIP customer' }).click();
    await page.getByRole('alertdialog', { name: 'Delete label' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText(LABEL_TEXT.empty).count(), WAIT).toBe(1);
  });

  it('sees the team inbox report on the analytics page', async () => {
    const page = await newPage();
    await liveOwner(page, 'reports.owner@example.com');
    await page.goto('/analytic');
    const report = page.getByRole('region', { name: REPORT_TEXT.title, exact: true });
    await report.waitFor(WAIT);
    const summary = report.getByRole('list', { name: `${REPORT_TEXT.title} summary` });
    for (const card of [REPORT_TEXT.conversations, REPORT_TEXT.firstResponse, REPORT_TEXT.resolution, REPORT_TEXT.csat])
      expect(await summary.getByText(card, { exact: true }).count()).toBe(1);
    expect(await report.getByText(REPORT_TEXT.noData).count()).toBe(1);
    // "Closed By Agents" stays where it was.
    await expect.poll(() => page.getByRole('heading', { name: 'Closed By Agents' }).count(), WAIT).toBe(1);
    await page.screenshot({ path: `${SHOTS}/inbox-report-1280.png`, fullPage: true });

    const phone = await newPage(360);
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto('/analytic');
    await phone.getByRole('region', { name: REPORT_TEXT.title, exact: true }).waitFor(WAIT);
    expect(await fitsWidth(phone)).toBeLessThanOrEqual(360);
    await phone.screenshot({ path: `${SHOTS}/inbox-report-360.png`, fullPage: true });
  });
});
