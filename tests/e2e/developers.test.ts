import { createClient } from '@libsql/client';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { DEV_MSG } from '../../web/lib/dev-messages';
import { checkWebhookBody } from '../support/declared-webhooks';
import { launchBrowser } from './support/browser';
import { credentialsOf, openPage, shot } from './support/pages';
import { HttpCustomer, until } from './support/http-api';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

/** The open chat polls every 3 s and the simulator echoes after a moment. */
const ECHO_WAIT_MS = 15_000;
/** Bulk clears wait 3 s between phones. */
const BULK_WAIT_MS = 15_000;
/** How long the page may take to show what a request brings back. */
const WAIT = { timeout: 10_000 };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function newPage(width = 1280): Promise<Page> {
  return openPage(browser, server.url, { width, clipboard: true, downloads: true });
}

/** Registers in the browser and answers the new product's id and token. */
async function register(page: Page, email: string): Promise<{ pid: string; token: string }> {
  const password = 'Str0ng#Pass';
  await page.goto('/register');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password confirmation').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /register|sign up|create/i }).click();
  await page.waitForURL('**/subscription');
  return credentialsOf(page);
}

async function loginDemo(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('demo@wapi.dev');
  await page.getByLabel('Password').fill('Demo#2026wapi');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** A messaging-API call with the product token, from the test. */
async function api<T = any>(
  c: { pid: string; token: string },
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}/api/${c.pid}${path}`, {
    method,
    headers: { 'x-api-key': c.token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** A local webhook receiver: records what it gets (each body checked against the document's webhooks) and answers 200. */
async function receiver(): Promise<{
  url: string;
  calls: { headers: IncomingHttpHeaders; body: string }[];
  close: () => Promise<void>;
}> {
  const calls: { headers: IncomingHttpHeaders; body: string }[] = [];
  const srv: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      calls.push({ headers: req.headers, body });
      const eventId = req.headers['webhook-id'];
      if (typeof eventId === 'string') void checkWebhookBody(body, eventId);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hooks/in`, calls, close: () => new Promise((r) => srv.close(() => r())) };
}

