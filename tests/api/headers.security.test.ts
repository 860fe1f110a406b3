import { beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/shared/routes';
import { registered } from '../support/agent';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('security headers', () => {
  it.each(['/login', '/register', '/phones', '/developers/token', '/no-such-page'])(
    '%s carries a strict CSP and no inline script',
    async (path) => {
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
    },
  );

  it('covers every HTML page: each console route and each page the documents declare', async () => {
    const doc = (await (await t.app.request('/api/wapi/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    };
    const declared = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.values(ops.get?.responses ?? {}).some((r) => r.content && 'text/html' in r.content) ? [path] : [],
    );
    const paths = [...ROUTES.map((r) => r.path), ...declared].map((p) =>
      p.replace(/[:{](\w+)\}?/g, 'abcdefghijklmnop1234'),
    );
    const { agent } = await registered(t);
    const pages = new Set<string>();
    for (const [path, res] of await Promise.all(
      [...new Set(paths)].flatMap((p) => [t.app.request(p), agent.get(p)].map(async (r) => [p, await r] as const)),
    )) {
      if (!res.headers.get('content-type')?.startsWith('text/html')) continue;
      pages.add(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/script-src 'self'(;|$)/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      for (const tag of (await res.text()).match(/<script\b[^>]*>/g) ?? [])
        expect(tag, path).toMatch(/\bsrc=|type="application\/json"/);
    }
    expect(pages.size).toBeGreaterThan(ROUTES.length);
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
