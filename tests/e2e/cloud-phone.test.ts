import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { FAKE_PHONE_NUMBER_ID, FAKE_TOKEN, FAKE_WABA_ID, startFakeGraph, type FakeGraph } from '../support/fake-graph';
import { openPage, register, serverAndBrowser, shot } from './support/pages';

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
});
