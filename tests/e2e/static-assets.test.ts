/**
 * The Node entry's static files and answers as a client gets them off the wire (node:http, which,
 * unlike fetch, does not decode bodies): precompressed siblings from the build, their caching, and
 * the compression middleware on a real server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET whose body comes back exactly as sent. */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const mainScript = readdirSync('dist/web/assets').find((f) => /^main-.+\.js$/.test(f))!;
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('Static assets from the Node server', () => {
  it('sends the main script brotli-compressed, immutable, decoding to the built file', async () => {
    const file = readFileSync(`dist/web/assets/${mainScript}`);
    const res = await get(`/assets/${mainScript}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(file.length / 3);
    expect(brotliDecompressSync(res.body).equals(file)).toBe(true);
  });

  it('sends gzip to a client without brotli, and the file itself to one without either', async () => {
    const file = readFileSync(`dist/web/assets/${mainScript}`);
    const gz = await get(`/assets/${mainScript}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(file)).toBe(true);
    const plain = await get(`/assets/${mainScript}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.equals(file)).toBe(true);
  });

  it('compresses the vendored reference script', async () => {
    const res = await get('/vendor/scalar/standalone.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).equals(readFileSync('dist/web/vendor/scalar/standalone.js'))).toBe(true);
  });

  it('gzips an HTML shell, revalidated on every visit rather than never stored', async () => {
    const res = await get('/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(gunzipSync(res.body).toString()).toContain(`/assets/${mainScript}`);
  });
});
