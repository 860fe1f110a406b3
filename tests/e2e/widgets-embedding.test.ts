/**
 * The widget scripts on real websites: a host page with a strict Content-Security-Policy (no inline
 * styles) shows the chat button and an embedded tool in the same boxes as a plain page; the bottom
 * offset lifts the button above a fixed footer; a button without a phone shows nothing and warns; the
 * script loaded twice gives one button.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_PHONE_WARNING } from '../../widgets/src/chat-button/element';
import { hostSite } from './support/hostile-site';
import { openPage, serverAndBrowser } from './support/pages';

const env = serverAndBrowser();
let site: Awaited<ReturnType<typeof hostSite>>;

const page = (body: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title></head><body>
<h1 id="h">A shop</h1>
<p id="p">Some text.</p>
${body}
</body></html>`;

beforeAll(async () => {
  const script = (file: string, attrs = '') =>
    `<script src="${env.server.url}/widgets/${file}"${attrs} async></script>`;
  const shop = page(`<div id="tool" data-wapi-tool="whatsapp-qr-code-generator"></div>
${script('chat-button.js', ' data-phone="+905551234567" data-design="large-green"')}
${script('tools.js')}`);
  site = await hostSite({
    '/plain': shop,
    // What the issue names: everything from the page's own origin, styles too, plus our scripts' origin.
    '/strict': {
      html: shop,
      headers: {
        'content-security-policy': `default-src 'self'; style-src 'self'; script-src 'self' ${env.server.url}`,
      },
    },
    '/footer':
      page(`<footer id="footer" style="position:fixed;left:0;right:0;bottom:0;height:90px;background:#333"></footer>
${script('chat-button.js', ' data-phone="+905551234567" data-offset-bottom="96"')}`),
    '/no-phone-script': page(script('chat-button.js', ' data-phone=""')),
    '/no-phone-element': page(`<wapi-chat-button text="Ask us"></wapi-chat-button>${script('chat-button.js')}`),
    '/twice': page(
      `${script('chat-button.js', ' data-phone="+905551234567"')}${script('chat-button.js', ' data-phone="+905551234567" data-text="Second"')}`,
    ),
    '/element-and-script': page(
      `<wapi-chat-button phone="+905551234567" text="Placed by hand"></wapi-chat-button>${script('chat-button.js', ' data-phone="+905551234567"')}`,
    ),
  });
});
afterAll(async () => {
  await site?.close();
});

/** The boxes of the button and of the tool's parts, rounded to a tenth of a pixel. */
async function widgetBoxes(p: Page): Promise<Record<string, number[]>> {
  await p.getByRole('link', { name: 'Chat with Us' }).waitFor();
  await p.getByText('Enter a phone number to generate QR code').waitFor();
  return p.evaluate(() => {
    const box = (el: Element | null | undefined) => {
      const r = el!.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height].map((n) => Math.round(n * 10) / 10);
    };
    const button = document.querySelector('wapi-chat-button')!;
    const tool = document.querySelector('#tool')!.shadowRoot!;
    return {
      button: box(button),
      link: box(button.shadowRoot!.querySelector('a')),
      icon: box(button.shadowRoot!.querySelector('svg')),
      tool: box(document.querySelector('#tool')),
      phone: box(tool.querySelector('input')),
      message: box(tool.querySelector('textarea')),
      qr: box(tool.querySelector('.wt-qr')),
      download: box(tool.querySelector('button')),
      text: box(document.querySelector('#p')),
    };
  });
}

