import { sqlOnFile } from './support/db-file';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STAFF_MSG } from '../../src/shared/staff';
import { signedUp } from './support/account';
import { openPage, serverAndBrowser, shot } from './support/pages';

const run = serverAndBrowser();

const account = (email: string) => signedUp(run, email);

function sql(statement: string, args: (string | number)[] = []) {
  return sqlOnFile(run.server.dbFile, statement, args);
}

async function pageOf(who: { ctx: BrowserContext }, width = 1280): Promise<Page> {
  const page = await openPage(run.browser, run.server.url, { width, clipboard: true });
  await page.context().addCookies(await who.ctx.cookies());
  return page;
}

describe('back-office: users, feedback, checkout errors and logs in a real browser', () => {
  it("finds a user by e-mail, reads feedback and checkout errors, opens a user's logs; a limited agent sees three tabs; a customer none", async () => {
    const admin = await account('boss@example.com');
    const helper = await account('helper@example.com');
    const ada = await account('ada@example.com');
    const grace = await account('grace@example.com');
    // The role column `npm run admin -- grant` sets (tests/api/staff.roles.security.test.ts covers the CLI's service).
    await sql(
      "update users set role = case email when 'boss@example.com' then 'admin' else 'limited' end where email in ('boss@example.com', 'helper@example.com')",
    );
    const { rows } = await sql("select id from users where email = 'grace@example.com'");
    await sql("insert into footprints (uid, category, label, extra, at) values (?, 'feedback', 'expensive', ?, ?)", [
      Number(rows[0]!.id),
      JSON.stringify({ feedback_text: 'Too much for us', feedback_phone_number: '905301234567' }),
      Date.now() - 60_000,
    ]);
    await ada.post('/api/wapi/custompaddlelink', { plan_id: '569723', quantity: 1, isVat: false });
    await sql("update checkouts set created_at = ? where email = 'ada@example.com'", [Date.now() - 2 * 3_600_000]);
    const product = (await (await ada.ctx.request.get('/api/wapi/product')).json()).product;
    await ada.ctx.request.get(`/api/${product.id}/listPhones`, {
      headers: { 'x-api-key': product.settings.wapi_token },
    });

    const page = await pageOf(admin);
    await page.goto('/yta/footprint');
    const users = page.getByRole('region', { name: 'Users' });
    await users.getByRole('cell', { name: 'grace@example.com' }).waitFor();
    await page.getByLabel('Email').fill('ada@');
    await expect.poll(() => users.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await users.getByRole('cell', { name: 'ada@example.com' }).waitFor();
    await shot(page, 'yta-footprint-1280');

    await page.goto('/yta/feedback');
    const feedback = page.getByRole('region', { name: 'Unsubscribe feedback' });
    await feedback.getByRole('cell', { name: 'Too much for us' }).waitFor();
    await page.getByRole('button', { name: /It is too expensive/ }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /It is too expensive/ }).getAttribute('aria-pressed'), {
        timeout: 10_000,
      })
      .toBe('true');
    await page.getByRole('button', { name: 'Copy Emails' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('grace@example.com');
    await page.getByRole('button', { name: 'Copy Emails' }).waitFor({ timeout: 4_000 });
    await shot(page, 'yta-feedback-1280');

    await page.goto('/yta/checkouterror');
    await page
      .getByRole('region', { name: 'Suspected opens' })
      .getByRole('cell', { name: 'ada@example.com' })
      .waitFor();
    await shot(page, 'yta-checkouterror-1280');

    await page.goto('/yta/logs?email=ada@example.com');
    await page.getByText(`product ${product.id}`).waitFor();
    await page.getByRole('region', { name: 'Events' }).getByText('/listPhones').first().waitFor();
    await shot(page, 'yta-logs-1280');
    await page.goto('/yta/logs?email=nobody@example.com');
    await page.getByRole('alert').getByText('No User').waitFor();

    const narrow = await pageOf(admin, 360);
    for (const path of ['/yta/footprint', '/yta/feedback', '/yta/checkouterror', '/yta/logs?email=ada@example.com']) {
      await narrow.goto(path);
      await narrow.getByRole('region').first().waitFor();
      await narrow.waitForLoadState('networkidle');
      await shot(narrow, `yta-${path.slice(5).replace(/\?.*/, '')}-360`);
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }

    // Staff roles are granted from /yta too (the audit page), at 1280 and 360 px.
    for (const width of [1280, 360]) {
      const roles = await pageOf(admin, width);
      await roles.goto('/yta/audit');
      const form = roles.getByRole('form', { name: 'Grant a staff role' });
      await form.getByLabel('E-mail').fill('nobody@example.com');
      await form.getByRole('button', { name: 'Save role' }).click();
      await roles
        .getByText('No account uses this e-mail. Ask the person to sign up first, then grant the role.')
        .waitFor({ timeout: 10_000 });
      await form.getByLabel('E-mail').fill('grace@example.com');
      await form.getByLabel('Role').selectOption(width === 1280 ? 'admin' : 'limited');
      await form.getByRole('button', { name: 'Save role' }).click();
      await roles
        .getByText(
          width === 1280
            ? 'grace@example.com is now an admin: they can open the whole back-office.'
            : 'grace@example.com is now limited staff: they can open the Menu, Footprint and Feedback tabs.',
        )
        .waitFor({ timeout: 10_000 });
      await roles
        .getByRole('table', { name: 'Audit log' })
        .getByRole('row')
        .filter({ hasText: 'grace@example.com' })
        .filter({ hasText: width === 1280 ? '"role":"admin"' : '"role":"limited"' })
        .first()
        .waitFor({ timeout: 10_000 });
      expect(await roles.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(roles, `yta-staff-roles-${width}`);
      await roles.context().close();
    }
    const granted = await pageOf(grace);
    await granted.goto('/yta');
    await expect
      .poll(() => granted.getByRole('navigation', { name: 'Back-office tabs' }).getByRole('link').allInnerTexts(), {
        timeout: 10_000,
      })
      .toEqual(['Menu', 'Footprint', 'Feedback']);
    await granted.context().close();

    const limited = await pageOf(helper);
    await limited.goto('/yta');
    const tabs = limited.getByRole('navigation', { name: 'Back-office tabs' }).getByRole('link');
    await expect.poll(() => tabs.allInnerTexts(), { timeout: 10_000 }).toEqual(['Menu', 'Footprint', 'Feedback']);
    await limited.goto('/yta/phones');
    await limited.waitForURL((u) => u.pathname === '/yta');
    await limited.goto('/yta/footprint');
    await limited.getByRole('region', { name: 'Users' }).getByRole('cell', { name: 'grace@example.com' }).waitFor();
    // An admin's call tells a limited staff member what their role covers and whom to ask.
    const refused = await limited.evaluate(async () => (await (await fetch('/api/wapi/admin/audit')).json()).message);
    expect(refused).toBe(STAFF_MSG.adminsOnly);

    const customer = await pageOf(ada);
    await customer.goto('/yta');
    await customer.waitForURL((u) => !u.pathname.startsWith('/yta'));
  });
});