describe('console: developer pages in a real browser', () => {
  it('verifies a webhook before saving it, and stores it', async () => {
    const page = await newPage();
    const creds = await register(page, 'webhook@example.com');
    const hook = await receiver();
    try {
      await page.goto('/developers/webhook');
      const field = page.getByRole('textbox', { name: 'Webhook URL' });
      await field.waitFor();
      // The webhook's Save (the opt-out card below has its own).
      const save = page.getByRole('button', { name: 'Save', exact: true }).first();
      expect(await save.isDisabled()).toBe(true);

      // Empty, then unreachable: the spec's message, then the server's.
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect.poll(() => page.getByText(DEV_MSG.webhookEmpty).count(), WAIT).toBe(1);
      await field.fill('http://127.0.0.1:9/nothing');
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect.poll(() => page.getByText(/The webhook is not reachable/).count(), WAIT).toBe(1);
      expect(await save.isDisabled()).toBe(true);

      // A URL with "webhook" in it warns that unreachable webhooks are deleted.
      await field.fill(`${hook.url}?name=webhook`);
      await expect.poll(() => page.getByText(DEV_MSG.webhookUnreachableWarning).count(), WAIT).toBe(1);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect.poll(() => page.getByText(DEV_MSG.webhookWorked).count(), WAIT).toBe(1);
      // The receiver got a signed sample message.
      expect(hook.calls).toHaveLength(1);
      expect(hook.calls[0]!.headers['webhook-signature']).toMatch(/^v1,/);
      expect(JSON.parse(hook.calls[0]!.body).test).toBe(true);

      expect(await save.isDisabled()).toBe(false);
      await save.click();
      await expect.poll(() => page.getByRole('button', { name: 'Saved', exact: true }).count(), WAIT).toBe(1);
      await expect
        .poll(async () => (await api(creds, 'GET', '/product')).body.webhook, WAIT)
        .toBe(`${hook.url}?name=webhook`);
      // Saved reverts to Save after 2 s.
      await expect
        .poll(() => page.getByRole('button', { name: 'Saved', exact: true }).count(), { timeout: 5_000 })
        .toBe(0);
      expect(await page.getByRole('button', { name: 'Save', exact: true }).first().textContent()).toBe('Save');
      await shot(page, 'developers-webhook');

      // After a reload the stored webhook is shown; editing it needs a new test call.
      await page.reload();
      await expect
        .poll(() => page.getByRole('textbox', { name: 'Webhook URL' }).inputValue(), WAIT)
        .toBe(`${hook.url}?name=webhook`);
      await page.getByRole('textbox', { name: 'Webhook URL' }).fill(`${hook.url}/other`);
      expect(await page.getByRole('button', { name: 'Save', exact: true }).first().isDisabled()).toBe(true);

      // The signing secret is shown on request and matches the API's.
      await page.getByRole('button', { name: 'Show Signing secret' }).click();
      expect(await page.getByRole('textbox', { name: 'Signing secret' }).inputValue()).toBe(
        (await api(creds, 'GET', '/product')).body.webhook_secret,
      );

      // Ack delivery toggles through the API.
      const ack = page.getByRole('switch', { name: 'Send delivery acknowledgements' });
      const before = (await ack.getAttribute('aria-checked')) === 'true';
      await ack.click();
      await expect.poll(async () => (await api(creds, 'GET', '/product')).body.ack_delivery, WAIT).toBe(!before);
    } finally {
      await hook.close();
    }
  });

  it('lists received messages under Incoming, API calls under Outgoing, failures under Error, and opens an event', async () => {
    const page = await newPage();
    const creds = await register(page, 'logs@example.com');
    const customer = HttpCustomer.of(server.url, creds);
    const phone = await customer.addLinkedPhone('905301119050');
    expect(
      (await customer.sim('/incoming', { phoneId: phone, from: '905301234563', message: 'Hello from a customer' }))
        .status,
    ).toBe(200);
    expect((await api(creds, 'GET', '/listPhones')).status).toBe(200);
    expect((await api(creds, 'GET', '/424242/status')).status).toBe(404);

    await page.goto('/developers/logs');
    await page.getByRole('button', { name: 'Incoming', exact: true }).click();
    const events = page.getByRole('region', { name: 'Events' });
    const received = events.getByRole('button', { name: /\+905301234563: Hello from a customer/ });
    await expect.poll(() => received.count(), WAIT).toBe(1);
    expect(await received.locator('.w-chip').textContent()).toBe('incoming');
    expect(await events.getByText('GET /listPhones', { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Outgoing', exact: true }).click();
    await expect.poll(() => events.getByText('GET /listPhones', { exact: true }).count(), WAIT).toBeGreaterThan(0);
    expect(await events.getByText(/Hello from a customer/).count()).toBe(0);
    expect(await events.getByText('/424242/status').count()).toBe(0);

    await page.getByRole('button', { name: 'Error', exact: true }).click();
    const failed = events.getByRole('button', { name: /424242\/status/ });
    await expect.poll(() => failed.count(), WAIT).toBe(1);
    expect(await events.getByText('GET /listPhones', { exact: true }).count()).toBe(0);
    await failed.click();
    const detail = page.getByRole('region', { name: 'Event detail' });
    expect(await detail.getByText('Event ID').count()).toBe(1);
    expect(await detail.getByText('424242', { exact: true }).count()).toBe(1);
    expect(await detail.locator('pre').textContent()).toContain('"statusCode": 404');
    expect(await page.getByText(/^\d+ events?$/).textContent()).toBe('1 event');
    await shot(page, 'developers-logs');
  });

  it('clears queues in bulk from an .xlsx file', async () => {
    const page = await newPage();
    const creds = await register(page, 'bulk@example.com');
    // Bulk Clear Queue is offered only to products with settings.bulk_clear.
    const db = createClient({ url: `file:${server.dbFile}` });
    await db.execute('PRAGMA busy_timeout = 10000');
    await db.execute({
      sql: "update products set settings = json_set(settings, '$.bulk_clear', json('true')) where id = ?",
      args: [creds.pid],
    });
    db.close();

    // A phone that was added but never scanned keeps what is queued for it.
    const { body: added } = await api<{ id: number }>(creds, 'POST', '/addPhone', {});
    for (const n of [1, 2, 3])
      expect(
        (
          await api(creds, 'POST', `/${added.id}/sendMessage`, {
            to_number: '905301234561',
            type: 'text',
            message: `queued ${n}`,
          })
        ).status,
      ).toBe(200);
    await expect
      .poll(
        async () =>
          (await api<{ queues: { id: number; queue: number }[] }>(creds, 'GET', '/queues')).body.queues.find(
            (q) => q.id === added.id,
          )?.queue,
        WAIT,
      )
      .toBe(3);

    await page.goto('/developers/webhook?tab=queues');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(added.id), exact: true }) });
    await expect.poll(() => row.getByRole('cell', { name: '3 queued messages' }).count(), WAIT).toBe(1);

    await page.getByRole('tab', { name: 'Bulk Clear Queue' }).click();
    const book = (rows: unknown[][]) => {
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'phones');
      return Buffer.from(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    };
    const mime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const input = page.locator('input[type=file]');

    // Only unknown and non-numeric ids: nothing to clear.
    await input.setInputFiles({
      name: 'unknown.xlsx',
      mimeType: mime,
      buffer: book([['Phone ID'], [999999], ['abc']]),
    });
    await expect.poll(() => page.getByText(DEV_MSG.bulkAllInvalid(2)).count(), WAIT).toBe(1);
    await input.setInputFiles({ name: 'header.xlsx', mimeType: mime, buffer: book([['Phone ID'], ['id']]) });
    await expect.poll(() => page.getByText(DEV_MSG.bulkNoValidIds).count(), WAIT).toBe(1);

    await input.setInputFiles({
      name: 'phones.xlsx',
      mimeType: mime,
      buffer: book([['Phone ID'], [added.id], ['abc'], [999999]]),
    });
    await expect
      .poll(() => page.getByText('1 valid phone ID found; 2 invalid or unknown skipped.').count(), WAIT)
      .toBe(1);
    await page.getByRole('button', { name: 'Clear 1 queue' }).click();
    const results = page.getByRole('table', { name: 'Bulk clear results' });
    await expect.poll(() => results.getByText(DEV_MSG.bulkCleared).count(), { timeout: BULK_WAIT_MS }).toBe(1);
    await shot(page, 'developers-bulk-clear');
    expect((await api<{ queue: number }>(creds, 'GET', `/${added.id}/queue`)).body.queue).toBe(0);

    await page.getByRole('tab', { name: 'Messages Queue' }).click();
    await expect.poll(() => row.getByRole('cell', { name: '0', exact: true }).count(), WAIT).toBeGreaterThan(0);
    expect(await row.getByRole('button', { name: `Clear queue of phone ${added.id}` }).isDisabled()).toBe(true);
  });

  it('downloads the Postman collection, and copies the credentials', async () => {
    const page = await newPage();
    const creds = await register(page, 'postman@example.com');
    await page.goto('/developers/wp_postman_documentation');
    // No phone yet: the confirmation, then the download anyway.
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.getByText(DEV_MSG.noPhoneForPostman('Wapi')).count(), WAIT).toBe(1);
    expect(await dialog.getByRole('link', { name: DEV_MSG.addPhone }).getAttribute('href')).toBe('/');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download anyway' }).click(),
    ]);
    const file = await download.createReadStream();
    let text = '';
    for await (const chunk of file) text += String(chunk);
    expect(text).toContain(creds.pid);
    expect(text).toContain(creds.token);
    expect(await page.getByRole('link', { name: /Postman workspace/ }).getAttribute('href')).toBe(
      'https://www.postman.com/',
    );

    await page.goto('/developers/token');
    await page.getByRole('button', { name: 'Copy Token' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Copied' }).count(), WAIT).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(creds.token);
    await expect.poll(() => page.getByRole('button', { name: 'Copied' }).count(), { timeout: 5_000 }).toBe(0);

    await page.goto('/developers/documentation');
    await page.getByRole('button', { name: 'Copy Product ID' }).click();
    await expect.poll(() => page.getByText(DEV_MSG.copiedToClipboard).count(), WAIT).toBeGreaterThan(0);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(creds.pid);
    // The API summary comes from /api/openapi.json.
    await expect.poll(() => page.getByText('/{phone_id}/sendMessage', { exact: true }).count(), WAIT).toBe(1);
    expect(await page.getByRole('link', { name: 'Interactive API reference' }).getAttribute('href')).toBe(
      '/api/reference',
    );
    // "Use from TypeScript" and "Use from an AI assistant": prefilled, the token masked on screen and in the copy.
    const sdk = page.getByLabel('TypeScript', { exact: true });
    await expect.poll(async () => (await sdk.textContent()) ?? '', WAIT).toContain(`productId: '${creds.pid}'`);
    expect(await sdk.textContent()).not.toContain(creds.token);
    await page.getByRole('button', { name: 'Copy MCP client configuration (mcpServers)' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), WAIT).toContain('"mcpServers"');
    const config = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      mcpServers: { wapi: { url: string; headers: Record<string, string> } };
    };
    expect(config.mcpServers.wapi).toEqual({
      type: 'http',
      url: `${server.url}/api/${creds.pid}/mcp`,
      headers: { 'x-api-key': creds.token },
    });
    await sdk.scrollIntoViewIfNeeded();
    await shot(page, 'developers-documentation-clients');
    await page.getByRole('button', { name: 'Copy TypeScript' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), WAIT)
      .toContain(`token: '${creds.token}'`);
  });

  it('lists group actions with filters, the connected-number mark and CSV, and the groups a phone left', async () => {
    const customer = await new HttpCustomer(server.url).register('groups@example.com', 'Str0ng#Pass');
    const phoneId = await customer.addLinkedPhone('905301111113');
    const { body: group } = await customer.post<{ data: { id: string } }>(`/${phoneId}/createGroup`, {
      name: 'E2E Group',
      numbers: ['905301234562', '905301234564'],
    });
    expect(
      (await customer.post(`/${phoneId}/group/remove`, { conversation_id: group.data.id, number: '905301234564' }))
        .status,
    ).toBe(200);
    expect((await customer.post(`/${phoneId}/leaveGroup`, { id: group.data.id })).status).toBe(200);

    const page = await newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('groups@example.com');
    await page.getByLabel('Password').fill('Str0ng#Pass');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((u) => u.pathname === '/');

    await page.goto('/developers/group_action_logs');
    const table = page.getByRole('table', { name: 'Group action logs' });
    // The default subtype is remove.
    expect(await page.getByLabel('Subtype').inputValue()).toBe('remove');
    await expect.poll(() => table.getByRole('cell', { name: '905301234564' }).count(), WAIT).toBe(1);
    expect(await table.getByRole('cell', { name: 'E2E Group' }).count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search' }).fill('no such group');
    await expect.poll(() => table.getByText(DEV_MSG.noMatchingResults).count(), WAIT).toBe(1);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => table.getByRole('cell', { name: 'E2E Group' }).count(), WAIT).toBe(1);

    // Leaving is about the connected number itself: marked, and kept by the connected-only switch.
    await page.getByLabel('Subtype').selectOption('leave');
    const mark = table.getByRole('img', { name: 'Your connected number' });
    await expect.poll(() => mark.count(), WAIT).toBe(1);
    await mark.focus();
    await expect
      .poll(() => page.getByRole('tooltip').filter({ hasText: DEV_MSG.groupConnectedTooltip }).count(), WAIT)
      .toBe(1);
    await page.getByRole('switch', { name: 'Only my connected numbers' }).click();
    await expect.poll(() => mark.count(), WAIT).toBe(1);
    await page.getByLabel('Subtype').selectOption('remove');
    await expect.poll(() => table.getByText(DEV_MSG.noMatchingResults).count(), WAIT).toBe(1);
    await page.getByRole('switch', { name: 'Only my connected numbers' }).click();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^group-action-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    await shot(page, 'developers-group-action-logs');

    await page.goto('/developers/group_info');
    await expect.poll(() => page.getByText(DEV_MSG.selectPhoneForGroups).count(), WAIT).toBe(1);
    await page.getByLabel('Phone').selectOption(String(phoneId));
    const groups = page.getByRole('table', { name: 'removed groups' });
    await expect.poll(() => groups.getByRole('cell', { name: 'E2E Group' }).count(), WAIT).toBe(1);
    const [inactive] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV' }).click(),
    ]);
    expect(inactive.suggestedFilename()).toMatch(/^inactive-groups-\d{4}-\d{2}-\d{2}\.csv$/);
    await page.getByRole('button', { name: 'Suspended', exact: true }).click();
    await expect
      .poll(
        () => page.getByRole('table', { name: 'suspended groups' }).getByText(DEV_MSG.noMatchingResults).count(),
        WAIT,
      )
      .toBe(1);
  });

  it('shows an active phone with its chats, and sends and receives through the simulator', async () => {
    const page = await newPage();
    await loginDemo(page);
    const creds = await credentialsOf(page);
    const phone = (await until(
      async () =>
        (await api<{ id: number; status: string }[]>(creds, 'GET', '/listPhones')).body.find(
          (p) => p.status === 'active',
        ),
      ECHO_WAIT_MS,
      'the demo phone active',
    ))!;

    // An id that is not the user's active phone: the error page.
    await page.goto('/phone-detail/987654');
    await expect.poll(() => page.getByText(DEV_MSG.phoneErrorText).count(), WAIT).toBe(1);
    expect(await page.getByRole('link', { name: DEV_MSG.goToHomepage }).getAttribute('href')).toBe('/');

    await page.goto(`/phone-detail/${phone.id}`);
    await expect
      .poll(() => page.getByText(DEV_MSG.connected, { exact: true }).count(), { timeout: ECHO_WAIT_MS })
      .toBe(1);
    expect(await page.getByText(DEV_MSG.ownPhoneNotice(String(phone.id))).count()).toBe(1);
    await expect.poll(() => page.getByText('Booked contacts').count(), WAIT).toBe(1);

    await page.getByLabel('New chat with number').fill('+90 555 123 4567');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    const chat = page.getByRole('region', { name: 'Chat with +905551234567' });
    const send = chat.getByRole('button', { name: 'Send message' });
    expect(await send.isDisabled()).toBe(true);
    await chat.getByRole('textbox', { name: 'Message' }).fill('Hello from the browser');
    await send.click();
    await expect.poll(() => chat.getByText('Hello from the browser', { exact: true }).count(), WAIT).toBe(1);
    await expect
      .poll(() => chat.getByText('Echo: Hello from the browser', { exact: true }).count(), { timeout: ECHO_WAIT_MS })
      .toBe(1);
    await expect
      .poll(() => page.getByRole('list', { name: 'Conversations' }).getByText('Echo: Hello from the browser').count(), {
        timeout: ECHO_WAIT_MS,
      })
      .toBe(1);
    await shot(page, 'phone-detail');

    // The phone's own webhook: edit, cancel, then save an unchanged value without a call.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Webhook URL' }).fill('https://example.com/own');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByText('https://example.com/own').count()).toBe(0);

    // At a phone's width the chat takes the whole card, with a way back.
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await chat.getByRole('button', { name: 'Back to conversations' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Conversations' }).isVisible(), WAIT).toBe(true);
  });
});
