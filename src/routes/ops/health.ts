import { databaseUp } from '../../services/health';
import { healthDown, healthUp } from '../../shared/schemas/ops';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { endpoint, ERRORS, routes } from '../kit/declare';

const health = endpoint(
  'get',
  '/',
  CONSOLE_TAGS.server,
  'Liveness: 200 once the app can reach its database',
  {},
  {
    200: { description: 'Up', content: { 'application/json': { schema: healthUp } } },
    // Every address passes the malformed percent-encoding check first, this one included.
    400: ERRORS[400],
    503: { description: 'The database cannot be reached', content: { 'application/json': { schema: healthDown } } },
  },
);

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
