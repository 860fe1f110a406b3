import type { AppContext } from '../../env';

/** Answers JSON and hands the body to the API log, which then need not read the response back. */
export function answer<T extends object>(c: AppContext, body: T): Response {
  c.set('responseBody', body);
  return c.json(body);
}
