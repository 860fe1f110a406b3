import type { Context } from 'hono';
import type { AppEnv } from '../../env';

/** Answers JSON and hands the body to the API log, which then need not read the response back. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any path and declared input
export function answer<T extends object>(c: Context<AppEnv, any, any>, body: T) {
  c.set('responseBody', body);
  return c.json(body, 200);
}
