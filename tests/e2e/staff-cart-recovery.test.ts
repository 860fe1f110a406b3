import { execFileSync } from 'node:child_process';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, serverAndBrowser, shot } from './support/pages';

const run = serverAndBrowser();

/** A signed-in browser context made over HTTP; `post` answers the raw response. */
async function account(email: string) {
  const ctx = await run.browser.newContext({ baseURL: run.server.url });
  const post = async (path: string, data: unknown) => {
    const csrf = (await ctx.cookies()).find((c) => c.name === 'wapi_csrf')?.value ?? '';
    return ctx.request.post(path, { data, headers: { 'x-csrf-token': decodeURIComponent(csrf) } });
  };
  await ctx.request.get('/api/auth/user');
  expect((await post('/api/auth/register', { email, password: 'Str0ng#Pass' })).status()).toBe(200);
  return { ctx, post };
}

function grant(email: string) {
  execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'grant', email, 'admin'], {
    env: { ...process.env, DATABASE_URL: `file:${run.server.dbFile}`, LOG_LEVEL: 'silent' },
  });
}

async function pageOf(who: { ctx: BrowserContext }, width = 1280): Promise<Page> {
  const page = await openPage(run.browser, run.server.url, { width });
  await page.context().addCookies(await who.ctx.cookies());
  return page;
}

describe('back-office: cart recovery in a real browser', () => {
  it('lists a declined checkout, sends a recovery e-mail from the detail page, and the mail is in the local mailbox and the history', async () => {
    const admin = await account('boss@example.com');
    const ada = await account('ada@example.com');
    grant('boss@example.com');
    const link = await (
      await ada.post('/api/wapi/custompaddlelink', { plan_id: '569723', quantity: 1, isVat: false })
    ).json();
    expect(
      (
        await ada.post(`/api/sandbox/checkout/${link.data.response.checkout_id}/pay`, { card: '4000 0000 0000 0002' })
      ).status(),
    ).toBe(402);

    const page = await pageOf(admin);
    await page.goto('/yta/cartlogs');
    const carts = page.getByRole('region', { name: 'Abandoned carts' });
    await carts.getByRole('cell', { name: 'ada@example.com' }).waitFor();
    await page.getByText('Revenue recovered').waitFor();
    await expect.poll(() => page.getByLabel('Date to').getAttribute('max')).toBe(new Date().toISOString().slice(0, 10));
    await shot(page, 'yta-cartlogs-1280');
    await carts.getByRole('row').nth(1).getByRole('link').click();
    await page.waitForURL('**/yta/cartlogdetails?uid=*');
    const uid = new URL(page.url()).searchParams.get('uid');
    await page.getByText('Henüz e-posta gönderilmedi').waitFor();
    await page.getByText('paddle-payment-declined').first().waitFor();
    // The cart's extra reads as fields, not as a line of JSON (issue 23).
    const extra = page.locator('.cart__extra');
    await extra.getByText('The card was declined.', { exact: true }).waitFor();
    await expect(extra.getByText('Payment error', { exact: true }).count()).resolves.toBe(1);
    await expect(page.locator('.cart__info').innerText()).resolves.not.toMatch(/[{}"]/);

    await page.getByRole('button', { name: 'New Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Email' });
    await expect.poll(() => dialog.getByLabel('Template').inputValue()).toBe('payment-declined');
    await dialog.getByRole('button', { name: 'Send' }).click();
    const history = page.getByRole('region', { name: 'E-mail history' });
    await history.getByRole('cell', { name: /payment-declined \(First send\)/ }).waitFor();
    await expect.poll(() => page.getByText('Henüz e-posta gönderilmedi').count()).toBe(0);
    await shot(page, 'yta-cartlogdetails-1280');

    await page.goto('/dev/mailbox');
    await page.getByRole('link', { name: 'Your Wapi payment did not go through' }).click();
    await page.getByText('To ada@example.com').waitFor();
    expect(await page.locator('pre').innerText()).toMatch(
      /Finish your purchase: http:\/\/[\w.]+:\d+\/sandbox\/checkout\/chk_\w+/,
    );

    const small = await pageOf(admin, 360);
    await small.goto('/yta/cartlogs');
    await small
      .getByRole('region', { name: 'Abandoned carts' })
      .getByRole('cell', { name: 'ada@example.com' })
      .waitFor();
    await shot(small, 'yta-cartlogs-360');
    await small.goto(`/yta/cartlogdetails?uid=${uid}`);
    await small
      .getByRole('region', { name: 'E-mail history' })
      .getByRole('cell', { name: /First send/ })
      .waitFor();
    await shot(small, 'yta-cartlogdetails-360');
    await small.goto('/yta/cartlogdetails?uid=999999');
    await small.getByText('Kullanıcı bulunamadı', { exact: false }).waitFor();
  });
});
