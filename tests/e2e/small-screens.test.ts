import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { HttpCustomer } from './support/http-api';
import { coveredByBubble, overflowing, seriousViolations } from './support/layout';
import { openPage, shot } from './support/pages';
import { startServer, type RunningServer } from './support/server';

/** A small phone held upright. */
const PHONE = { width: 360, height: 740 };
const EMAIL = 'small-screens@example.com';
const PASSWORD = 'Str0ng#Pass';
const LONG_MAIL = 'a.very.long.mailbox.name.that.goes.on.and.on@subdomain.of.an-example-company.example.com';

const GUEST_PAGES = [
  '/login',
  '/register',
  '/forgot',
  `/forgot/checkyourmail?mail=${encodeURIComponent(LONG_MAIL)}`,
  '/verify/resetPassword/not-a-token',
  '/no-such-page',
  '/dev/mailbox',
  '/live/login',
  '/tools/base64encoder',
  '/tools',
];
/** Areas added after the small-screen pass: one page of each (the multi checker's phone picker once pushed it to 458 px). */
const LATER_PAGES = [
  '/subscription',
  '/agents',
  '/analytic',
  '/chat',
  '/integrations',
  '/tools/warmingup',
  '/tools/multi-whatsapp-check-numbers',
];
const DEVELOPER_PAGES = [
  'documentation',
  'instagram_documentation',
  'token',
  'wp_postman_documentation',
  'logs',
  'webhook',
  'group_action_logs',
  'group_info',
].map((p) => `/developers/${p}`);

let server: RunningServer;
let browser: Browser;
let phoneId = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const customer = await new HttpCustomer(server.url).register(EMAIL, PASSWORD);
  phoneId = await customer.addLinkedPhone('905301119001');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens `path` and waits until its data has come in and no loader is left. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.locator('.w-loader').first().waitFor({ state: 'detached', timeout: 10_000 });
  await page.evaluate(() => document.fonts.ready);
}

/** Everything wrong with the page at this width: sideways scrolling, a covered control, serious axe findings. */
async function problems(page: Page, path: string): Promise<string[]> {
  await visit(page, path);
  const { scrollWidth, elements } = await overflowing(page);
  return [
    ...(scrollWidth > PHONE.width ? [`${path}: scrolls sideways (${scrollWidth} px)`] : []),
    ...elements.map((e) => `${path}: wider than the viewport: ${e}`),
    ...(await coveredByBubble(page)).map((c) => `${path}: support bubble covers ${c}`),
    ...(await seriousViolations(page)).map((v) => `${path}: axe ${v}`),
  ];
}

async function login(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

describe('console on a 360 px phone screen, signed out', () => {
  let page: Page;
  beforeAll(async () => {
    page = await openPage(browser, server.url, PHONE);
  });

  it.each(GUEST_PAGES)(
    '%s: no sideways scrolling, nothing under the support bubble, no serious axe finding',
    async (path) => {
      expect(await problems(page, path)).toEqual([]);
    },
  );

  it('looks right (screenshots with E2E_SCREENSHOTS)', async () => {
    for (const name of ['login', 'register']) {
      await visit(page, `/${name}`);
      await shot(page, `small-${name}`);
    }
  });
});

describe('console on a 360 px phone screen, signed in', () => {
  let page: Page;
  beforeAll(async () => {
    page = await openPage(browser, server.url, PHONE);
    await login(page);
  });

  it.each(['/phones', '/phone-detail/{phone}', ...DEVELOPER_PAGES, '/settings', '/simulator', ...LATER_PAGES])(
    '%s: fits, leaves controls uncovered, passes axe',
    async (path) => {
      expect(await problems(page, path.replace('{phone}', String(phoneId)))).toEqual([]);
    },
  );

  // Issue 38: this server has no Google credentials, and the bootstrap says so.
  it.each(['/integrations', '/integrations/contacts'])(
    '%s: asks nothing of the Google endpoints when Google is not configured, and says so',
    async (path) => {
      const google: string[] = [];
      const listen = (r: { url(): string }) => {
        if (new URL(r.url()).pathname.startsWith('/api/integrations/google')) google.push(r.url());
      };
      page.on('request', listen);
      await visit(page, path);
      await page.getByText('Google integrations are not configured on this server').first().waitFor();
      page.off('request', listen);
      expect(google).toEqual([]);
    },
  );

  it('looks right (screenshots with E2E_SCREENSHOTS)', async () => {
    for (const [name, path] of [
      ['webhook', '/developers/webhook'],
      ['phones', '/phones'],
      ['phone-detail', `/phone-detail/${phoneId}`],
    ] as const) {
      await visit(page, path);
      await shot(page, `small-${name}`);
    }
  });
});

describe('console on a wide screen, signed in', () => {
  // The sidebar is hidden at phone width: its colours are checked here.
  it.each(['/phones', '/developers/webhook'])('%s: no serious axe finding', async (path) => {
    const page = await openPage(browser, server.url);
    await login(page);
    await visit(page, path);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
