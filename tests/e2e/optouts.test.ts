import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { credentialsOf, openPage, shot } from './support/pages';
import { HttpCustomer, until } from './support/http-api';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
const WAIT = { timeout: 10_000 };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function register(page: Page, email: string): Promise<HttpCustomer> {
  const password = 'Str0ng#Pass';
  await page.goto('/register');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password confirmation').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /register|sign up|create/i }).click();
  await page.waitForURL('**/subscription');
  return HttpCustomer.of(server.url, await credentialsOf(page));
}

describe('console: the opt-out card (issue 41)', () => {
  it('shows the empty list, adds and removes numbers, keeps the words, and lists a STOP from a customer; at 360 px too', async () => {
    const page = await openPage(browser, server.url, { width: 360 });
    const customer = await register(page, 'optouts@example.com');
    await page.goto('/developers/webhook');
    const card = page.locator('.w-card', { has: page.getByRole('heading', { name: 'Opt-outs' }) });
    await expect.poll(() => card.getByText(/No one has opted out/).count(), WAIT).toBe(1);

    await card.getByLabel(/Add numbers/).fill('+90 530 123 4567, hello\n447700900123');
    await card.getByRole('button', { name: 'Add to the list' }).click();
    await expect.poll(() => card.getByText('2 added, 1 not a number: hello.').count(), WAIT).toBe(1);
    await expect.poll(() => card.getByText('+905301234567', { exact: true }).count(), WAIT).toBe(1);
    expect(await card.getByText('+447700900123', { exact: true }).count()).toBe(1);
    await shot(page, 'optouts-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await card.getByRole('button', { name: 'Remove +447700900123 from the opt-out list' }).click();
    await expect.poll(() => card.getByText('+447700900123', { exact: true }).count(), WAIT).toBe(0);
    expect((await customer.get('/optouts')).body.data.map((r: { number: string }) => r.number)).toEqual([
      '905301234567',
    ]);

    await card.getByLabel('Your opt-out words').fill('DUR, İptal');
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await customer.get('/optouts/settings')).body.words, WAIT).toEqual(['dur', 'i̇ptal']);

    // A customer writes "dur" to a linked phone: after a reload the number is listed as a keyword.
    const phoneId = await customer.addLinkedPhone('905300000777');
    await customer.sim('/incoming', { phoneId, from: '905301112233', message: ' Dur ' });
    await until(
      async () =>
        (await customer.get('/optouts')).body.data.some((r: { number: string }) => r.number === '905301112233'),
      10_000,
      'the keyword on the list',
    );
    await page.reload();
    await expect.poll(() => card.getByText('+905301112233', { exact: true }).count(), WAIT).toBe(1);
    await expect.poll(() => card.getByText(`Wrote a keyword (phone ${phoneId})`).count(), WAIT).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });
});
