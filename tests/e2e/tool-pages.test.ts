/**
 * The free tools and the chat button page used as a visitor and a user would: public pages readable
 * without JavaScript, every no-phone tool's main path including its downloads, and /button making a
 * snippet whose preview is the real element.
 */
import ICAL from 'ical.js';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, serverAndBrowser, shot } from './support/pages';

const env = serverAndBrowser();
const WAIT = { timeout: 10_000 };

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

describe('free tools for visitors', () => {
  it('shows the heading and text without JavaScript', async () => {
    const ctx = await env.browser.newContext({ baseURL: env.server.url, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto('/tools/whatsapp-qr-code-generator');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('WhatsApp QR Code Generator');
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
    expect([card.getFirstPropertyValue('fn'), card.getFirstPropertyValue('tel'), card.getFirstPropertyValue('org')]).toEqual(['Ayşe', '+905551234567', 'Acme, Inc.']);
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

    await page.goto('/tools');
    await page.getByLabel('Image, video or audio file').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgo=', 'base64') });
    await expect(page.getByLabel('Base64 data URI').textContent(WAIT)).resolves.toBe('data:image/png;base64,iVBORw0KGgo=');
    await page.context().close();
  });
});

describe('chat button page', () => {
  it('checks the form, then writes the snippet and previews the real button', async () => {
    const page = await openPage(env.browser, env.server.url);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('demo@wapi.dev');
    await page.getByLabel('Password').fill('Demo#2026wapi');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/button');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter country code.').waitFor(WAIT);
    await page.getByText('Enter phone number.').waitFor();
    await page.getByLabel('Country code').fill('+90');
    await page.getByLabel('Phone number').fill('555-12');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter valid phone number.').waitFor();
    await page.getByLabel('Phone number').fill('5551234567');
    await page.getByRole('group', { name: 'Design' }).getByRole('button', { name: 'Small' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const snippet = page.getByText(/<script src=.*chat-button\.js/);
    await snippet.waitFor(WAIT);
    expect(await snippet.textContent()).toBe(`<script src="${env.server.url}/widgets/chat-button.js" data-phone="+905551234567" data-design="small" async></script>`);
    const preview = page.locator('.w-button-preview').getByRole('link', { name: 'Chat with Us' });
    await expect(preview.getAttribute('href')).resolves.toMatch(/^https:\/\/wa\.me\/905551234567\?text=I'm%20interested/);
    await shot(page, 'button-1280');
    await page.setViewportSize({ width: 360, height: 800 });
    await shot(page, 'button-360');
    await page.context().close();
  });
});
