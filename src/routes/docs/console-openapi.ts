import { openApiDocument as documentSchema } from '../../shared/schemas/docs';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { endpoint, ok, routes } from '../kit/declare';
import { origin } from './api';
import { consoleDocument } from '../openapi/console-document';

const document = endpoint(
  'get',
  '/openapi.json',
  CONSOLE_TAGS.server,
  'The OpenAPI 3.1 document of the console backend',
  {},
  ok(documentSchema),
);

/** `GET /api/{brand}/openapi.json`: the console backend's document (no login needed). */
export const consoleDocsRoutes = routes().openapi(document, (c) => {
  const { config, localMailbox } = c.get('deps');
  c.header('cache-control', 'public, max-age=300');
  return c.json(
    consoleDocument({
      serverUrl: origin(c, config.APP_URL),
      brand: config.BRAND,
      simulator: config.simulator,
      mailbox: Boolean(localMailbox),
    }),
    200,
  );
});
