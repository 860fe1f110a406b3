/**
 * The free tools and the chat button page used as a visitor and a user would: public pages readable
 * without JavaScript, every no-phone tool's main path including its downloads, and /button making a
 * snippet whose preview is the real element.
 */
import ICAL from 'ical.js';
import jsQR from 'jsqr';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TOOL_NAV } from '../../src/shared/tool-names';
import { decodePng } from '../support/decode-png';
import { openPage, serverAndBrowser, shot } from './support/pages';

const env = serverAndBrowser();
const WAIT = { timeout: 10_000 };

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

/** Signs the demo customer in; closes the welcome modal an account without a trial or plan opens on. */
async function signInDemo(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('demo@wapi.dev');
  await page.getByLabel('Password').fill('Demo#2026wapi');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** Closes the welcome modal when it is open (the demo account has neither a trial nor a plan). */
async function closeWelcome(page: Page): Promise<void> {
  const welcome = page.getByRole('dialog', { name: 'Unofficial WhatsApp API for Developers' });
  await welcome.waitFor({ timeout: 3_000 }).then(
    () => welcome.getByRole('button', { name: 'Close' }).click(),
    () => undefined,
  );
}

describe('free tools for visitors', () => {
  it('shows the heading and text without JavaScript', async () => {
    const ctx = await env.browser.newContext({ baseURL: env.server.url, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto('/tools/whatsapp-qr-code-generator');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('QR Code Generator');
    await expect(page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).resolves.toBe('/register');
    await ctx.close();
  });

  it('makes a vCard and downloads contact.vcf', async () => {
    const page = await openPage(env.browser, env.server.url, { downloads: true });
    await page.goto('/tools/vcardmaker');
    await page.getByText('You have to fill First Name and Phone Number to get code').waitFor(WAIT);
    await page.getByRole('textbox', { name: /First Name/ }).fill('Ayşe');
    await page.getByRole('textbox', { name: /Phone Number/ }).fill('+905551234567');
    await page.getByRole('textbox', { name: /Company Name/ }).fill('Acme, Inc.');
    const file = await downloaded(page, () => page.getByRole('button', { name: 'Download in VCF format' }).click());
    expect(file.name).toBe('contact.vcf');
    const card = new ICAL.Component(ICAL.parse(file.text));
    expect([
      card.getFirstPropertyValue('fn'),
      card.getFirstPropertyValue('tel'),
      card.getFirstPropertyValue('org'),
    ]).toEqual(['Ayşe', '+905551234567', 'Acme, Inc.']);
    await page.getByRole('button', { name: 'JSON' }).click();
    await expect(page.getByLabel('JSON code').textContent()).resolves.toContain('"organization": "Acme, Inc."');
    await expect(page.getByRole('link', { name: 'Sign up' }).first().isVisible()).resolves.toBe(true);
    await shot(page, 'tools-vcard-visitor');
    await page.context().close();
  });

  it('escapes a sample, saves it through Save as File as processed_file.txt and .json, and refuses a bad unescape', async () => {
    const page = await openPage(env.browser, env.server.url, { downloads: true });
    await page.goto('/tools/json-escape-unescape');
    await page.getByRole('button', { name: 'Sample JSON (simple)' }).click();
    await page.getByRole('button', { name: 'Escape', exact: true }).click();
    await page.getByText('Text escaped successfully!').waitFor(WAIT);
    const escaped = await page.getByRole('textbox', { name: 'Result' }).inputValue();
    expect(escaped).toContain('\\"name\\": \\"John Doe\\"');
    const saveAs = async (format: 'JSON' | 'TXT') => {
      await page.getByRole('button', { name: 'Save as File' }).click();
      return downloaded(page, () => page.getByRole('button', { name: `Save as ${format}` }).click());
    };
    expect(await saveAs('TXT')).toEqual({ name: 'processed_file.txt', text: escaped });
    await page.getByText('File saved successfully as TXT!').waitFor(WAIT);
    expect(await saveAs('JSON')).toEqual({ name: 'processed_file.json', text: escaped });
    await page.getByRole('textbox', { name: 'Input' }).fill('bad \\x');
    await page.getByRole('button', { name: 'Unescape' }).click();
    await page.getByText('Cannot unescape this entry!').waitFor(WAIT);
    await page.context().close();
  });

  it('formats text and encodes a file as Base64', async () => {
    const page = await openPage(env.browser, env.server.url, { width: 360 });
    await page.goto('/tools/whatsapp-text-formatter');
    const text = page.getByRole('textbox', { name: 'Your text' });
    await expect(page.getByRole('button', { name: 'Format Text' }).isDisabled()).resolves.toBe(true);
    await text.fill('hello world');
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 5));
    await page.getByRole('button', { name: 'Bold' }).click();
    await expect(text.inputValue()).resolves.toBe('*hello* world');
    await page.getByRole('button', { name: 'Format Text' }).click();
    await expect(page.getByLabel('Formatted preview').innerHTML()).resolves.toBe('<strong>hello</strong> world');
    await shot(page, 'tools-formatter-360');

    await page.goto('/tools/base64encoder');
    await page
      .getByLabel('Image, video or audio file')
      .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgo=', 'base64') });
    await expect(page.getByLabel('Base64 data URI').textContent(WAIT)).resolves.toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    await page.context().close();
  });
});

describe('/tools (issue 38)', () => {
  it('lists the nine tools, each linking to its page, for visitors and for users', async () => {
    const page = await openPage(env.browser, env.server.url, { width: 360 });
    const listed = async () => {
      const list = page.getByRole('list', { name: 'The free tools' });
      await list.waitFor(WAIT);
      return list.getByRole('link').evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.textContent]));
    };
    const nine = TOOL_NAV.map((t) => [t.path, t.name]);
    await page.goto('/tools');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Free Tools');
    expect(await listed()).toEqual(nine);
    expect(await page.getByLabel('Image, video or audio file').count()).toBe(0);
    await shot(page, 'tools-index-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('link', { name: 'Text Formatter' }).last().click();
    await page.waitForURL('**/tools/whatsapp-text-formatter');

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInDemo(page);
    await page.goto('/tools');
    await closeWelcome(page);
    expect(await listed()).toEqual(nine);
    await shot(page, 'tools-index-1280');
    await page.context().close();
  });
});

