import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/auth-messages';
import { PHONE_MSG } from '../../web/lib/phone-messages';
import { HttpCustomer, until } from './support/http-api';
import { openPage, serverAndBrowser, shot } from './support/pages';

/** Issue 22, "smaller things a customer meets": the password rule, narrow tables and tabs, the phone panel. */
// A gap between a phone's sends keeps a second message queued for a while, so its count can be watched.
const running = serverAndBrowser({ SIM_PACING_MS: '3000' });
const PASSWORD = 'Str0ng#Pass';
const WAIT = { timeout: 15_000 };
const PHONE = { width: 360, height: 740 };

/** A customer on the trial (no welcome modal), signed in on a fresh page. */
async function signedIn(
  email: string,
  opts: Parameters<typeof openPage>[2] = {},
): Promise<{ page: Page; customer: HttpCustomer }> {
  const customer = await new HttpCustomer(running.server.url).register(email, PASSWORD);
  await customer.consolePost('/api/wapi/createFreeTrial', { type: 'wapi-trial-api' });
  const page = await openPage(running.browser, running.server.url, opts);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  return { page, customer };
}

/** The cue state of a box that scrolls sideways, and whether its edge is faded. */
async function cueOf(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => ({
      overflows: el.scrollWidth > el.clientWidth + 1,
      start: el.hasAttribute('data-more-start'),
      end: el.hasAttribute('data-more-end'),
      faded: getComputedStyle(el).maskImage !== 'none',
    }));
}

