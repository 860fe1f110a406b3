/**
 * Screenshots of console pages for a human to look at: `node --import tsx tests/tools/screenshots.ts [path ...]`.
 * Starts the embedded server on a fresh database, signs in as the demo customer and writes PNGs to
 * tests/e2e/screenshots/ (git-ignored). Paths that start with "anon:" are taken signed out.
 */
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';

const DEFAULT_PATHS = ['anon:/login', 'anon:/register', 'anon:/forgot', '/', '/settings', '/developers/token', '/nope'];
const OUT = 'tests/e2e/screenshots';

async function main() {
  const paths = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_PATHS;
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const anon = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/login`);
    await page.fill('input[type=email]', 'demo@wapi.dev');
    await page.fill('input[type=password]', 'Demo#2026wapi');
    await page.click('button[type=submit]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    for (const entry of paths) {
      const signedOut = entry.startsWith('anon:');
      const path = signedOut ? entry.slice(5) : entry;
      const p = signedOut ? anon : page;
      await p.goto(`${server.url}${path}`);
      await p.waitForLoadState('networkidle');
      await p.waitForTimeout(400);
      const file = `${OUT}/${(signedOut ? 'anon' : 'user') + path.replace(/[^a-z0-9]+/gi, '_')}.png`;
      await p.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
