import { sqlOnFile } from './support/db-file';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, serverAndBrowser, shot, SHOTS } from './support/pages';

const run = serverAndBrowser();

/** A signed-in browser context made over HTTP (register, then console calls with the CSRF header). */
async function account(email: string): Promise<BrowserContext> {
  const ctx = await run.browser.newContext({ baseURL: run.server.url });
  await ctx.request.get('/api/auth/user');
  const csrf = (await ctx.cookies()).find((c) => c.name === 'wapi_csrf')?.value ?? '';
  const res = await ctx.request.post('/api/auth/register', {
    data: { email, password: 'Str0ng#Pass' },
    headers: { 'x-csrf-token': decodeURIComponent(csrf) },
  });
  expect(res.status()).toBe(200);
  return ctx;
}

function sql(statement: string, args: (string | number)[] = []) {
  return sqlOnFile(run.server.dbFile, statement, args);
}

async function pageOf(ctx: BrowserContext, width: number): Promise<Page> {
  const page = await openPage(run.browser, run.server.url, { width });
  await page.context().addCookies(await ctx.cookies());
  return page;
}

const PAGES = [
  'numbers',
  'phones',
  'idlephones',
  'sandboxphones',
  'missedphones',
  'phonesevents',
  'instagrams',
  'screens',
];

describe('back-office: numbers and bans in a real browser', () => {
  it('bans a number on /yta/numbers and lifts the ban again, both recorded', async () => {
    const admin = await account('boss@example.com');
    const ada = await account('ada@example.com');
    await sql("update users set role = 'admin' where email = 'boss@example.com'");
    const pid = (await (await ada.request.get('/api/wapi/product')).json()).product.id as string;
    const now = Date.now();
    // A disabled phone keeps the number without a session: the runner leaves it alone.
    await sql(
      "insert into phones (pid, engine, number, enabled, status, status_at, created_at, updated_at) values (?, 'sim', '905301234567', 0, 'idle', ?, ?, ?)",
      [pid, now, now, now],
    );

    const page = await pageOf(admin, 1280);
    await page.goto('/yta/numbers');
    const table = page.getByRole('region', { name: 'Numbers' });
    const row = table.getByRole('row', { name: /905301234567/ });
    await row.getByRole('cell', { name: 'ada@example.com' }).waitFor();
    await row.getByRole('button', { name: 'Set Ban' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Ban' });
    await expect.poll(() => dialog.getByLabel('Reason').inputValue()).toBe('trial-abuse');
    await shot(page, 'yta-numbers-ban-1280');
    await dialog.getByRole('button', { name: 'Set Ban' }).click();
    await row.getByRole('button', { name: 'Remove Ban' }).waitFor();
    await expect.poll(() => row.textContent()).toContain('trial-abuse');
    await page.getByLabel('Not Banned').check();
    // The seeded demo phone's number stays; the banned one goes.
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel('Not Banned').uncheck();
    await shot(page, 'yta-numbers-1280');

    await row.getByRole('button', { name: 'Remove Ban' }).click();
    await page.getByRole('dialog', { name: 'Remove Ban' }).getByRole('button', { name: 'Remove Ban' }).click();
    await row.getByRole('button', { name: 'Set Ban' }).waitFor();
    const audit = await sql(
      "select action, target, staff_email from staff_audit where action in ('setBan', 'deleteBan') order by id",
    );
    expect(audit.rows.map((r) => [r.action, r.target, r.staff_email])).toEqual([
      ['setBan', '905301234567', 'boss@example.com'],
      ['deleteBan', '905301234567', 'boss@example.com'],
    ]);

    // Every page of this slice at both widths, when screenshots are asked for.
    for (const width of SHOTS ? [1280, 360] : []) {
      const p = width === 1280 ? page : await pageOf(admin, width);
      for (const name of PAGES) {
        await p.goto(`/yta/${name}`);
        await p.getByRole('heading', { level: 2 }).first().waitFor();
        await p.waitForLoadState('networkidle');
        await shot(p, `yta-${name}-${width}`);
      }
    }
  });
});