describe('settings password form', () => {
  it('states the server strength rule in its hint and in its error, the same words', async () => {
    const { page } = await signedIn('password-rule@example.com');
    await page.goto('/settings');
    const field = page.getByLabel('New password');
    await field.waitFor();
    const described = async () => (await field.getAttribute('aria-describedby')) ?? '';
    const textOf = async (ids: string) =>
      (await Promise.all(ids.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
    const hint = await textOf(await described());
    expect(hint).toBe(MSG.passwordRule);

    await page.getByLabel('Current Password').fill(PASSWORD);
    await field.fill('abc12');
    await page.getByLabel('Password confirmation').fill('abc12');
    await page.locator('form').filter({ has: field }).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect(await textOf(await described())).toBe(hint);

    // A password the rule takes is one the server takes.
    await field.fill('N3w#Strong');
    await page.getByLabel('Password confirmation').fill('N3w#Strong');
    await page.locator('form').filter({ has: field }).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Saved' }).count(), WAIT).toBe(1);
  });
});

describe('at 360 px', () => {
  it('scrolls wide tables inside their card with a faded edge, and reaches every tab and filter', async () => {
    const { page, customer } = await signedIn('narrow@example.com', PHONE);
    await customer.addLinkedPhone('905301119031');

    await page.goto('/developers/webhook');
    const table = '.w-card .w-table-wrap';
    await page.locator(table).first().waitFor();
    await expect.poll(() => cueOf(page, table)).toEqual({ overflows: true, start: false, end: true, faded: true });
    // The table scrolls inside its card: the page does not scroll sideways and the box ends inside the card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const inCard = await page
      .locator(table)
      .first()
      .evaluate((el) => el.getBoundingClientRect().right <= el.closest('.w-card')!.getBoundingClientRect().right);
    expect(inCard).toBe(true);
    await page
      .locator(table)
      .first()
      .evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => cueOf(page, table)).toEqual({ overflows: true, start: true, end: false, faded: true });
    await shot(page, 'narrow-webhook');

    // The tab bar says it goes on, and its last tab, once chosen, is scrolled fully into the bar.
    const bar = page.getByRole('tablist', { name: 'Queues and webhooks' });
    expect(await cueOf(page, '[role="tablist"]')).toMatchObject({ overflows: true, end: true, faded: true });
    const tabs = bar.getByRole('tab');
    const last = tabs.last();
    await last.click();
    await expect.poll(() => last.getAttribute('aria-selected')).toBe('true');
    const inside = () =>
      last.evaluate((tab) => {
        const b = tab.parentElement!.getBoundingClientRect();
        const r = tab.getBoundingClientRect();
        return r.left >= b.left - 1 && r.right <= b.right + 1;
      });
    await expect.poll(inside).toBe(true);

    // The logs' four filters fit a phone's width: each one shows whole, none cut off by the bar.
    await page.goto('/developers/logs');
    const filters = page.getByRole('group', { name: 'Event type' });
    await filters.waitFor();
    const cut = await filters.evaluate((group) => {
      const g = group.getBoundingClientRect();
      return [...group.querySelectorAll('button')]
        .filter((b) => b.getBoundingClientRect().right > g.right + 1 || b.getBoundingClientRect().left < g.left - 1)
        .map((b) => b.textContent);
    });
    expect(cut).toEqual([]);
    await shot(page, 'narrow-logs');
  });
});

describe('the phone panel', () => {
  it('asks no QR once the phone is active, follows its queue after a send, and masks the token in the curl as in its field', async () => {
    const { page, customer } = await signedIn('panel@example.com', { clipboard: true });
    const { body } = await customer.post<{ id: number }>('/addPhone', {});
    const id = body.id;
    await page.goto('/phones');
    const chip = page.locator('.w-phone-head__chips .w-chip').first();
    await expect.poll(() => chip.textContent(), WAIT).toBe('qr-screen');
    await page.getByText(/QR refresh in \ds/).waitFor(WAIT);

    // Scanned while the QR shows: the panel's next QR fetch meets the linked phone (409). Until it has,
    // the status answers wait, so the panel learns of the link from that fetch.
    let scanned = false;
    let conflictSeen!: () => void;
    const conflict = new Promise<void>((r) => (conflictSeen = r));
    page.on('response', (r) => {
      if (scanned && r.url().includes(`/${id}/qrData`) && r.status() === 409) conflictSeen();
    });
    await page.route(
      (u) => u.pathname.endsWith(`/${id}/status`),
      async (route) => {
        if (scanned) await Promise.race([conflict, new Promise((r) => setTimeout(r, 20_000))]);
        await route.continue();
      },
    );
    const qr = (await customer.get<{ qrData: string }>(`/${id}/qrData`)).body.qrData;
    expect((await customer.sim('/scan', { qr, number: '905301119032' })).status).toBe(200);
    scanned = true;
    await until(async () => (await customer.status(id)) === 'active', 15_000, 'the phone to link');
    await expect.poll(() => chip.textContent(), { timeout: 30_000 }).toBe('active');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/qrData')) asked.push(r.url());
    });
    await page.waitForTimeout(8_000);
    expect(asked).toEqual([]);
    await page.unroute((u) => u.pathname.endsWith(`/${id}/status`));

    // Two messages: the second waits for the phone's gap; the panel's Queue shows it leave.
    const queue = page
      .locator('.w-facts > div')
      .filter({ has: page.getByText('Queue', { exact: true }) })
      .locator('dd');
    await page.getByLabel('Test number').fill('905301234561');
    for (const text of ['First', 'Second']) {
      await page.getByLabel('Message', { exact: true }).fill(text);
      const sent = page.waitForResponse((r) => r.url().endsWith(`/${id}/sendMessage`));
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      expect((await sent).status()).toBe(200);
      await expect.poll(() => page.getByText(PHONE_MSG.testQueued).count(), WAIT).toBe(1);
    }
    await until(
      async () => (await customer.get<{ queue: number }>(`/${id}/queue`)).body.queue === 0,
      15_000,
      'the queue to empty',
    );
    // Within a second or so (the follow's pace), not at the page's own 20 s reload.
    await expect.poll(() => queue.textContent(), { timeout: 2_500 }).toBe('0');

    // The phone's API access: the token hidden in its field is hidden in the curl beside it.
    await page.goto(`/phone-detail/${id}`);
    const curl = page
      .getByRole('region', { name: 'Send a text (curl)' })
      .or(page.locator('pre[aria-label="Send a text (curl)"]'));
    await curl.first().waitFor(WAIT);
    const shown = async () => (await curl.first().textContent()) ?? '';
    expect(await shown()).not.toContain(customer.token);
    expect(await shown()).toContain('x-api-key: ••••');
    await page.getByRole('button', { name: 'Copy Send a text (curl)' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`x-api-key: ${customer.token}`);
    await page.getByRole('button', { name: 'Show Token' }).click();
    expect(await shown()).toContain(`x-api-key: ${customer.token}`);
    await page.getByRole('button', { name: 'Hide Token' }).click();
    expect(await shown()).not.toContain(customer.token);
  });
});