describe("the tools' edges", () => {
  it("refuses a Base64 file past the API's media limit before encoding, and keeps the JSON input when a file is not JSON", async () => {
    for (const width of [1280, 360]) {
      const page = await openPage(env.browser, env.server.url, { width });
      await page.goto('/tools/base64encoder');
      const file = page.getByLabel('Image, video or audio file');
      await page.getByText("At most 16 MB, the messaging API's media limit.").waitFor(WAIT);
      const big = Buffer.alloc(16 * 1024 * 1024 + 1);
      await file.setInputFiles({ name: 'big.mp4', mimeType: 'video/mp4', buffer: big });
      await page
        .getByRole('alert')
        .getByText(
          "This file is 16.1 MB, larger than 16 MB, the messaging API's media limit: it is not encoded. Choose a smaller file.",
        )
        .waitFor(WAIT);
      await expect(page.getByLabel('Base64 data URI').count()).resolves.toBe(0);
      await expect(file.getAttribute('aria-invalid')).resolves.toBe('true');
      await shot(page, `tools-base64-too-big-${width}`);

      await page.goto('/tools/json-escape-unescape');
      const input = page.getByRole('textbox', { name: 'Input' });
      await input.fill('{"kept": true}');
      await page.getByLabel('Upload JSON').setInputFiles({
        name: 'numbers.json',
        mimeType: 'application/json',
        buffer: Buffer.from('name,phone\nAli,905551234567'),
      });
      const error = page.getByRole('alert').getByText(/^Error reading JSON file: .+/);
      await error.waitFor(WAIT);
      await expect(input.inputValue()).resolves.toBe('{"kept": true}');
      await expect(input.getAttribute('aria-describedby')).resolves.toBe(await error.getAttribute('id'));
      // The error sits right under the input, not off in a toast.
      const [inputBox, errorBox] = await Promise.all([input.boundingBox(), error.boundingBox()]);
      expect(errorBox!.y).toBeGreaterThan(inputBox!.y + inputBox!.height - 1);
      expect(errorBox!.y - (inputBox!.y + inputBox!.height)).toBeLessThan(40);
      await shot(page, `tools-json-not-json-${width}`);
      // A good file replaces the input and the error goes.
      await page
        .getByLabel('Upload JSON')
        .setInputFiles({ name: 'a.json', mimeType: 'application/json', buffer: Buffer.from('{"a":1}') });
      await expect.poll(() => input.inputValue()).toBe('{\n  "a": 1\n}');
      await expect(page.getByText(/^Error reading JSON file/).count()).resolves.toBe(0);
      await page.context().close();
    }
  });
  it('tells an empty file, a file with no numbers and a file over the size limit apart in the multi checker, naming CSV or Excel', async () => {
    const page = await openPage(env.browser, env.server.url);
    await signInDemo(page);
    await page.goto('/tools/multi-whatsapp-check-numbers');
    await closeWelcome(page);
    const input = page.getByLabel('Upload numbers file');
    const toast = (text: string) => page.locator('.w-toast__text', { hasText: text }).first().waitFor(WAIT);
    await page.getByText(/up to 5 MB/).waitFor(WAIT);
    await input.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
    await toast('The CSV file is empty: put the phone numbers in column A, one a row.');
    await input.setInputFiles({
      name: 'names.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,city\nAli,Ankara\n'),
    });
    await toast('No valid phone numbers found in the CSV file. Please check the format.');
    await input.setInputFiles({
      name: 'huge.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.alloc(6 * 1024 * 1024, 1),
    });
    await toast('The Excel file is 6 MB: the checker reads files of up to 5 MB. Split the numbers into smaller files.');
    await shot(page, 'tools-multi-too-big');
    await page.setViewportSize({ width: 360, height: 800 });
    await shot(page, 'tools-multi-too-big-360');
    // Still on the first step: nothing was loaded.
    await expect(page.getByText(/numbers? loaded successfully/).count()).resolves.toBe(0);
    await page.context().close();
  });
});

