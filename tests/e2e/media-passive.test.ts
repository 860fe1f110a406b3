import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hostSite } from './support/hostile-site';
import { HttpCustomer } from './support/http-api';
import { openPage, register, serverAndBrowser } from './support/pages';

/**
 * Issue 21: a tenant (or an agent) stores HTML and JavaScript as message media. Opened by a signed-in
 * user, or loaded as a script by another stored page, nothing of it may run on the app's origin.
 */
const running = serverAndBrowser();

const b64 = (s: string) => Buffer.from(s).toString('base64');
/** Runs, if it ever can: a dialog, a marker and a call to the console API with the user's cookie. */
const PAYLOAD = "window.ran = true; alert('ran'); fetch('/api/wapi/product?by=stored-media');";
/** A stored page: inline code, and the stored script loaded from our own origin (what `script-src 'self'` let through). */
const HTML = (js: string) =>
  `<!doctype html><html><body><h1>Invoice</h1><script>${PAYLOAD}</script><script src="${js}"></script><img src=x onerror="${PAYLOAD}"></body></html>`;
const SVG = (js: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" onload="${PAYLOAD}"><script>${PAYLOAD}</script><script href="${js}"/></svg>`;
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Everything that betrays stored code running: dialogs, and the payload's call to the API (by its marker) or any request a stored file makes. */
function watch(ctx: BrowserContext, page: Page) {
  const dialogs: string[] = [];
  const requests: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  ctx.on('request', (r) => {
    const from = r.frame()?.url() ?? '';
    if (r.url().includes('stored-media') || (from.includes('/media/') && !r.url().includes('/media/')))
      requests.push(`${r.method()} ${r.url()}`);
  });
  return { dialogs, requests };
}

/** Signs a customer in through the console and stores the hostile files as sent media. */
async function hostileMedia(page: Page): Promise<Record<'html' | 'js' | 'svg' | 'png', string>> {
  await register(page, `media${Date.now()}@example.com`);
  const creds = await page.evaluate(async () => {
    const body = (await (await fetch('/api/wapi/product')).json()) as {
      product: { id: string; settings: { wapi_token: string } };
    };
    return { pid: body.product.id, token: body.product.settings.wapi_token };
  });
  const customer = new HttpCustomer(running.server.url);
  Object.assign(customer, creds);
  const phone = await customer.addLinkedPhone(`90530123${String(Date.now()).slice(-4)}`);
  const to = '905301239998';
  const files = {
    js: () => `data:application/javascript;base64,${b64(PAYLOAD)}`,
    html: (js: string) => `data:text/html;base64,${b64(HTML(js))}`,
    svg: (js: string) => `data:image/svg+xml;base64,${b64(SVG(js))}`,
    png: () => `data:image/png;base64,${PNG}`,
  };
  const out = {} as Record<keyof typeof files, string>;
  for (const [kind, file] of Object.entries(files) as [keyof typeof files, (js: string) => string][]) {
    const message = file(out.js ? new URL(out.js).pathname : '');
    const sent = await customer.post(`/${phone}/sendMessage`, {
      to_number: to,
      type: 'media',
      message,
      filename: `invoice.${kind}`,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const page = await customer.get(`/${phone}/getConversations/${to}@c.us`);
    // The chat pane's links are paths on the app (or on MEDIA_ORIGIN when set).
    out[kind] = new URL(
      page.body.data.messages.find((m: { id: string }) => m.id === sent.body.data.msgId).url,
      running.server.url,
    ).href;
  }
  return out;
}

describe('stored media in the browser', () => {
  it('opening stored html, js and svg links runs nothing: no dialog, no request to the API; a png still shows', async () => {
    const page = await openPage(running.browser, running.server.url, { downloads: true });
    const links = await hostileMedia(page);
    const seen = watch(page.context(), page);
    for (const kind of ['html', 'js', 'svg'] as const) {
      const opened = await page.context().newPage();
      opened.on('dialog', (d) => {
        seen.dialogs.push(d.message());
        void d.dismiss();
      });
      const download = opened.waitForEvent('download', { timeout: 5_000 }).catch(() => null);
      await opened.goto(links[kind]).catch(() => undefined); // a download aborts the navigation
      await opened.waitForTimeout(300);
      expect(
        await opened.evaluate(() => (window as { ran?: boolean }).ran ?? false).catch(() => false),
        `${kind} ran`,
      ).toBe(false);
      expect(seen.dialogs, kind).toEqual([]);
      expect(await download, `${kind} is a download`).not.toBeNull();
      await opened.close();
    }
    const png = await page.context().newPage();
    const res = await png.goto(links.png);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(await png.evaluate(() => document.images[0]?.naturalWidth)).toBe(1);
    await png.close();
    expect(seen.dialogs).toEqual([]);
    expect(seen.requests).toEqual([]);
  });

  it("a <script src> to a stored file does not run, from the app's own origin or another site's", async () => {
    const page = await openPage(running.browser, running.server.url, { downloads: true });
    const links = await hostileMedia(page);
    const seen = watch(page.context(), page);
    // On the app's origin (script-src 'self' allows the URL): the answer's type and nosniff refuse it.
    await page.goto('/login');
    for (const kind of ['js', 'html', 'svg'] as const) {
      const outcome = await page.evaluate(
        (src) =>
          new Promise<string>((resolve) => {
            const s = document.createElement('script');
            s.src = src;
            s.onload = () => resolve('loaded');
            s.onerror = () => resolve('refused');
            document.head.append(s);
          }),
        new URL(links[kind]).pathname,
      );
      expect(outcome, kind).toBe('refused');
    }
    expect(await page.evaluate(() => (window as { ran?: boolean }).ran ?? false)).toBe(false);
    // From another site's page: scripts and a frame of the stored page.
    const site = await hostSite({
      '/attack.html': `<!doctype html><html><body>
<script src="${links.js}" onerror="window.refused = (window.refused || 0) + 1"></script>
<script src="${links.html}" onerror="window.refused = (window.refused || 0) + 1"></script>
<iframe src="${links.html}"></iframe></body></html>`,
    });
    try {
      const attack = await page.context().newPage();
      attack.on('dialog', (d) => {
        seen.dialogs.push(d.message());
        void d.dismiss();
      });
      await attack.goto(`${site.url}/attack.html`);
      await attack.waitForTimeout(500);
      expect(
        await attack.evaluate(() => ({
          ran: (window as { ran?: boolean }).ran ?? false,
          refused: (window as { refused?: number }).refused ?? 0,
        })),
      ).toEqual({ ran: false, refused: 2 });
      await attack.close();
    } finally {
      await site.close();
    }
    expect(seen.dialogs).toEqual([]);
    expect(seen.requests).toEqual([]);
  });
});
