import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, serverAndBrowser } from './support/pages';

/*
 * The post-login `origin` in a real browser: forms that a browser would follow off the site land on
 * the console's default page instead, through the console (after the login form) and through the
 * server (a signed-in visit to /login). A trap server stands where they would have gone.
 */
const running = serverAndBrowser();
let trap: Server;
let trapHits = 0;
let trapHost = '';

beforeAll(async () => {
  trap = createServer((_req, res) => {
    trapHits += 1;
    res.end('pwned');
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  trapHost = `127.0.0.1:${(trap.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => trap?.close(() => resolve()));
});

describe('the origin after login', () => {
  it('never leaves the site, from the login form or on a signed-in visit', async () => {
    const forms = [
      `/\\${trapHost}/pwned`,
      `/\t/${trapHost}/x`,
      `/.//${trapHost}/x`,
      `//${trapHost}/x`,
      `http://${trapHost}/x`,
      'javascript:alert(document.domain)',
    ];
    for (const origin of forms) {
      const page = await openPage(running.browser, running.server.url);
      const offSite: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).origin !== running.server.url) offSite.push(r.url());
      });
      page.on('dialog', (d) => {
        offSite.push(`dialog ${d.message()}`);
        void d.dismiss();
      });
      const login = `/login?origin=${encodeURIComponent(origin)}`;
      await page.goto(login);
      await page.getByLabel('E-mail').fill('demo@wapi.dev');
      await page.getByLabel('Password').fill('Demo#2026wapi');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((u) => u.origin === running.server.url && u.pathname === '/');
      // Signed in, the server answers the same visit with its own redirect.
      await page.goto(login);
      await page.waitForURL((u) => u.origin === running.server.url && u.pathname === '/');
      expect([origin, offSite]).toEqual([origin, []]);
      await page.context().close();
    }
    expect(trapHits).toBe(0);
  });
});
