import type { Browser, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server';

export interface SignedUp {
  ctx: BrowserContext;
  /** A console POST with the CSRF header; expects 200 and answers the JSON body. */
  post: (path: string, data: unknown) => Promise<any>;
  get: (path: string) => Promise<any>;
}

/** A signed-in browser context made over HTTP (register, then console calls with the CSRF header). */
export async function signedUp(run: { server: RunningServer; browser: Browser }, email: string): Promise<SignedUp> {
  const ctx = await run.browser.newContext({ baseURL: run.server.url });
  const post = async (path: string, data: unknown) => {
    const csrf = (await ctx.cookies()).find((c) => c.name === 'wapi_csrf')?.value ?? '';
    const res = await ctx.request.post(path, { data, headers: { 'x-csrf-token': decodeURIComponent(csrf) } });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return res.json();
  };
  const get = async (path: string) => (await ctx.request.get(path)).json();
  await ctx.request.get('/api/auth/user');
  await post('/api/auth/register', { email, password: 'Str0ng#Pass' });
  return { ctx, post, get };
}

/** The staff admin the Node entry seeds outside production (ADMIN_EMAIL / ADMIN_PASSWORD's defaults). */
export const SEEDED_ADMIN = { email: 'admin@wapi.dev', password: 'Admin#2026wapi' } as const;

const admins = new WeakMap<RunningServer, Promise<BrowserContext>>();

/** The seeded staff admin, signed in over HTTP once per server. */
function seededAdmin(run: { server: RunningServer; browser: Browser }): Promise<BrowserContext> {
  let admin = admins.get(run.server);
  if (!admin) {
    admin = (async () => {
      const ctx = await run.browser.newContext({ baseURL: run.server.url });
      await ctx.request.get('/api/auth/user');
      const csrf = (await ctx.cookies()).find((c) => c.name === 'wapi_csrf')?.value ?? '';
      const res = await ctx.request.post('/api/auth/login', {
        data: { username: SEEDED_ADMIN.email, password: SEEDED_ADMIN.password },
        headers: { 'x-csrf-token': decodeURIComponent(csrf) },
      });
      expect(res.status(), `admin login: ${await res.text()}`).toBe(200);
      return ctx;
    })();
    admins.set(run.server, admin);
  }
  return admin;
}

/**
 * Moves the sandbox's billing time ahead by `days` (`POST /api/sandbox/clock`, a staff admin's call:
 * made as the seeded admin, never from the customer's session) and answers the clock's JSON.
 */
export async function sandboxClock(run: { server: RunningServer; browser: Browser }, days: number): Promise<any> {
  const ctx = await seededAdmin(run);
  const csrf = (await ctx.cookies()).find((c) => c.name === 'wapi_csrf')?.value ?? '';
  const res = await ctx.request.post('/api/sandbox/clock', {
    data: { advanceDays: days },
    headers: { 'x-csrf-token': decodeURIComponent(csrf) },
  });
  expect(res.status(), `sandbox clock: ${await res.text()}`).toBe(200);
  return res.json();
}
