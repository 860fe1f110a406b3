import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_TEXT as T } from '../../web/pages/campaigns/campaign-text';
import { FORM_TEXT } from '../../web/lib/campaign-form';
import { overflowing, seriousViolations } from './support/layout';
import { credentialsOf, serverAndBrowser, shot } from './support/pages';

const run = serverAndBrowser();
const WAIT = { timeout: 30_000 };

/** A page with a real browser locale (uPlot's Intl refuses headless Chromium's `en-US@posix`). */
async function openPage(width: number): Promise<Page> {
  const ctx = await run.browser.newContext({
    baseURL: run.server.url,
    viewport: { width, height: 900 },
    locale: 'en-US',
    acceptDownloads: true,
  });
  const page = await ctx.newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  return page;
}

async function loginDemo(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('demo@wapi.dev');
  await page.getByLabel('Password').fill('Demo#2026wapi');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** A count of the campaign page's counts list. */
const count = async (page: Page, key: string) =>
  Number(await page.locator(`[data-count="${key}"] strong`).textContent());

const status = (page: Page) => page.locator('.w-campaign__title .w-chip').textContent();

/** Numbers of the simulated network: 90530124xxxx. */
const numbers = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `90530124${String(from + i).padStart(4, '0')}`);

/** Creates a campaign through the form of /campaigns/new from a pasted list, on the demo phone. */
async function createInForm(page: Page, name: string, pasted: string, text: string): Promise<string> {
  await page.goto('/campaigns/new');
  const form = page.getByRole('form', { name: 'New campaign' });
  await form.getByLabel('Campaign name').fill(name);
  await form.getByLabel('Numbers', { exact: true }).fill(pasted);
  await form.getByLabel('Text', { exact: true }).fill(text);
  await form.getByRole('checkbox', { name: /Demo Phone/ }).check();
  await form.getByRole('button', { name: T.create }).click();
  await page.waitForURL(/\/campaigns\/[^/]+$/, WAIT);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

describe('campaigns in a real browser', () => {
  it('creates a campaign on the demo phone, watches it reach delivered, pauses, resumes and cancels another', async () => {
    const page = await openPage(1280);
    await loginDemo(page);

    // The empty list invites to create one.
    await page.getByRole('link', { name: 'Campaigns' }).click();
    await page.waitForURL('**/campaigns');
    await page.getByRole('heading', { name: T.emptyTitle }).waitFor(WAIT);
    await shot(page, 'campaigns-empty-1280');
    await page.getByRole('link', { name: T.newCampaign }).click();
    await page.waitForURL('**/campaigns/new');

    // An empty form names every problem.
    const form = page.getByRole('form', { name: 'New campaign' });
    await form.getByRole('button', { name: T.create }).click();
    for (const text of [FORM_TEXT.name, FORM_TEXT.audience, FORM_TEXT.text, FORM_TEXT.phones])
      expect(await form.getByText(text).first().isVisible()).toBe(true);

    // An uploaded CSV offers its columns: the number column guessed, the others as variables.
    await form.getByRole('button', { name: 'Upload CSV/xlsx' }).click();
    await form.getByLabel('File', { exact: true }).setInputFiles({
      name: 'audience.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,phone\nAyşe,905301240901\nCan,905301240902\n'),
    });
    await expect.poll(() => form.getByLabel('Number column').inputValue(), WAIT).toBe('phone');
    expect(await form.getByRole('region', { name: 'First rows of the file' }).getByText('{{name}}').count()).toBe(1);
    await form.getByRole('button', { name: 'Paste' }).click();

    // The preview steps through the recipients with their variables, a missing one flagged.
    const [a, b, c] = numbers(101, 3);
    await form.getByLabel('Campaign name').fill('Welcome');
    await form.getByLabel('Numbers', { exact: true }).fill(`number,name\n${a},Ayşe\n${b},Can\n${c},`);
    await form.getByLabel('Text', { exact: true }).fill('Hello {{name}}!');
    const preview = page.getByRole('region', { name: 'Message preview' });
    expect(await preview.getByText('Hello Ayşe!').count()).toBe(1);
    await preview.getByRole('button', { name: 'Next recipient' }).click();
    expect(await preview.getByText('Hello Can!').count()).toBe(1);
    await preview.getByRole('button', { name: 'Next recipient' }).click();
    expect(await preview.getByText('This recipient has no value for {{name}}.').count()).toBe(1);
    expect(await form.getByText('Missing {{name}} for 1 recipient.').first().isVisible()).toBe(true);
    await form.getByLabel('Numbers', { exact: true }).fill(`number,name\n${a},Ayşe\n${b},Can`);
    await form.getByRole('checkbox', { name: /Demo Phone/ }).check();
    await shot(page, 'campaigns-new-1280');
    await form.getByRole('button', { name: T.create }).click();
    await page.waitForURL(/\/campaigns\/[^/]+$/, WAIT);

    // Live counts: both reach delivered (or further) without a reload; the chart draws.
    await expect.poll(async () => (await count(page, 'delivered')) + (await count(page, 'read')), WAIT).toBe(2);
    await expect.poll(() => status(page), WAIT).toBe('completed');
    await expect.poll(() => page.locator('canvas').count(), WAIT).toBeGreaterThan(0);
    const recipients = page.getByRole('region', { name: T.recipients });
    expect(await recipients.getByRole('row').filter({ hasText: a }).count()).toBe(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: T.downloadCsv }).click();
    const csv = await (await download).path().then((p) => import('node:fs').then((fs) => fs.readFileSync(p, 'utf8')));
    expect(csv).toContain(a);
    expect(csv).toContain(b);
    await shot(page, 'campaign-completed-1280');

    // From an uploaded CSV: no column looks like a number, so the person picks it; the others are variables.
    const [d, e] = numbers(401, 2);
    await page.goto('/campaigns/new');
    const fromFile = page.getByRole('form', { name: 'New campaign' });
    await fromFile.getByLabel('Campaign name').fill('From a file');
    await fromFile.getByRole('button', { name: 'Upload CSV/xlsx' }).click();
    await fromFile.getByLabel('File', { exact: true }).setInputFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`name,city,contact\nAyşe,İzmir,${d}\nCan,Bursa,${e}\n`),
    });
    await expect.poll(() => fromFile.getByLabel('Number column').inputValue(), WAIT).toBe('name');
    await fromFile.getByLabel('Number column').selectOption('contact');
    const firstRows = fromFile.getByRole('region', { name: 'First rows of the file' });
    expect(await firstRows.getByText('contact (number)').count()).toBe(1);
    expect(await firstRows.getByText('{{city}}').count()).toBe(1);
    await fromFile.getByLabel('Text', { exact: true }).fill('Hi {{name}} in {{city}}');
    expect(await page.getByRole('region', { name: 'Message preview' }).getByText('Hi Ayşe in İzmir').count()).toBe(1);
    await fromFile.getByRole('checkbox', { name: /Demo Phone/ }).check();
    await shot(page, 'campaigns-new-file-1280');
    await fromFile.getByRole('button', { name: T.create }).click();
    await page.waitForURL(/\/campaigns\/[^/]+$/, WAIT);
    await expect.poll(() => status(page), WAIT).toBe('completed');
    const fileRecipients = page.getByRole('region', { name: T.recipients });
    for (const n of [d, e]) expect(await fileRecipients.getByRole('row').filter({ hasText: n }).count()).toBe(1);
    expect(await fileRecipients.getByText('İzmir').count()).toBeGreaterThan(0);
    await shot(page, 'campaign-from-file-1280');

    // A longer one, paced by the phone's protection: pause, resume, and the counts say so.
    const many = numbers(200, 40).join('\n');
    await createInForm(page, 'Big announcement', many, 'News for you');
    await expect.poll(() => status(page), WAIT).toBe('running');
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => status(page), WAIT).toBe('paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => status(page), WAIT).toBe('running');
    await shot(page, 'campaign-running-1280');

    // Another, cancelled after the confirmation.
    await createInForm(page, 'To cancel', numbers(300, 40).join('\n'), 'Not for long');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: T.cancelTitle });
    await confirm.waitFor();
    await shot(page, 'campaign-cancel-confirm-1280');
    await confirm.getByRole('button', { name: T.cancelConfirm }).click();
    await expect.poll(() => status(page), WAIT).toBe('cancelled');
    await expect.poll(() => count(page, 'cancelled'), WAIT).toBeGreaterThan(0);

    // The list shows all four.
    await page.goto('/campaigns');
    const list = page.getByRole('region', { name: 'Campaigns' });
    for (const name of ['Welcome', 'Big announcement', 'To cancel', 'From a file'])
      await list.getByRole('link', { name }).waitFor(WAIT);
    await shot(page, 'campaigns-list-1280');

    // 360 px: nothing sticks out, nothing serious for axe, on the list, the form and a campaign.
    const small = await openPage(360);
    await small.context().addCookies(await page.context().cookies());
    const { pid } = await credentialsOf(page);
    expect(pid).toBeTruthy();
    for (const [path, name] of [
      ['/campaigns', 'campaigns-list-360'],
      ['/campaigns/new', 'campaigns-new-360'],
    ] as const) {
      await small.goto(path);
      await small.locator('.w-campaigns, .w-campaign-form').first().waitFor(WAIT);
      expect((await overflowing(small)).elements).toEqual([]);
      expect(await seriousViolations(small)).toEqual([]);
      await shot(small, name);
    }
    await small.goto('/campaigns');
    await small.getByRole('link', { name: 'Welcome' }).click();
    await small.locator('canvas').first().waitFor(WAIT);
    expect((await overflowing(small)).elements).toEqual([]);
    expect(await seriousViolations(small)).toEqual([]);
    await shot(small, 'campaign-360');
  });
});
