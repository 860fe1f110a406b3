import { createRoute } from '@hono/zod-openapi';
import { databaseUp } from '../services/health';
import { healthDown, healthUp } from '../shared/schemas/server';
import { CONSOLE_TAGS } from './console-declare';
import { routes } from './declare';

const health = createRoute({
  method: 'get',
  path: '/',
  tags: [CONSOLE_TAGS.server],
  summary: 'Liveness: 200 once the app can reach its database',
  responses: {
    200: { description: 'Up', content: { 'application/json': { schema: healthUp } } },
    503: { description: 'The database cannot be reached', content: { 'application/json': { schema: healthDown } } },
  },
});

/** `GET /healthz`: answers 200 once the app can reach its database. */
export const healthRoutes = routes().openapi(health, async (c) => {
  if (await databaseUp(c.get('ctx'))) return c.json({ ok: true as const, db: 'up' as const }, 200);
  return c.json(
    {
      ok: false as const,
      db: 'down' as const,
      error: { code: 'UNAVAILABLE', message: 'The database cannot be reached.', requestId: c.get('requestId') },
    },
    503,
  );
});
