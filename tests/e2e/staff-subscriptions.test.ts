import { sqlOnFile } from './support/db-file';
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sandboxClock, signedUp } from './support/account';
import { openPage, serverAndBrowser, shot } from './support/pages';

const run = serverAndBrowser();
const FAILS_LATER = '4000 0000 0000 0341';

const account = (email: string) => signedUp(run, email);

/** A customer who bought one phone with a card that fails every renewal. */
async function buyer(email: string) {
  const a = await account(email);
  const checkout = await a.post('/api/wapi/custompaddlelink', { plan_id: '569723', quantity: 1, isVat: false });
  const paid = await a.post(`/api/sandbox/checkout/${checkout.data.response.checkout_id}/pay`, { card: FAILS_LATER });
  return { ...a, sub: paid.subscription_id as string };
}

function sql(statement: string, args: (string | number)[] = []) {
  return sqlOnFile(run.server.dbFile, statement, args);
}

async function adminPage(width = 1280): Promise<Page> {
  const page = await openPage(run.browser, run.server.url, { width, clipboard: true });
  await page.context().addCookies(await admin.ctx.cookies());
  return page;
}

let admin: Awaited<ReturnType<typeof account>>;

describe('back-office: subscriptions in a real browser', () => {
  it('restarts paused subscriptions in bulk, reporting the one that failed, then reloads the list', async () => {
    admin = await account('boss@example.com');
    execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'grant', 'boss@example.com', 'admin'], {
      env: { ...process.env, DATABASE_URL: `file:${run.server.dbFile}`, LOG_LEVEL: 'silent' },
    });
    const ann = await buyer('ann@example.com');
    const cem = await buyer('cem@example.com');
    await sandboxClock(run, 40);
    // Cem's bank now refuses the card, as the provider would report at the restart's charge.
    await sql('update subscriptions set card = ? where id = ?', ['4000000000000002', cem.sub]);
    // The server's own renewal job may still be finishing the same retries: wait for both pauses.
    await expect
      .poll(async () => (await admin.get('/api/wapi/admin/paused-subs')).result?.length, { timeout: 10_000 })
      .toBe(2);

    const page = await adminPage();
    await page.goto('/yta/pausedsubs');
    const table = page.getByRole('region', { name: 'Paused subscriptions' });
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await shot(page, 'yta-pausedsubs-1280');
    const narrow = await adminPage(360);
    await narrow.goto('/yta/pausedsubs');
    await narrow.getByRole('button', { name: 'Restart ann@example.com' }).waitFor();
    await shot(narrow, 'yta-pausedsubs-360');
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Restart all' }).click();
    await page.getByText('Restarted 1 of 2 paused subscriptions; 1 failed.').waitFor();
    await page.getByText('Restart failed for cem@example.com! Failed to reactivate subscription').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.getByRole('button', { name: 'Restart cem@example.com' }).count()).toBe(1);
    expect(await table.getByRole('button', { name: 'Restart ann@example.com' }).count()).toBe(0);
    expect((await ann.get('/api/wapi/product')).product.settings.phone_limit).toBe(1);

    await page.getByRole('button', { name: 'Edit cem@example.com' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit paused subscription: cem@example.com' });
    await edit.getByLabel('Phones').fill('2');
    await edit.getByLabel('New price (USD per period)').fill('50');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByRole('button', { name: 'Saved' }).waitFor();
    await edit.getByRole('button', { name: 'Close' }).last().click();
    await table.getByText('$50.00', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Restart cem@example.com' }).click();
    await page.getByText('Restart failed for cem@example.com! Failed to reactivate subscription').nth(1).waitFor();
    await shot(page, 'yta-pausedsubs-after-1280');
  });

  it('edits a package: the new phone limit is what the server enforces', async () => {
    const page = await adminPage();
    await page.goto('/yta/substable');
    await page.getByRole('button', { name: 'Edit ann@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit package: ann@example.com' });
    await dialog.getByLabel('Phone limit').fill('x');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter whole numbers (0 or more).').waitFor();
    await dialog.getByLabel('Phone limit').fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: 'Saved' }).waitFor();
    await shot(page, 'yta-substable-dialog-1280');
    await dialog.getByRole('button', { name: 'Save' }).waitFor({ timeout: 4_000 });
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('region', { name: 'Subscriptions' }).getByText('0 / 2').waitFor();
    await shot(page, 'yta-substable-1280');

    // The database holds the token's hash and the token sealed: staff read it through the back office.
    const found = await admin.post('/api/wapi/admin/userproduct', { email: 'ann@example.com' });
    const token = { id: found.product.id as string, api_token: found.token as string };
    const add = async () =>
      (
        await fetch(`${run.server.url}/api/${token.id}/addPhone`, {
          method: 'POST',
          headers: { 'x-api-key': String(token.api_token), 'content-type': 'application/json' },
          body: '{}',
        })
      ).status;
    expect([await add(), await add(), await add()]).toEqual([200, 200, 403]);

    const narrow = await adminPage(360);
    await narrow.goto('/yta/substable');
    await narrow.getByRole('button', { name: 'Edit ann@example.com' }).waitFor();
    await shot(narrow, 'yta-substable-360');
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('makes a custom payment link and copies it', async () => {
    for (const width of [1280, 360]) {
      const page = await adminPage(width);
      await page.goto('/yta/paymentlink');
      await page.getByLabel('Customer e-mail').fill('ann@example.com');
      await page.getByLabel('Custom price (USD)').fill('149.90');
      await page.getByLabel('Title').fill('Enterprise onboarding');
      await page.getByLabel('Message').fill('Ten phones and two agents, as agreed.');
      await page.getByRole('button', { name: 'Create link' }).click();
      const link = page.getByRole('link', { name: /\/sandbox\/checkout\// });
      await link.waitFor();
      expect(await link.getAttribute('href')).toMatch(new RegExp(`^${run.server.url}/sandbox/checkout/`));
      await page.getByRole('button', { name: 'Copy payment link' }).click();
      await page.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.getAttribute('href'));
      await shot(page, `yta-paymentlink-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
});
