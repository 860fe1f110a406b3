/**
 * The back-office tab bar: at 1280 px every tab shows inside the screen (they wrap onto a second row);
 * on a phone the bar scrolls sideways and its faded edge says there are more, the open tab in view.
 */
import { sqlOnFile } from './support/db-file';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STAFF_TABS } from '../../src/shared/staff';
import { signedUp } from './support/account';
import { openPage, serverAndBrowser, shot } from './support/pages';

const run = serverAndBrowser();

/** Each tab's name and whether it lies wholly inside the viewport (and inside its bar's visible box). */
function tabPlaces(page: Page): Promise<{ name: string; inside: boolean }[]> {
  return page.evaluate(() => {
    const bar = document.querySelector('nav[aria-label="Back-office tabs"]')!.getBoundingClientRect();
    const vw = document.documentElement.clientWidth;
    return [...document.querySelectorAll('nav[aria-label="Back-office tabs"] a')].map((a) => {
      const r = a.getBoundingClientRect();
      return {
        name: a.textContent ?? '',
        inside: r.left >= Math.max(0, bar.left) - 1 && r.right <= Math.min(vw, bar.right) + 1,
      };
    });
  });
}

describe('back-office tabs', () => {
  it('shows every tab at 1280 px; at 360 px the bar says it goes on and shows the open tab', async () => {
    const admin = await signedUp(run, 'tabs-admin@example.com');
    await sqlOnFile(run.server.dbFile, "update users set role = 'admin' where email = 'tabs-admin@example.com'");
    const page = await openPage(run.browser, run.server.url, { width: 1280 });
    await page.context().addCookies(await admin.ctx.cookies());
    await page.goto('/yta');
    const nav = page.getByRole('navigation', { name: 'Back-office tabs' });
    await nav.getByRole('link', { name: 'Menu' }).waitFor();
    const places = await tabPlaces(page);
    expect(places).toHaveLength(STAFF_TABS.filter((t) => !t.hidden).length);
    expect(places.filter((p) => !p.inside).map((p) => p.name)).toEqual([]);
    await shot(page, 'yta-tabs-1280');

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/yta/audit');
    await nav.getByRole('link', { name: 'Audit Log' }).waitFor();
    await expect
      .poll(() => nav.evaluate((el) => [el.hasAttribute('data-more-start'), el.hasAttribute('data-more-end')]))
      .toEqual([true, false]);
    expect((await tabPlaces(page)).find((p) => p.name === 'Audit Log')?.inside).toBe(true);
    await shot(page, 'yta-tabs-360');
    await page.goto('/yta');
    await expect
      .poll(() => nav.evaluate((el) => [el.hasAttribute('data-more-start'), el.hasAttribute('data-more-end')]))
      .toEqual([false, true]);
    await page.context().close();
  });
});
