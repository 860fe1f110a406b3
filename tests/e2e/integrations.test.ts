import { generateKeyPairSync } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_AUTH_CODE, startFakeGoogle, type FakeGoogle } from '../support/fake-google';
import { launchBrowser } from './support/browser';
import { HttpCustomer } from './support/http-api';
import { openPage, shot } from './support/pages';
import { startServer, type RunningServer } from './support/server';

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const SHEET_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const PASSWORD = 'Str0ng#Pass';
const WAIT = { timeout: 15_000 };

let google: FakeGoogle;
let server: RunningServer;
let browser: Browser;
let email: string;
let phone: number;

beforeAll(async () => {
  google = await startFakeGoogle(keys.publicKey);
  google.sheets.set(SHEET_ID, [
    ['type', 'number', 'message', 'title'],
    ['text', '905401000001', 'Hello from the sheet', 'News'],
    ['poll', '905401000002', 'Which day?', 'Monday', 'Friday', '', 'TRUE'],
  ]);
  [server, browser] = await Promise.all([
    startServer({
      SECRETS_KEY: 'e2e-secrets-key-0123456789-abcdefghij',
      GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'client-secret',
      GOOGLE_OAUTH_URL: google.url,
      GOOGLE_SHEETS_URL: google.url,
      GOOGLE_PEOPLE_URL: google.url,
      DIALOGFLOW_URL: google.url,
    }),
    launchBrowser(),
  ]);
  email = `integrations${Date.now()}@example.com`;
  const customer = await new HttpCustomer(server.url).register(email, PASSWORD);
  phone = await customer.addLinkedPhone('905300000301');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await google?.close();
});

/** A signed-in page whose trips to Google's consent page come straight back with the fake's code. */
async function signedIn(width = 1280): Promise<Page> {
  const page = await openPage(browser, server.url, { width, downloads: true });
  await page.route('https://accounts.google.com/**', (route) => {
    const state = new URL(route.request().url()).searchParams.get('state');
    return route.fulfill({
      status: 302,
      headers: { location: `${server.url}/api/integrations/google/callback?state=${state}&code=${FAKE_AUTH_CODE}` },
    });
  });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', WAIT);
  return page;
}

describe('integrations pages', () => {
  it('links Google, adds a contact twice, sends a sheet and a file, and links a Dialogflow agent', async () => {
    const page = await signedIn();
    await page.goto('/integrations/contacts');
    await page.getByRole('button', { name: 'Authorise with Google' }).click();
    await page.getByText('Authorised as').waitFor(WAIT);
    await expect(page.getByText('owner@example.com').isVisible()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Add contact', exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill('Ada');
    await page.getByLabel('Surname').fill('Lovelace');
    // The national number with its trunk 0, read in Turkey (the picker's first country), is saved as +90 530….
    await page.getByLabel('Phone').fill('053');
    await page.getByRole('button', { name: 'Add Contact', exact: true }).click();
    await page.getByText('This number is too short for +90.').waitFor(WAIT);
    await page.getByLabel('Phone').fill('0530 123 45 67');
    const [added] = await Promise.all([
      page.waitForRequest(/add-contact/),
      page.getByRole('button', { name: 'Add Contact', exact: true }).click(),
    ]);
    expect(added.postData()).toMatch(/905301234567/);
    await page.getByText('New contact added successfully!').first().waitFor(WAIT);
    await page.getByLabel('Name', { exact: true }).fill('Ada');
    await page.getByLabel('Surname').fill('Lovelace');
    await page.getByLabel('Phone').fill('+90 530 123 45 67');
    await page.getByRole('button', { name: 'Add Contact', exact: true }).click();
    await page.getByRole('alert').getByText('The person you are trying to add is already on your list').waitFor(WAIT);
    await page.getByRole('button', { name: 'List contacts' }).click();
    await page.getByRole('cell', { name: 'Ada Lovelace' }).waitFor(WAIT);
    await shot(page, 'integrations-contacts');

    await page.goto('/integrations/sheets');
    await page.getByLabel('Phone').selectOption(String(phone));
    await page.getByLabel('Google Sheets link').fill(`https://docs.google.com/spreadsheets/d/${SHEET_ID}/edit`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Process Successful').waitFor(WAIT);
    expect(google.writes.at(-1)!.values.map((v) => String(v[0]).split(' ')[0])).toEqual(['Result', 'queued', 'queued']);

    await page.getByLabel('Campaign file').setInputFiles({
      name: 'campaign.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('type,number,message\ntext,905401000003,Hi\npoll,905401000004,Only one?,Yes\n'),
    });
    await page.getByText('campaign.csv: 3 rows, 1 invalid').waitFor(WAIT);
    await page.getByRole('button', { name: 'Send file' }).click();
    await page.getByText('An error occurred during the process.').waitFor(WAIT);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download results' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('campaign_results.csv');
    await shot(page, 'integrations-sheets');

    await page.goto('/integrations/dialogflow');
    await page.getByLabel('Phone').selectOption(String(phone));
    await page.getByLabel('Project ID').fill('shop-agent-1234');
    const keyFile = {
      type: 'service_account',
      project_id: 'shop-agent-1234',
      private_key: keys.privateKey,
      client_email: 'bot@shop-agent-1234.iam.gserviceaccount.com',
    };
    await page.getByLabel('Credentials (.json)').setInputFiles({
      name: 'shop-agent-1234.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(keyFile)),
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your Dialogflow settings were saved successfully').first().waitFor(WAIT);
    await page.getByText('shop-agent-1234.json (bot@shop-agent-1234.iam.gserviceaccount.com)').waitFor(WAIT);
    await shot(page, 'integrations-dialogflow');
    await page.close();
  }, 90_000);

  it('fits a small screen', async () => {
    const page = await signedIn(360);
    for (const path of ['/integrations/sheets', '/integrations/contacts', '/integrations/dialogflow']) {
      await page.goto(path);
      await page
        .getByRole('heading', { name: /Google account|Dialogflow integration/ })
        .first()
        .waitFor(WAIT);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      await shot(page, `integrations-${path.split('/').pop()}-360`);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.close();
  }, 60_000);
});
