import sparticuz from '@sparticuz/chromium';
import { chromium, type Browser } from 'playwright-core';

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH` when set, otherwise the headless build inside
 * the `@sparticuz/chromium` npm package (unpacked on first use; nothing is downloaded), so
 * `npm ci && npm test` needs no system browser.
 */
export async function chromiumPath(): Promise<string> {
  return process.env.CHROMIUM_PATH ?? (await sparticuz.executablePath());
}

/** Headless Chromium with the flags this machine needs (no background connections: the network is closed). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}
