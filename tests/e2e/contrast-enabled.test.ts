/**
 * Contrast (WCAG 2.1 AA) once the buttons are enabled: axe skips a disabled control, so every tool is
 * checked after its inputs are filled, on its console page, embedded through tools.js on a plain site,
 * and the chat button in each design. White on the old #128c7e was 4.13:1; on #25d366 1.98:1.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostSite } from './support/hostile-site';
import { HttpCustomer } from './support/http-api';
import { seriousViolations } from './support/layout';
import { openPage, serverAndBrowser, shot } from './support/pages';

const env = serverAndBrowser();
const WAIT = { timeout: 10_000 };
const PASSWORD = 'Str0ng#Pass';
let site: Awaited<ReturnType<typeof hostSite>>;

/** Fills each no-phone tool so its buttons turn enabled; works on the console page and inside the widget's shadow root. */
const FILL: Record<string, (page: Page) => Promise<void>> = {
  base64encoder: async (page) => {
    await page
      .getByLabel('Image, video or audio file')
      .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgo=', 'base64') });
    await page.getByRole('button', { name: 'Copy' }).waitFor(WAIT);
  },
  vcardmaker: async (page) => {
    await page.getByRole('textbox', { name: /First Name/ }).fill('Ayşe');
    await page.getByRole('textbox', { name: /Phone Number/ }).fill('+905551234567');
    await expect.poll(() => page.getByRole('button', { name: 'Download in VCF format' }).isEnabled()).toBe(true);
  },
  'whatsapp-qr-code-generator': async (page) => {
    await page.getByRole('textbox', { name: /Phone Number/ }).fill('905551234567');
    await expect.poll(() => page.getByRole('button', { name: 'Download' }).isEnabled(), WAIT).toBe(true);
  },
  'whatsapp-text-formatter': async (page) => {
    await page.getByRole('textbox', { name: 'Your text' }).fill('hello *world*');
    await expect.poll(() => page.getByRole('button', { name: 'Format Text' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Format Text' }).click();
  },
  'json-escape-unescape': async (page) => {
    await page.getByRole('button', { name: 'Sample JSON (simple)' }).click();
    await page.getByRole('button', { name: 'Escape', exact: true }).click();
    await page.getByText('Text escaped successfully!').waitFor(WAIT);
    await expect.poll(() => page.getByRole('button', { name: 'Unescape' }).isEnabled()).toBe(true);
  },
};
const SLUGS = Object.keys(FILL);
const DESIGNS = ['small', 'large', 'large-green'] as const;

/** A plain page of another site (its own words pass axe), embedding `embed`. */
function plainPage(embed: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><main><h1>A shop</h1>${embed}</main></body></html>`;
}

beforeAll(async () => {
  const script = (file: string, attrs = '') =>
    `<script src="${env.server.url}/widgets/${file}"${attrs} async></script>`;
  site = await hostSite({
    ...Object.fromEntries(
      SLUGS.map((slug) => [`/tool/${slug}`, plainPage(`<div data-wapi-tool="${slug}"></div>${script('tools.js')}`)]),
    ),
    ...Object.fromEntries(
      DESIGNS.map((d) => [
        `/button/${d}`,
        plainPage(script('chat-button.js', ` data-phone="905551234567" data-design="${d}"`)),
      ]),
    ),
  });
});
afterAll(async () => {
  await site?.close();
});

describe('free tool pages with their buttons enabled', () => {
  it.each(SLUGS)('/tools/%s: no serious axe finding after its inputs are filled', async (slug) => {
    const page = await openPage(env.browser, env.server.url, { clipboard: true });
    await page.goto(`/tools/${slug}`);
    await FILL[slug]!(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `contrast-tool-${slug}`);
    await page.context().close();
  });
});

describe('widgets on another site with their buttons enabled', () => {
  it.each(SLUGS)('tools.js %s: no serious axe finding after its inputs are filled', async (slug) => {
    const page = await openPage(env.browser, site.url);
    await page.goto(`/tool/${slug}`);
    await page.locator('[data-wapi-tool]').getByRole('button').first().waitFor(WAIT);
    await FILL[slug]!(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it.each(DESIGNS)('chat button, design %s: no serious axe finding (its label 4.5:1, WCAG 1.4.3)', async (design) => {
    const page = await openPage(env.browser, site.url);
    await page.goto(`/button/${design}`);
    await page.getByRole('link', { name: 'Chat with Us' }).waitFor(WAIT);
    // Measured once its fade-in is over (mid-fade every colour is paler).
    await page.waitForFunction(
      () => document.querySelector('wapi-chat-button')?.shadowRoot?.querySelector('a')?.getAnimations().length === 0,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `contrast-button-${design}`);
    await page.context().close();
  });
});

describe('phone tools with their buttons enabled', () => {
  it('the number and profile picture checkers pass axe with a phone picked and a number typed', async () => {
    const email = `contrast${Date.now()}@example.com`;
    const api = await new HttpCustomer(env.server.url).register(email, PASSWORD);
    const phone = await api.addLinkedPhone(`90533${String(Date.now()).slice(-6)}7`);
    const page = await openPage(env.browser, env.server.url);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    for (const path of ['/tools/whatsapp-check-numbers', '/tools/get-whatsapp-profile-picture']) {
      await page.goto(path);
      await page.getByLabel('Phone', { exact: true }).selectOption(String(phone), WAIT);
      await page.getByLabel('Phone number').fill('905551234567');
      await expect.poll(() => page.getByRole('button', { name: 'Check Number' }).isEnabled()).toBe(true);
      expect([path, await seriousViolations(page)]).toEqual([path, []]);
    }
    await page.context().close();
  });
});
