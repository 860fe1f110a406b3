import { Scalar } from '@scalar/hono-api-reference';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { openApiDocument } from './openapi/messaging-document';

/** Where the reference page loads Scalar from: a copy in the build, so it works offline. */
export const SCALAR_SCRIPT = '/vendor/scalar/standalone.js';

function origin(c: { req: { url: string } }, appUrl: string | undefined): string {
  return appUrl?.replace(/\/+$/, '') ?? new URL(c.req.url).origin;
}

/** `GET /api/openapi.json` and the interactive reference at `/api/reference`. */
export const docsRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => {
    c.header('cache-control', 'public, max-age=300');
    c.header('access-control-allow-origin', '*');
    return c.json(openApiDocument({ serverUrl: origin(c, c.get('deps').config.APP_URL), brand: c.get('deps').config.BRAND }));
  })
  .get('/reference', (c, next) =>
    // Scalar's handler is typed for a bare Hono context; it only renders HTML from its options.
    Scalar({ url: '/api/openapi.json', cdn: SCALAR_SCRIPT, pageTitle: `${c.get('deps').config.BRAND} API reference` })(c as unknown as Parameters<ReturnType<typeof Scalar>>[0], next),
  );
