/**
 * The widget scripts on someone else's site: a page on another origin, with hostile CSS, loads
 * /widgets/chat-button.js and /widgets/tools.js from the server. The widgets render, work, and every
 * element of the host page keeps the box it has without them.
 */
import jsQR from 'jsqr';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostSite, hostilePage } from './support/hostile-site';
import { openPage, serverAndBrowser } from './support/pages';

const env = serverAndBrowser();
let site: Awaited<ReturnType<typeof hostSite>>;
const PHONE = '+90 555 123 45 67';
const MESSAGE = 'Hello & welcome? Çok iyi';

beforeAll(async () => {
  const script = (file: string, attrs = '') =>
    `<script src="${env.server.url}/widgets/${file}"${attrs} async></script>`;
  site = await hostSite({
    '/plain': hostilePage(''),
    '/button': hostilePage(
      script(
        'chat-button.js',
        ` data-phone="${PHONE}" data-message="${MESSAGE.replace(/&/g, '&amp;')}" data-design="large-green"`,
      ),
    ),
    '/desktop-only': hostilePage(
      script('chat-button.js', ' data-phone="1" data-display="desktop" data-position-desktop="left"'),
    ),
    '/no-mobile-message': hostilePage(
      script(
        'chat-button.js',
        ' data-phone="1" data-message="Hi" data-message-mobile="false" data-design="small" data-text="Ask us"',
      ),
    ),
    '/tool': hostilePage(`<div id="tool" data-wapi-tool="whatsapp-qr-code-generator"></div>${script('tools.js')}`),
  });
});
afterAll(async () => {
  await site?.close();
});

/** The box of every element of the host page that has an id, and (unless `except` is given) the page's scroll size. */
function boxes(page: Page, except: string[] = []): Promise<Record<string, number[]>> {
  return page.evaluate((skip) => {
    const root = document.documentElement;
    // A widget that took room in the flow would make the page longer even when placed last.
    const out: Record<string, number[]> = skip.length ? {} : { page: [root.scrollWidth, root.scrollHeight] };
    for (const el of document.querySelectorAll('[id]')) {
      if (skip.includes(el.id)) continue;
      const r = el.getBoundingClientRect();
      out[el.id] = [r.x, r.y, r.width, r.height].map((n) => Math.round(n * 10) / 10);
    }
    return out;
  }, except);
}

async function plainBoxes(except: string[] = []): Promise<Record<string, number[]>> {
  const page = await openPage(env.browser, site.url);
  await page.goto('/plain');
  const b = await boxes(page, except);
  await page.context().close();
  return b;
}

