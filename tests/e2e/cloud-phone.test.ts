import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { FAKE_PHONE_NUMBER_ID, FAKE_TOKEN, FAKE_WABA_ID, startFakeGraph, type FakeGraph } from '../support/fake-graph';
import { HttpCustomer, until } from './support/http-api';
import { credentialsOf, openPage, register, serverAndBrowser, shot } from './support/pages';

/** The server talks to a local fake of Meta's Graph API, started before it. */
const env: Record<string, string> = {};
let graph: FakeGraph;
beforeAll(async () => {
  graph = await startFakeGraph();
  env.WHATSAPP_CLOUD_API_URL = graph.url;
});
afterAll(async () => {
  await graph?.close();
});
const running = serverAndBrowser(env);
const WAIT = { timeout: 15_000 };

describe('official numbers (Cloud API) in the console', () => {
  it("adds an official number: a wrong token shows Meta's message, the right one lists the number active", async () => {
    const page = await openPage(running.browser, running.server.url);
    await register(page, 'cloud@example.com');
    await page.goto('/phones');
    await page.getByRole('button', { name: 'Official number (Cloud API)' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add an official number (Cloud API)' });
    await dialog.getByLabel('Phone number ID').waitFor(WAIT);
    await dialog.getByLabel('Phone number ID').fill(FAKE_PHONE_NUMBER_ID);
    await dialog.getByLabel('WhatsApp Business Account ID').fill(FAKE_WABA_ID);
    await dialog.getByLabel('Access token').fill('EAAWrong-token-here');
    await page.getByRole('button', { name: 'Add official number' }).click();
    await expect.poll(() => dialog.getByText('Invalid OAuth access token', { exact: false }).count(), WAIT).toBe(1);

    await dialog.getByLabel('Access token').fill(FAKE_TOKEN);
    await page.getByRole('button', { name: 'Add official number' }).click();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Add an official number (Cloud API)' }).count(), WAIT)
      .toBe(0);
    await expect
      .poll(
        () => page.getByText('An official number of the WhatsApp Business Platform', { exact: false }).count(),
        WAIT,
      )
      .toBe(1);
    await expect.poll(async () => (await page.getByText('Acme Shoes', { exact: false }).count()) > 0, WAIT).toBe(true);
    // Listed like any phone, active, and counted against the phone limit.
    await expect
      .poll(
        () =>
          page
            .getByRole('button', { name: /Add Phone/ })
            .first()
            .textContent(),
        WAIT,
      )
      .toContain('1/');
    await shot(page, 'cloud-phone-added');
  });

  it("shows a sent template in the chat by its name and parameters, as the chat list's latest message, and the TYPE as Cloud API, at 1280 and 360 px", async () => {
    // A second official number of the fake, so this account does not share the first test's.
    const numberId = '106540352242999';
    graph.numbers.push({
      phoneNumberId: numberId,
      wabaId: '102290129340999',
      token: 'EAASecond-fake-system-user-token',
      display_phone_number: '+1 555-010-2099',
      verified_name: 'Acme Boots',
      quality_rating: 'GREEN',
    });
    const page = await openPage(running.browser, running.server.url);
    await register(page, 'cloud-template@example.com');
    const customer = HttpCustomer.of(running.server.url, await credentialsOf(page));
    const added = await customer.post('/addPhone', {
      engine: 'cloud',
      phone_number_id: numberId,
      waba_id: '102290129340999',
      access_token: 'EAASecond-fake-system-user-token',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const id = added.body.id as number;
    await until(async () => (await customer.status(id)) === 'active', 15_000, 'the official number active');
    const to = '15551234567';
    const sent = await customer.post(`/${id}/sendMessage`, {
      to_number: to,
      type: 'template',
      template: {
        name: 'order_update',
        language: 'en_US',
        components: [{ type: 'body', parameters: [{ type: 'text', text: '#1234' }] }],
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await until(
      async () => graph.sent.some((m) => m.phoneNumberId === numberId),
      15_000,
      'the template at the Graph API',
    );

    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/phone-detail/${id}`);
      const type = page.locator('.w-pd-facts div').filter({ has: page.locator('dt', { hasText: /^Type$/ }) });
      await expect.poll(() => type.locator('dd').textContent(), WAIT).toBe('Cloud API');
      const list = page.getByRole('list', { name: 'Conversations' });
      const item = list
        .getByRole('button')
        .filter({ hasText: `+${to}` })
        .or(list.getByRole('button').filter({ hasText: to }));
      await expect
        .poll(() => item.first().locator('.w-convs__last').textContent(), WAIT)
        .toBe('Template order_update: #1234');
      await item.first().click();
      const chat = page.getByRole('region', { name: /^Chat with / });
      const messages = chat.getByRole('list', { name: 'Messages' });
      await expect.poll(() => messages.getByText('order_update', { exact: true }).count(), WAIT).toBe(1);
      expect(await messages.getByRole('list', { name: 'Template parameters' }).getByText('#1234').count()).toBe(1);
      expect(await messages.getByText(/Unsupported message type/).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, `cloud-template-${width}`);
    }
  });
});
