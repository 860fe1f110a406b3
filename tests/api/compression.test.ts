import { gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

async function decoded(res: Response): Promise<string> {
  return gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
}

describe('Compression of answers', () => {
  it('gzips the OpenAPI document for a client that takes it, to the same document', async () => {
    const plain = await t.app.request('/api/openapi.json');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(10_000);

    const res = await t.app.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await decoded(res);
    expect(JSON.parse(body)).toEqual(JSON.parse(text));
  });

  it('gzips an HTML shell, which is revalidated on every visit but may be kept for back/forward', async () => {
    const res = await t.app.request('/login', { headers: { 'accept-encoding': 'br;q=1, gzip;q=0.8' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const html = await decoded(res);
    expect(html).toContain('<title>Login · Wapi</title>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('sends the shell as it is without Accept-Encoding, or when gzip is refused', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip;q=0, br' }] as Record<
      string,
      string
    >[]) {
      const res = await t.app.request('/login', { headers });
      expect(res.headers.get('content-encoding'), JSON.stringify(headers)).toBeNull();
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(await res.text()).toContain('<title>Login · Wapi</title>');
    }
  });

  it('leaves small answers alone', async () => {
    const res = await t.app.request('/healthz', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual({ ok: true, db: 'up' });
  });
});