describe('widgets on a page with a strict CSP', () => {
  it('show the button and the tool in the same boxes as on a plain page, with no style refused', async () => {
    const plain = await openPage(env.browser, site.url);
    await plain.goto('/plain');
    const expected = await widgetBoxes(plain);
    await plain.context().close();
    // Styled, not the bare 1264-px icon of an unstyled shadow root.
    expect(expected.icon![2]).toBe(28);
    expect(expected.link![3]).toBeLessThan(60);

    const strict = await openPage(env.browser, site.url);
    const refused: string[] = [];
    strict.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    const res = await strict.goto('/strict');
    expect(res!.headers()['content-security-policy']).toMatch(/style-src 'self'/);
    expect(await widgetBoxes(strict)).toEqual(expected);
    // The QR generator still draws its code and reads numbers country-aware (phone-numbers.js loaded).
    await strict.getByRole('textbox', { name: /Phone Number/ }).fill('+90 0555 123 45 67');
    await expect.poll(() => strict.locator('output').textContent()).toBe('https://wa.me/905551234567');
    expect(refused).toEqual([]);
    await strict.context().close();
  });

  it('use an adopted stylesheet, not a <style>, and fall back to one in a browser without constructable stylesheets, in the same boxes', async () => {
    const sheets = (p: Page) =>
      p.evaluate(() =>
        ['wapi-chat-button', '#tool'].map((s) => {
          const root = document.querySelector(s)!.shadowRoot!;
          return { adopted: root.adoptedStyleSheets?.length ?? 0, styles: root.querySelectorAll('style').length };
        }),
      );
    const plain = await openPage(env.browser, site.url);
    await plain.goto('/plain');
    const expected = await widgetBoxes(plain);
    expect(await sheets(plain)).toEqual([
      { adopted: 1, styles: 0 },
      { adopted: 1, styles: 0 },
    ]);
    await plain.context().close();

    const old = await openPage(env.browser, site.url);
    await old.addInitScript(() => {
      delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
      delete (Document.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    });
    await old.goto('/plain');
    expect(await widgetBoxes(old)).toEqual(expected);
    expect(await sheets(old)).toEqual([
      { adopted: 0, styles: 1 },
      { adopted: 0, styles: 1 },
    ]);
    await old.context().close();
  });
});

describe('chat button attributes and loading', () => {
  it('sits offset-bottom pixels above the bottom of the screen, clear of a fixed footer', async () => {
    const p = await openPage(env.browser, site.url);
    await p.goto('/footer');
    const link = p.getByRole('link', { name: 'Chat with Us' });
    await link.waitFor();
    const host = await p.evaluate(() => document.querySelector('wapi-chat-button')!.getBoundingClientRect().bottom);
    expect(host).toBe(900 - 96);
    const footerTop = await p.evaluate(() => document.querySelector('#footer')!.getBoundingClientRect().top);
    expect((await link.boundingBox())!.y + (await link.boundingBox())!.height).toBeLessThanOrEqual(footerTop);
    await p.context().close();
  });

  for (const path of ['/no-phone-script', '/no-phone-element']) {
    it(`renders nothing and warns in the console without a phone (${path})`, async () => {
      const p = await openPage(env.browser, site.url);
      const warnings: string[] = [];
      p.on('console', (m) => {
        if (m.type() === 'warning') warnings.push(m.text());
      });
      await p.goto(path);
      await p.waitForFunction(
        () => customElements.get('wapi-chat-button') && document.querySelector('wapi-chat-button'),
      );
      await expect.poll(() => warnings).toEqual([MISSING_PHONE_WARNING]);
      const shown = await p.evaluate(() => {
        const el = document.querySelector('wapi-chat-button')!;
        const r = el.getBoundingClientRect();
        return {
          links: el.shadowRoot!.querySelectorAll('a').length,
          width: r.width,
          height: r.height,
          display: getComputedStyle(el).display,
        };
      });
      expect(shown).toEqual({ links: 0, width: 0, height: 0, display: 'none' });
      expect(await p.getByRole('link').count()).toBe(0);
      await p.context().close();
    });
  }

  it('gives one button when the script is loaded twice, or beside a button placed by hand', async () => {
    // Two async scripts run in either order: whichever comes first inserts the one button.
    for (const [path, name] of [
      ['/twice', /^(Chat with Us|Second)$/],
      ['/element-and-script', 'Placed by hand'],
    ] as const) {
      const p = await openPage(env.browser, site.url);
      await p.goto(path);
      await p.waitForLoadState('load');
      await p.getByRole('link', { name }).waitFor();
      expect(await p.evaluate(() => document.querySelectorAll('wapi-chat-button').length), path).toBe(1);
      await p.context().close();
    }
  });
});
