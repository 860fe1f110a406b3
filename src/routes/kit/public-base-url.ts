import type { AppContext } from '../../env';

/**
 * The public base URL for links handed out (e-mails, the Google sign-in callback, the Postman
 * collection): APP_URL, else the address the server was started on (config.publicUrl). Never the
 * request's Host or X-Forwarded-Host, which the caller chooses: a reset link must not point at them.
 */
export function publicBaseUrl(c: AppContext): string {
  return c.get('deps').config.publicUrl;
}
