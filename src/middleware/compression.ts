import { getRuntimeKey } from 'hono/adapter';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

/** Smaller answers go out as they are: gzip would save a few bytes and cost a stream each time. */
export const COMPRESS_MIN_BYTES = 1024;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Whether an Accept-Encoding header takes gzip: named (or `*`) with a quality above zero. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const wanted = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip') return wanted;
    wildcard = wanted;
  }
  return wildcard;
}

function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('vary');
  if (vary === '*' || (vary && VARY_ACCEPT_ENCODING.test(vary))) return;
  headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Gzips text answers to GET requests (HTML shells, documents, lists) for clients that take it.
 * Writes are left alone: they answer a small status, and sendMessage is the messaging API's hot
 * path. Images, partial content, answers already encoded or marked no-transform, and bodies under
 * COMPRESS_MIN_BYTES go out unchanged. (Static files are compressed at build time instead.)
 */
export function compression() {
  // On Workers the edge compresses (brotli included), and workerd itself encodes a body in whatever
  // Content-Encoding names: compressing here as well would send it compressed twice.
  if (getRuntimeKey() === 'workerd') return createMiddleware<AppEnv>((_c, next) => next());
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (c.req.method !== 'GET') return;
    const res = c.res;
    const type = res.headers.get('content-type');
    if (
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      res.status === 206 ||
      res.headers.has('content-encoding')
    )
      return;
    if (NO_TRANSFORM.test(res.headers.get('cache-control') ?? '')) return;
    const length = res.headers.get('content-length');
    if (length !== null && Number(length) < COMPRESS_MIN_BYTES) return;
    varyOnEncoding(res.headers);
    if (!acceptsGzip(c.req.header('accept-encoding')) || !res.body) return;
    let body = res.body;
    if (length === null) {
      // Only the body tells how big an answer built from a string is.
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (bytes.byteLength < COMPRESS_MIN_BYTES) {
        c.res = new Response(bytes, res);
        return;
      }
      body = new Blob([bytes]).stream();
    }
    c.res = new Response(body.pipeThrough(new CompressionStream('gzip')), res);
    c.res.headers.delete('content-length');
    c.res.headers.set('content-encoding', 'gzip');
    const etag = c.res.headers.get('etag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('etag', `W/${etag}`);
  });
}
