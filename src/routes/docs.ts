import { createRoute } from '@hono/zod-openapi';
import { Scalar } from '@scalar/hono-api-reference';
import { openApiDocument as documentSchema } from '../shared/schemas/server';
import { CONSOLE_TAGS, htmlPage } from './console-declare';
import { ok, routes } from './declare';
import { openApiDocument } from './openapi/messaging-document';

/** Where the reference page loads Scalar from: a copy in the build, so it works offline. */
export const SCALAR_SCRIPT = '/vendor/scalar/standalone.js';

/** The public origin for documents: APP_URL, or the request's own. */
export function origin(c: { req: { url: string } }, appUrl: string | undefined): string {
  return appUrl?.replace(/\/+$/, '') ?? new URL(c.req.url).origin;
}

const document = createRoute({
  method: 'get',
  path: '/openapi.json',
  tags: [CONSOLE_TAGS.server],
  summary: 'The OpenAPI 3.1 document of the messaging API',
  responses: ok(documentSchema),
});
const reference = createRoute({
  method: 'get',
  path: '/reference',
  tags: [CONSOLE_TAGS.server],
  summary: 'The interactive reference of the messaging API',
  responses: htmlPage('The reference page'),
});

/** `GET /api/openapi.json` and the interactive reference at `/api/reference`. */
export const docsRoutes = routes()
  .openapi(document, (c) => {
    c.header('cache-control', 'public, max-age=300');
    c.header('access-control-allow-origin', '*');
    return c.json(openApiDocument({ serverUrl: origin(c, c.get('deps').config.APP_URL), brand: c.get('deps').config.BRAND }), 200);
  })
  .openapi(reference, (c, next) =>
    // Scalar's handler is typed for a bare Hono context; it only renders HTML from its options.
    Scalar({ url: '/api/openapi.json', cdn: SCALAR_SCRIPT, pageTitle: `${c.get('deps').config.BRAND} API reference` })(c as unknown as Parameters<ReturnType<typeof Scalar>>[0], next) as Promise<Response>,
  );
