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
