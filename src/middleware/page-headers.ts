import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../env';

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

const pageHeaders = secureHeaders({
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
});

/**
 * The JSON tool's page may fetch a JSON document by URL from any https site the visitor names
 * (3-developer §2.11); every other page connects only to us.
 */
const JSON_TOOL_PATH = '/tools/json-escape-unescape';
const jsonToolHeaders = secureHeaders({
  contentSecurityPolicy: { ...CONTENT_SECURITY_POLICY, connectSrc: ["'self'", 'https:'] },
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
});

/**
 * Browser-facing answers get the full set of security headers; the messaging API's JSON (token
 * callers, not browsers) only needs nosniff, and its hot path should not pay for a dozen headers.
 */
export function securityHeaders(isMessagingApi: (path: string) => boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.path === JSON_TOOL_PATH) return jsonToolHeaders(c, next);
    if (!isMessagingApi(c.req.path)) return pageHeaders(c, next);
    await next();
    c.res.headers.set('x-content-type-options', 'nosniff');
  });
}
