import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../env';
import { PASSIVE_HEADERS } from '../services/messages/media-types';

/**
 * What every page may load: scripts only from our own origin (no inline script, no eval), styles
 * from our origin (inline style attributes allowed: components set them), images and media from our
 * origin or any https host (customers' media and WhatsApp profile pictures), connections only to us,
 * and no page of ours inside anyone's frame.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The page headers, with the media origin (when media is served from another host) among image and media sources. */
function pageHeadersFor(csp: typeof CONTENT_SECURITY_POLICY) {
  return secureHeaders({
    contentSecurityPolicy: csp,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
  });
}

/**
 * The JSON tool's page may fetch a JSON document by URL from any https site the visitor names
 * (3-developer §2.11); every other page connects only to us.
 */
const JSON_TOOL_PATH = '/tools/json-escape-unescape';

/** Answers that serve stored bytes (message media): passive whatever the route set, errors included. */
const STORED_BYTES_PATH = /^\/media(\/|$)/;

/**
 * Browser-facing answers get the full set of security headers; the messaging API's JSON (token
 * callers, not browsers) only needs nosniff, and its hot path should not pay for a dozen headers.
 * Stored media gets the passive set (sandboxed, nothing loads) instead of the page policy.
 */
export function securityHeaders(
  isMessagingApi: (path: string) => boolean,
  opts: { mediaOrigin?: string | undefined } = {},
) {
  const csp = opts.mediaOrigin
    ? {
        ...CONTENT_SECURITY_POLICY,
        imgSrc: [...CONTENT_SECURITY_POLICY.imgSrc, opts.mediaOrigin],
        mediaSrc: [...CONTENT_SECURITY_POLICY.mediaSrc, opts.mediaOrigin],
      }
    : CONTENT_SECURITY_POLICY;
  const pageHeaders = pageHeadersFor(csp);
  const jsonToolHeaders = pageHeadersFor({ ...csp, connectSrc: ["'self'", 'https:'] });
  return createMiddleware<AppEnv>(async (c, next) => {
    if (STORED_BYTES_PATH.test(c.req.path)) {
      await next();
      for (const [name, value] of Object.entries(PASSIVE_HEADERS)) c.res.headers.set(name, value);
      return;
    }
    if (c.req.path === JSON_TOOL_PATH) return jsonToolHeaders(c, next);
    if (!isMessagingApi(c.req.path)) return pageHeaders(c, next);
    await next();
    c.res.headers.set('x-content-type-options', 'nosniff');
  });
}