describe('chat button on a hostile site', () => {
  it('is served to any origin, cached and compressed', async () => {
    const res = await fetch(`${env.server.url}/widgets/chat-button.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d{5,}/);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toBe(readFileSync('dist/web/widgets/chat-button.js', 'utf8'));
  });

  it('renders, keeps every host box, sets no cookie, fetches nothing, and opens the right link on click', async () => {
    const before = await plainBoxes();
    const page = await openPage(env.browser, site.url);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page
      .context()
      .route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: 'chat' }));
    await page.goto('/button');
    const link = page.getByRole('link', { name: 'Chat with Us' });
    await link.waitFor();
    expect(await boxes(page)).toEqual(before);

    const look = await link.evaluate((a) => {
      const s = getComputedStyle(a);
      const r = a.getBoundingClientRect();
      const host = getComputedStyle(document.querySelector('wapi-chat-button')!);
      return {
        font: s.fontSize,
        color: s.color,
        bg: s.backgroundColor,
        left: r.left,
        right: r.right,
        bottom: r.bottom,
        height: r.height,
        position: host.position,
      };
    });
    expect(look).toMatchObject({
      font: '15px',
      color: 'rgb(255, 255, 255)',
      bg: 'rgb(21, 128, 61)',
      position: 'fixed',
    });
    expect(look.right).toBeLessThanOrEqual(1280);
    expect(look.left).toBeGreaterThan(1280 / 2);
    expect(look.bottom).toBeLessThanOrEqual(900);
    expect(look.height).toBeGreaterThan(40);

    expect(requests).toEqual([`${site.url}/button`, `${env.server.url}/widgets/chat-button.js`]);
    expect(await page.context().cookies()).toEqual([]);

    const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`https://wa.me/905551234567?text=${encodeURIComponent(MESSAGE)}`);
    await page.context().close();
  });

  it('is reached and opened with the keyboard, and still under reduced motion', async () => {
    const page = await openPage(env.browser, site.url);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page
      .context()
      .route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: 'chat' }));
    await page.goto('/button');
    const link = page.getByRole('link', { name: 'Chat with Us' });
    await link.waitFor();
    expect(await link.evaluate((a) => getComputedStyle(a).animationName)).toBe('none');
    let focused = '';
    for (let i = 0; i < 10 && focused !== 'WAPI-CHAT-BUTTON'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.tagName ?? '');
    }
    expect(focused).toBe('WAPI-CHAT-BUTTON');
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    await popup.waitForLoadState();
    expect(popup.url()).toMatch(/^https:\/\/wa\.me\/905551234567\?text=/);
    await page.context().close();
  });

  it('takes its mobile place on a small screen', async () => {
    const page = await openPage(env.browser, site.url, { width: 360, height: 740 });
    await page.goto('/button');
    const link = page.getByRole('link', { name: 'Chat with Us' });
    await link.waitFor();
    const r = await link.boundingBox();
    expect(r!.x + r!.width).toBeLessThanOrEqual(360);
    expect(r!.x).toBeGreaterThan(360 * 0.3);
    await page.context().close();
  });

  it('shows a desktop-only button on the left of a desktop and not at all on a phone', async () => {
    const desktop = await openPage(env.browser, site.url);
    await desktop.goto('/desktop-only');
    const r = await desktop.getByRole('link', { name: 'Chat with Us' }).boundingBox();
    expect(r!.x).toBeLessThan(1280 * 0.2);
    await desktop.context().close();
    const phone = await openPage(env.browser, site.url, { width: 360, height: 740 });
    await phone.goto('/desktop-only');
    await phone.waitForFunction(() => document.querySelector('wapi-chat-button')?.shadowRoot?.querySelector('a'));
    expect(await phone.getByRole('link', { name: 'Chat with Us' }).isVisible()).toBe(false);
    await phone.context().close();
  });
  it('opens the chat without the message on a phone when message-mobile is false, with it on a desktop', async () => {
    const hrefs: (string | null)[] = [];
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1280, height: 900 },
    ]) {
      const page = await openPage(env.browser, site.url, viewport);
      await page.goto('/no-mobile-message');
      const link = page.getByRole('link', { name: 'Ask us' });
      await link.waitFor();
      hrefs.push(await link.getAttribute('href'));
      await page.context().close();
    }
    expect(hrefs).toEqual(['https://wa.me/1', 'https://wa.me/1?text=Hi']);
  });
});

describe('embedded tool on a hostile site', () => {
  it('mounts the QR generator in its own shadow root, keeps the host boxes, and downloads a PNG that decodes to the link', async () => {
    const before = await plainBoxes(['tool']);
    const page = await openPage(env.browser, site.url, { downloads: true });
    await page.goto('/tool');
    await page.getByText('Enter a phone number to generate QR code').waitFor();
    expect(await boxes(page, ['tool'])).toEqual(before);
    const phone = page.getByRole('textbox', { name: /Phone Number/ });
    expect(await phone.evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');
    await phone.fill('905551234567');
    await page.getByRole('textbox', { name: /Message/ }).fill('Hi there');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('WhatsApp-QR-905551234567.png');
    const png = readFileSync((await download.path())!);
    const pixels = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      // The pixels as base64: a 1024 px PNG has 4 M bytes, far too slow to hand back as a JSON array.
      const bytes = ctx.getImageData(0, 0, img.width, img.height).data;
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { width: img.width, height: img.height, data: btoa(text) };
    }, png.toString('base64'));
    expect(pixels.width).toBeGreaterThanOrEqual(1024);
    const code = jsQR(new Uint8ClampedArray(Buffer.from(pixels.data, 'base64')), pixels.width, pixels.height);
    expect(code?.data).toBe('https://wa.me/905551234567?text=Hi%20there');
    // tools.js imported phone-numbers.js from beside itself: the number is read country-aware, so the
    // trunk 0 typed after +90 is not part of the link, and a wrong number says why beside the field.
    await phone.fill('+90 0555 123 45 67');
    await expect.poll(() => page.locator('output').textContent()).toBe('https://wa.me/905551234567?text=Hi%20there');
    await phone.fill('+1 555 123 4567');
    await page.getByText('This is not a valid number for +1: check the digits.').waitFor();
    await expect(page.getByRole('button', { name: 'Download' }).isDisabled()).resolves.toBe(true);
    await page.context().close();
  });
});
