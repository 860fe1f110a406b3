import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, serverAndBrowser, shot } from './support/pages';

const running = serverAndBrowser();

/** A page whose every request is recorded; one that leaves the server is aborted (and so fails the test). */
async function offlinePage(): Promise<{ page: Page; outside: string[]; blocked: string[] }> {
  const page = await openPage(running.browser, running.server.url);
  const outside: string[] = [];
  const blocked: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === running.server.url || url.startsWith('data:') || url.startsWith('blob:'))
      return route.continue();
    outside.push(url);
    return route.abort();
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) blocked.push(msg.text());
  });
  return { page, outside, blocked };
}

/** Waits until Scalar has rendered the sendMessage operation. */
async function rendered(page: Page): Promise<void> {
  await page.goto('/api/reference');
  await page.locator('text=/sendMessage').first().waitFor({ timeout: 30_000 });
}

describe('API reference page', () => {
  it('renders the reference from our own server only, under the CSP, with nothing that leads outside', async () => {
    const { page, outside, blocked } = await offlinePage();
    await rendered(page);
    await page.waitForLoadState('networkidle');
    await shot(page, 'api-reference');
    expect(outside).toEqual([]);
    expect(blocked).toEqual([]);
    expect(
      await page.getByRole('button', { name: /deploy|open (in )?(api )?client|ask ai|share|register/i }).count(),
    ).toBe(0);
    expect(await page.locator('a[href*="scalar.com"]:visible').count()).toBe(0);
  });

  it('fills in the product id and token of the signed-in customer', async () => {
    const { page, outside } = await offlinePage();
    await page.request.get('/api/auth/user');
    const csrf = (await page.context().cookies()).find((c) => c.name === 'wapi_csrf')!.value;
    const email = `ref${Date.now()}@example.com`;
    const reg = await page.request.post('/api/auth/register', {
      data: { email, password: 'Str0ng#Pass' },
      headers: { 'x-csrf-token': csrf },
    });
    expect(reg.status()).toBe(200);
    const { product } = (await (await page.request.get('/api/wapi/product')).json()) as {
      product: { id: string; settings: { wapi_token: string } };
    };
    await rendered(page);
    await page.waitForLoadState('networkidle');
    const inputs = () => page.evaluate(() => [...document.querySelectorAll('input')].map((i) => i.value));
    await expect.poll(inputs, { timeout: 15_000 }).toContain(product.id);
    expect(await inputs()).toContain(product.settings.wapi_token);
    await shot(page, 'api-reference-signed-in');
    expect(outside).toEqual([]);
  });
});
