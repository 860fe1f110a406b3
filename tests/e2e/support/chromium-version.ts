import { chromiumPath, launchBrowser } from './browser';

/**
 * Vitest global setup of the browser tests: says once, at the start of the run, which Chromium they
 * drive (issue 22: the tests run on the newest Chromium npm ships, and the run says which).
 */
export default async function setup(): Promise<void> {
  const browser = await launchBrowser();
  try {
    console.log(`Browser tests drive Chromium ${browser.version()} (${await chromiumPath()})`);
  } finally {
    await browser.close();
  }
}
