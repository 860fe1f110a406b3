import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { WELCOME_TITLE } from '../../../web/pages/onboarding/WelcomeModal';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

/** A folder to save a screenshot of each screen in (E2E_SCREENSHOTS), if set. */
export const SHOTS = process.env.E2E_SCREENSHOTS;

/** A fresh browser context and page on the server, failing the test on any page error. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  opts: { width?: number; height?: number; clipboard?: boolean; downloads?: boolean } = {},
): Promise<Page> {
  const ctx = await browser.newContext({
    baseURL,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    ...(opts.downloads ? { acceptDownloads: true } : {}),
  });
  if (opts.clipboard) await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await ctx.newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  return page;
}

/** A full-page screenshot named `name`, when E2E_SCREENSHOTS names a folder. */
export async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * The embedded server and a browser for one test file: started before its tests, stopped after.
 * Read `.server` and `.browser` inside the tests.
 */
export function serverAndBrowser(env: Record<string, string> = {}): { server: RunningServer; browser: Browser } {
  const running = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [running.server, running.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return running;
}

/**
 * Registers a new customer through the register page; the console lands on /subscription with the
 * welcome modal open, which is closed (as a user going on to the page would) unless `keepWelcome`.
 */
export async function register(page: Page, email: string, opts: { keepWelcome?: boolean } = {}): Promise<void> {
  const password = 'Str0ng#Pass';
  await page.goto('/register');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password confirmation').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /register|sign up|create/i }).click();
  await page.waitForURL('**/subscription*');
  if (opts.keepWelcome) return;
  const welcome = page.getByRole('dialog', { name: WELCOME_TITLE });
  await welcome.waitFor();
  await page.keyboard.press('Escape');
  await welcome.waitFor({ state: 'detached' });
}

/** The signed-in console's product id and messaging token, read as the console reads them. */
export async function credentialsOf(page: Page): Promise<{ pid: string; token: string }> {
  return page.evaluate(async () => {
    const res = await fetch('/api/wapi/product', { credentials: 'same-origin' });
    const body = (await res.json()) as { product: { id: string; settings: { wapi_token: string } } };
    return { pid: body.product.id, token: body.product.settings.wapi_token };
  });
}
