import { createMiddleware } from 'hono/factory';
import { ApiError } from '../errors';
import type { AppEnv } from '../env';

export const MALFORMED_URL_MESSAGE = 'The address has malformed percent-encoding.';

/** True when every %-escape of the path and query decodes (a lone `%E0%A4%A` does not). */
function wellFormed(pathAndQuery: string): boolean {
  if (!pathAndQuery.includes('%')) return true;
  try {
    for (const part of pathAndQuery.split(/[/?&=]/)) decodeURIComponent(part.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

/** Refuses an address no route could read, with a 400 instead of a decoding error deep inside. */
export const wellFormedUrl = createMiddleware<AppEnv>(async (c, next) => {
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start !== -1 && !wellFormed(url.slice(start))) throw new ApiError('BAD_REQUEST', MALFORMED_URL_MESSAGE);
  await next();
});
