import { openApiDocument as documentSchema, referenceScriptText } from '../../shared/schemas/docs';
import { brandName } from '../../ssr/shell';
import { CONSOLE_TAGS, htmlPage } from '../kit/console-declare';
import { endpoint, ERRORS, ok, routes } from '../kit/declare';
import { openApiDocument } from '../openapi/messaging-document';
import { referencePage, referenceScript } from './reference-page';

/** The public origin for documents: APP_URL, or the request's own. */
export function origin(c: { req: { url: string } }, appUrl: string | undefined): string {
  return appUrl?.replace(/\/+$/, '') ?? new URL(c.req.url).origin;
}

const document = endpoint(
  'get',
  '/openapi.json',
  CONSOLE_TAGS.server,
  'The OpenAPI 3.1 document of the messaging API',
  {},
  ok(documentSchema),
);
const reference = endpoint(
  'get',
  '/reference',
  CONSOLE_TAGS.server,
  'The interactive reference of the messaging API',
  {},
  htmlPage('The reference page'),
);
const referenceJs = endpoint(
  'get',
  '/reference.js',
  CONSOLE_TAGS.server,
  "The reference page's script: starts Scalar, with the signed-in customer's product id and token",
  {},
  {
    200: { description: 'The script', content: { 'application/javascript': { schema: referenceScriptText } } },
    400: ERRORS[400],
  },
);

/** `GET /api/openapi.json` and the interactive reference at `/api/reference`. */
export const docsRoutes = routes()
  .openapi(document, (c) => {
    c.header('cache-control', 'public, max-age=300');
    c.header('access-control-allow-origin', '*');
    return c.json(
      openApiDocument({ serverUrl: origin(c, c.get('deps').config.APP_URL), brand: c.get('deps').config.BRAND }),
      200,
    );
  })
  .openapi(reference, (c) => c.html(referencePage(`${brandName(c.get('deps').config.BRAND)} API reference`), 200))
  .openapi(referenceJs, (c) => {
    c.header('content-type', 'application/javascript; charset=utf-8');
    c.header('cache-control', 'no-cache');
    return c.body(referenceScript(c.get('deps').config.BRAND), 200);
  });
