import type { AppContext } from '../env';

/** The public base URL for links handed out (e-mails, the Postman collection): APP_URL, or the request's own origin in development. */
export function publicBaseUrl(c: AppContext): string {
  return (c.get('deps').config.APP_URL ?? new URL(c.req.url).origin).replace(/\/+$/, '');
}
