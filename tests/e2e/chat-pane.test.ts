import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_EXAMPLES } from '../../src/shared/openapi/send-examples';
import { launchBrowser } from './support/browser';
import { HttpCustomer } from './support/http-api';
import { openPage } from './support/pages';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
const WAIT = { timeout: 10_000 };
/** Shorter than the conversation list's 10 s poll: the open chat must lose its badge at once. */
const AT_ONCE = { timeout: 3_000 };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A tiny valid file of a MIME type, as a data URI. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const dataUri = (mime: string) => `data:${mime};base64,AAAAIGZ0eXBpc29tAAACAGlzb21pc28y`;

async function signedIn(page: Page): Promise<HttpCustomer> {
  const password = 'Str0ng#Pass';
  await page.goto('/register');
  await page.getByLabel('E-mail').fill('chat@example.com');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password confirmation').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /register|sign up|create/i }).click();
  await page.waitForURL('**/subscription');
  const creds = await page.evaluate(async () => {
    const body = (await (await fetch('/api/wapi/product')).json()) as {
      product: { id: string; settings: { wapi_token: string } };
    };
    return { pid: body.product.id, token: body.product.settings.wapi_token };
  });
  const customer = new HttpCustomer(server.url);
  customer.pid = creds.pid;
  customer.token = creds.token;
  return customer;
}

describe('console: the chat pane', () => {
  it('shows every message type sent through the API, formatted, and reads an opened conversation', async () => {
    const page = await newPage();
    const customer = await signedIn(page);
    const phone = await customer.addLinkedPhone('905301230001');
    const to = '905301239999';
    const bodies: Record<string, unknown>[] = [
      { type: 'text', message: '*Bold* _slanted_ ~gone~ ```mono``` <b>not html</b>' },
      { type: 'media', message: PNG, text: 'A picture' },
      { type: 'media', message: dataUri('video/mp4'), filename: 'clip.mp4' },
      { type: 'media', message: dataUri('audio/ogg'), filename: 'voice.ogg' },
      { type: 'media', message: dataUri('application/pdf'), filename: 'report.pdf' },
      { type: 'media', message: dataUri('image/webp'), filename: 'sticker.webp' },
      SEND_EXAMPLES['Location Message']!,
      SEND_EXAMPLES['vCard Message']!,
      SEND_EXAMPLES['Contact Message']!,
      SEND_EXAMPLES['Poll Message']!,
      SEND_EXAMPLES['Buttons Message with Title and Footer (beta)']!,
      SEND_EXAMPLES['Link Message']!,
    ];
    for (const body of bodies) {
      const res = await customer.post(`/${phone}/sendMessage`, { ...body, to_number: to });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    await page.goto(`/phone-detail/${phone}`);
    await page.getByLabel('New chat with number').fill(to);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    const chat = page.getByRole('region', { name: `Chat with +${to}` });
    const messages = chat.getByRole('list', { name: 'Messages' });
    await expect.poll(() => messages.locator(':scope > li').count(), WAIT).toBe(bodies.length);
    expect(await messages.locator('strong', { hasText: 'Bold' }).count()).toBe(1);
    expect(await messages.locator('em', { hasText: 'slanted' }).count()).toBe(1);
    expect(await messages.locator('s', { hasText: 'gone' }).count()).toBe(1);
    expect(await messages.locator('code', { hasText: 'mono' }).count()).toBe(1);
    expect(await messages.getByText('<b>not html</b>', { exact: false }).count()).toBe(1);
    expect(await messages.getByRole('img', { name: 'A picture' }).count()).toBe(1);
    expect(await messages.locator('video').count()).toBe(1);
    expect(await messages.locator('audio').count()).toBe(1);
    expect(await messages.getByRole('link', { name: 'report.pdf' }).count()).toBe(1);
    expect(await messages.getByRole('img', { name: 'Sticker' }).count()).toBe(1);
    expect(await messages.getByRole('link', { name: 'Fatih Sultan Mehmet Köprüsü' }).count()).toBe(1);
    expect(await messages.getByText('John Doe').count()).toBe(1);
    expect(await messages.getByText('+908501234567').count()).toBe(1);
    expect(await messages.getByRole('list', { name: 'Poll options' }).getByRole('listitem').count()).toBe(3);
    expect(await messages.getByRole('list', { name: 'Buttons' }).getByText('Test Button 2').count()).toBe(1);
    expect(await messages.getByRole('link', { name: /WhatsApp API \(optional\)/ }).getAttribute('href')).toBe(
      'https://maytapi.com/',
    );
    expect(await messages.getByText(/Unsupported message type/).count()).toBe(0);

    // A message from a contact: unread in the list until the conversation is opened.
    await customer.sim('/incoming', { phoneId: phone, from: '905301238888', message: 'Are you there?' });
    const list = page.getByRole('list', { name: 'Conversations' });
    const badge = list.getByText('1 unread', { exact: true });
    await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(1);
    await list.getByRole('button').filter({ hasText: 'Are you there?' }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('region', { name: /^Chat with / })
            .getByText('Are you there?')
            .count(),
        WAIT,
      )
      .toBe(1);
    await expect.poll(() => badge.count(), AT_ONCE).toBe(0);
    await page.reload();
    await expect.poll(() => list.getByRole('button').filter({ hasText: 'Are you there?' }).count(), WAIT).toBe(1);
    expect(await list.getByText(/ unread$/).count()).toBe(0);
  });
});

function newPage(): Promise<Page> {
  return openPage(browser, server.url, { width: 1280 });
}
