import { Hono } from 'hono';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/env';
import { acceptsGzip, COMPRESS_MIN_BYTES, compression } from '../../src/middleware/compression';

const BIG = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };

const app = new Hono<AppEnv>();
app.use('*', compression());
app.get('/big', (c) => c.json(BIG));
app.post('/big', (c) => c.json(BIG));
app.get('/small', (c) => c.json({ ok: true }));
app.get('/edge', (c) => c.json({ pad: 'x'.repeat(COMPRESS_MIN_BYTES) }));
app.get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'content-type': 'image/png' }));
app.get('/no-transform', (c) => c.json(BIG, 200, { 'cache-control': 'no-transform' }));
app.get('/tagged', (c) => c.json(BIG, 200, { etag: '"v1"', vary: 'Origin' }));

const GZIP = { headers: { 'accept-encoding': 'gzip' } };

describe('compression middleware', () => {
  it('gzips a large GET answer, decoding to the same bytes', async () => {
    const res = await app.request('/big', GZIP);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-length')).toBeNull();
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(BIG);
  });

  it('leaves writes (the sendMessage hot path), small bodies, images and no-transform alone', async () => {
    const answers = {
      write: await app.request('/big', { method: 'POST', ...GZIP }),
      small: await app.request('/small', GZIP),
      png: await app.request('/png', GZIP),
      noTransform: await app.request('/no-transform', GZIP),
    };
    for (const [name, res] of Object.entries(answers)) expect(res.headers.get('content-encoding'), name).toBeNull();
    expect(await answers.write.json()).toEqual(BIG);
    expect(await answers.small.json()).toEqual({ ok: true });
    expect((await answers.png.arrayBuffer()).byteLength).toBe(4096);
  });

  it('compresses from the threshold on', async () => {
    expect((await app.request('/edge', GZIP)).headers.get('content-encoding')).toBe('gzip');
  });

  it('adds Accept-Encoding to Vary and weakens a strong ETag', async () => {
    const res = await app.request('/tagged', GZIP);
    expect(res.headers.get('vary')).toBe('Origin, Accept-Encoding');
    expect(res.headers.get('etag')).toBe('W/"v1"');
  });
});

describe('acceptsGzip', () => {
  it('reads the codings and their qualities', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
  });
});
