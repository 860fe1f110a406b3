import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { maskSecret } from '../../web/components/CopyField';
import { TOOLS_MSG } from '../../web/lib/phone-tools';
import { HttpCustomer } from './support/http-api';
import { credentialsOf, openPage, serverAndBrowser, shot } from './support/pages';

const run = serverAndBrowser();
const WAIT = { timeout: 15_000 };
const PASSWORD = 'Str0ng#Pass';

/** A customer with two linked phones, signed in in a fresh page. */
async function signedInCustomer(width = 1280): Promise<{ page: Page; api: HttpCustomer; phones: number[] }> {
  const email = `tools${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const api = await new HttpCustomer(run.server.url).register(email, PASSWORD);
  const phones = [
    await api.addLinkedPhone(`90533${String(Date.now()).slice(-6)}1`),
    await api.addLinkedPhone(`90533${String(Date.now()).slice(-6)}3`),
  ];
  const page = await openPage(run.browser, run.server.url, { width, clipboard: true, downloads: true });
  await page.goto('/tools/warmingup');
  await page.waitForURL('**/login?origin=%2Ftools%2Fwarmingup');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/tools/warmingup');
  return { page, api, phones };
}

/** Screenshots at 1280 px and 360 px. */
async function shots(page: Page, name: string): Promise<void> {
  await shot(page, name);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 800 });
  await shot(page, `${name}-360`);
  await page.setViewportSize(size);
}

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; rows: unknown[][] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const book = XLSX.read(await readFile((await file.path())!));
  return {
    name: file.suggestedFilename(),
    rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 }),
  };
}

/** Waits for a toast (screen readers get its text from a second, hidden live region). */
function toast(page: Page, text: string): Promise<void> {
  return page.locator('.w-toast__text', { hasText: text }).first().waitFor(WAIT);
}

/** A sheet of numbers in column A: strings as text cells, numbers as number cells shown as Excel shows long ones (9.05301E+11). */
function xlsx(numbers: (string | number | XLSX.CellObject)[]): Buffer {
  const book = XLSX.utils.book_new();
  const ws = XLSX.utils.aoa_to_sheet(numbers.map((n) => [n]));
  numbers.forEach((n, r) => {
    const cell = ws[XLSX.utils.encode_cell({ r, c: 0 })] as XLSX.CellObject | undefined;
    if (cell && typeof cell.v === 'number') cell.z = '0.00000E+00';
  });
  XLSX.utils.book_append_sheet(book, ws, 'Sheet1');
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

describe('the tools that need a phone', () => {
  it('sends an anonymous visitor to log in and back; warms phones: add, risk details, stop, remove', async () => {
    const { page, phones } = await signedInCustomer();
    await expect(page.getByText(TOOLS_MSG.warmingEmpty).waitFor(WAIT)).resolves.toBeUndefined();
    await page.getByRole('button', { name: 'Add Phone' }).click();
    await toast(page, TOOLS_MSG.selectPhone);
    for (const id of phones) {
      await page.getByLabel('Phone', { exact: true }).selectOption(String(id));
      await page.getByRole('button', { name: 'Add Phone' }).click();
      await page.getByText(`#${id}`).waitFor(WAIT);
    }
    await page.getByText('Active', { exact: true }).waitFor(WAIT);
    await page
      .getByText(/Risk Factor: (Critical Risk|Moderate Risk|Good Indicator)/)
      .first()
      .waitFor(WAIT);
    await page.getByRole('button', { name: `#${phones[0]}` }).click();
    await page.getByRole('region', { name: 'Risk Details' }).getByText('Response Risk').waitFor(WAIT);
    await shots(page, 'tools-warming');
    await page.getByRole('button', { name: 'Stop System' }).click();
    await page.getByText('Inactive', { exact: true }).waitFor(WAIT);
    await page.getByRole('button', { name: `Remove phone ${phones[1]}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove from warming pool' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await toast(page, TOOLS_MSG.phoneRemoved);
    await expect.poll(() => page.getByText(`#${phones[1]}`).count(), WAIT).toBe(0);
  }, 90_000);

  it('checks a profile picture and a number, and copies the cURL', async () => {
    const { page, phones } = await signedInCustomer();
    await page.goto('/tools/get-whatsapp-profile-picture');
    await expect(page.getByRole('button', { name: 'Check Number' }).isDisabled()).resolves.toBe(true);
    await page.getByLabel('Phone', { exact: true }).selectOption(String(phones[0]));
    await page.getByLabel('Phone number').fill('+90 530 123 4568');
    await expect(page.getByLabel('Phone number').inputValue()).resolves.toBe('905301234568');
    await page.getByRole('button', { name: 'Check Number' }).click();
    await page.getByText(TOOLS_MSG.pictureFound).waitFor(WAIT);
    await page.getByRole('img', { name: 'Profile picture of +905301234568' }).waitFor(WAIT);
    await page.getByLabel('Phone number').fill('905301234567');
    await page.getByRole('button', { name: 'Check Number' }).click();
    await page.getByText(TOOLS_MSG.noPicture).waitFor(WAIT);

    await page.goto('/tools/whatsapp-check-numbers');
    await page.getByLabel('Phone', { exact: true }).selectOption(String(phones[0]));
    await page.getByLabel('Phone number').fill('905301234560');
    await page.getByRole('button', { name: 'Check Number' }).click();
    await page.getByText(TOOLS_MSG.notUsingWhatsApp('905301234560')).waitFor(WAIT);
    await page.getByLabel('Phone number').fill('905301234567');
    await page.getByRole('button', { name: 'Check Number' }).click();
    await page.getByText(TOOLS_MSG.usingWhatsApp('905301234567')).waitFor(WAIT);
    await page.getByRole('button', { name: 'Copy cURL' }).click();
    await toast(page, TOOLS_MSG.curlCopied);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`/${phones[0]}/checknumberstatus?number=905301234567@c.us`);
    // Issue 38: the screen masks the token, as the documentation page does; the copy carries it whole.
    const { token } = await credentialsOf(page);
    expect(copied).toContain(`-H "x-api-key: ${token}"`);
    const shown = await page.getByLabel('cURL of the status check').textContent();
    expect(shown).not.toContain(token);
    expect(shown).toContain(`-H "x-api-key: ${maskSecret(token)}"`);
    await shots(page, 'tools-number-checker');
  }, 90_000);

  it('checks a file of numbers, downloads the results, and resumes a run after a reload', async () => {
    const { page, phones } = await signedInCustomer();
    await page.goto('/tools/multi-whatsapp-check-numbers');
    const example = await download(page, () => page.getByRole('button', { name: /Download example file/ }).click());
    expect(example.name).toBe('ExamplePhoneNumbers.xlsx');
    expect(example.rows).toHaveLength(10);
    await page.getByRole('button', { name: 'Check Numbers' }).click();
    await toast(page, TOOLS_MSG.needPhoneAndNumbers);

    await page.getByLabel('Phone', { exact: true }).selectOption(String(phones[0]));
    const input = page.getByLabel('Upload numbers file');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('1') });
    await toast(page, TOOLS_MSG.onlyExcel);
    await input.setInputFiles({
      name: 'customers.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsx(['+90 530 123 4567', 905301234560, '', { t: 'n', f: '905301234560+1', v: 905301234561 }]),
    });
    await toast(page, TOOLS_MSG.numbersLoaded(3));
    await page.getByLabel('Batch size', { exact: true }).fill('50');
    await page.getByLabel('Interval (minutes)').fill('500');
    await page.getByLabel('Interval (minutes)').blur();
    await expect(page.getByLabel('Batch size', { exact: true }).inputValue()).resolves.toBe('3');
    await expect(page.getByLabel('Interval (minutes)').inputValue()).resolves.toBe('120');
    await page.getByRole('button', { name: 'Check Numbers' }).click();
    await toast(page, TOOLS_MSG.allChecked);
    await page.getByText('3/3').waitFor(WAIT);
    const valid = await download(page, () => page.getByRole('button', { name: 'Download result' }).first().click());
    expect(valid).toEqual({
      name: 'valid_whatsapp_numbers.xlsx',
      rows: [
        ['number', 'status'],
        ['905301234567', 'Valid'],
        ['905301234561', 'Valid'],
      ],
    });
    const invalid = await download(page, () => page.getByRole('button', { name: 'Download result' }).nth(1).click());
    expect(invalid).toEqual({
      name: 'invalid_whatsapp_numbers.xlsx',
      rows: [
        ['number', 'status'],
        ['905301234560', 'Invalid'],
      ],
    });
    const all = await download(page, () => page.getByRole('button', { name: 'Download All Results' }).first().click());
    expect(all.name).toBe('customers_results.xlsx');
    expect(all.rows).toHaveLength(4);
    await shots(page, 'tools-multi-results');

    await page.getByRole('button', { name: 'Run a new check' }).first().click();
    await page.getByText('Upload and Configure', { exact: true }).first().waitFor(WAIT);
    await page.getByLabel('Phone', { exact: true }).selectOption(String(phones[0]));
    await input.setInputFiles({
      name: 'four.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('905301234567\n905301234561\n905301234563\n905301234565\n'),
    });
    await page.getByLabel('Batch size', { exact: true }).fill('2');
    await page.getByLabel('Batch size', { exact: true }).blur();
    await page.getByLabel('Interval (minutes)').fill('1');
    await page.getByLabel('Interval (minutes)').blur();
    await page.getByRole('button', { name: 'Check Numbers' }).click();
    await page.getByText(TOOLS_MSG.waitingBanner).waitFor(WAIT);
    await page.reload();
    await page.getByText(TOOLS_MSG.waitingBanner).waitFor(WAIT);
    await page.getByText('2/4').waitFor(WAIT);
    await expect(page.getByText(/^[01]:\d\d$/).count()).resolves.toBe(1);
    await expect(page.evaluate(() => localStorage.getItem('wapi.multiCheck.statuses'))).resolves.toBe('11');
    await shots(page, 'tools-multi-waiting');
  }, 120_000);
});
