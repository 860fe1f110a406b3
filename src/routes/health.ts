import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** `GET /healthz`: answers 200 once the app can reach its database. */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  try {
    await c.get('ctx').db.run(sql`select 1`);
    return c.json({ ok: true, db: 'up' });
  } catch (err) {
    return c.json(
      {
        ok: false,
        db: 'down',
        error: { code: 'UNAVAILABLE', message: 'The database cannot be reached.', requestId: c.get('requestId') },
      },
      503,
    );
  }
});
