import type { Context } from 'hono';
import type { AppEnv } from '../../env';

/** Answers JSON and hands the body to the API log, which then need not read the response back. */
// Any path and any declared input: the answer helper serves every messaging route.
export function answer<T extends object>(c: Context<AppEnv, any, any>, body: T) {
  c.set('responseBody', body);
  return c.json(body, 200);
}