describe('a tool or page that fails never blanks the page', () => {
  it('keeps a QR message too long for any level, says beside it that it is too long, and draws the code once it fits', async () => {
    const page = await openPage(env.browser, env.server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/tools/whatsapp-qr-code-generator');
    // A leading 00 is the international prefix, not part of the number.
    await page.getByRole('textbox', { name: /Phone Number/ }).fill('0090 555 123 45 67');
    await expect(page.locator('output').textContent()).resolves.toBe('https://wa.me/905551234567');
    const message = page.getByRole('textbox', { name: /Message/ });
    await expect(message.getAttribute('aria-describedby')).resolves.toBeTruthy();
    await page.getByText(/A QR code holds a link of up to 2953 characters/).waitFor(WAIT);
    const long = 'Hello there '.repeat(250);
    expect(long).toHaveLength(3_000);
    await message.fill(long);
    await page.getByText(/The message is too long for a QR code: shorten it by about \d+ characters/).waitFor(WAIT);
    await expect(message.inputValue()).resolves.toBe(long);
    await expect(message.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('QR Code Generator');
    await expect(page.locator('.wt-qr').textContent()).resolves.toBe('Message too long for a QR code');
    await expect(page.getByRole('button', { name: 'Download' }).isDisabled()).resolves.toBe(true);
    await shot(page, 'tools-qr-too-long');
    await message.fill('Hello there');
    await page.locator('.wt-qr canvas').waitFor(WAIT);
    await expect(message.getAttribute('aria-invalid')).resolves.toBe(null);
    await expect(page.getByText(/Too long for level H/).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('codes a 1,500-character QR message at the most robust level that holds it, says which, and the PNG decodes to it', async () => {
    for (const width of [1280, 360]) {
      const page = await openPage(env.browser, env.server.url, { downloads: true, width });
      await page.goto('/tools/whatsapp-qr-code-generator');
      await page.getByRole('textbox', { name: /Phone Number/ }).fill('+90 555 123 45 67');
      const text = 'Hello, I would like to order 2 items. '.repeat(40).slice(0, 1_500);
      await page.getByRole('textbox', { name: /Message/ }).fill(text);
      await page
        .getByText(
          'Too long for level H: this code is made at error-correction level M, which reads with up to 15% of it damaged (H: 30%).',
        )
        .waitFor(WAIT);
      await page.locator('.wt-qr canvas').waitFor(WAIT);
      await shot(page, `tools-qr-level-m-${width}`);
      if (width === 360) {
        await page.context().close();
        continue;
      }
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download' }).click(),
      ]);
      const png = decodePng(readFileSync((await download.path())!));
      const code = jsQR(new Uint8ClampedArray(png.rgba), png.width, png.height);
      expect(code?.data).toBe(`https://wa.me/905551234567?text=${encodeURIComponent(text)}`);
      await page.context().close();
    }
  });

  it('shows a message and a way back when a page fails to load, on a public tool page and in the console', async () => {
    const page = await openPage(env.browser, env.server.url);
    // A page's code that cannot be fetched (a deploy replaced it, the network dropped) throws in the lazy page.
    await page.route(/\/assets\/FreeToolPage-[^/]*\.js$/, (r) => r.abort());
    await page.goto('/tools/vcardmaker');
    await page.getByRole('heading', { name: 'Something went wrong on this page' }).waitFor(WAIT);
    await expect(page.getByRole('button', { name: 'Reload' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Home' }).getAttribute('href')).resolves.toBe('/');
    await shot(page, 'page-error-public');
    await page.unroute(/\/assets\/FreeToolPage-[^/]*\.js$/);

    await signInDemo(page);
    await page.route(/\/assets\/ButtonPage-[^/]*\.js$/, (r) => r.abort());
    await page.goto('/button');
    await page.getByRole('heading', { name: 'Something went wrong on this page' }).waitFor(WAIT);
    await closeWelcome(page);
    await shot(page, 'page-error-console');
    // The console's layout stays: the sidebar leads elsewhere, and another page shows again.
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /Phones/ })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === '/phones' || u.pathname === '/');
    await expect(page.getByRole('heading', { name: 'Something went wrong on this page' }).count()).resolves.toBe(0);
    await page.context().close();
  });
});

describe('chat button page', () => {
  it('checks the form, then writes the snippet and previews the real button', async () => {
    const page = await openPage(env.browser, env.server.url);
    await signInDemo(page);
    await page.goto('/button');
    await closeWelcome(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter country code.').waitFor(WAIT);
    await page.getByText('Enter phone number.').waitFor();
    await page.getByLabel('Country code').fill('+90');
    await page.getByLabel('Phone number').fill('555-12');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter valid phone number. This number is too short for +90.').waitFor();
    // The national number as a person in Turkey writes it: the trunk 0 is not part of the link.
    await page.getByLabel('Phone number').fill('0555 123 45 67');
    await page.getByRole('group', { name: 'Design' }).getByRole('button', { name: 'Small' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const snippet = page.getByText(/<script src=.*chat-button\.js/);
    await snippet.waitFor(WAIT);
    expect(await snippet.textContent()).toBe(
      `<script src="${env.server.url}/widgets/chat-button.js" data-phone="+905551234567" data-design="small" async></script>`,
    );
    const preview = page.locator('.w-button-preview').getByRole('link', { name: 'Chat with Us' });
    await expect(preview.getAttribute('href')).resolves.toMatch(
      /^https:\/\/wa\.me\/905551234567\?text=I'm%20interested/,
    );
    await shot(page, 'button-1280');
    await page.setViewportSize({ width: 360, height: 800 });
    await shot(page, 'button-360');
    await page.context().close();
  });
});
