import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('security headers', () => {
  it.each(['/login', '/register', '/phones', '/developers/token', '/no-such-page'])('%s carries a strict CSP and no inline script', async (path) => {
    const res = await t.app.request(path);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|nonce-)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const html = await res.text();
    // Every script is either external or inert data.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc=|type="application\/json"/);
  });

  it('gives messaging-API answers nosniff', async () => {
    const res = await t.app.request('/api/00000000-0000-4000-8000-000000000000/listPhones');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the JSON tool page', () => {
  it('may fetch JSON from any https site; every other page connects only to us', async () => {
    const tool = (await t.app.request('/tools/json-escape-unescape')).headers.get('content-security-policy')!;
    const other = (await t.app.request('/tools/vcardmaker')).headers.get('content-security-policy')!;
    expect(tool).toMatch(/connect-src 'self' https:/);
    expect(other).toMatch(/connect-src 'self'(;|$)/);
  });
});
