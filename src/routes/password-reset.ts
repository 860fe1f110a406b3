import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { readValid } from '../middleware/payload';
import { hitLimits } from '../services/auth/rate-limit';
import { completePasswordReset, requestPasswordReset, RESET_DONE_MESSAGE, RESET_SENT_MESSAGE } from '../services/auth/resets';
import { forgotSchema, resetSchema } from '../shared/auth-schemas';
import { clientIp } from './client-ip';

const HOUR = 60 * 60_000;
/** Reset requests per e-mail and per address, per hour. */
export const RESET_LIMITS = { perAccount: 5, perAddress: 30, windowMs: HOUR };

/** The public base URL for links in e-mails: APP_URL, or the request's own origin in development. */
function baseUrl(c: Parameters<typeof clientIp>[0]): string {
  return (c.get('deps').config.APP_URL ?? new URL(c.req.url).origin).replace(/\/+$/, '');
}

/** `POST /api/mailer/resetPassword`: the same answer, in the same time, whether the e-mail is known or not. */
export const mailerRoutes = new Hono<AppEnv>().post('/resetPassword', async (c) => {
  const input = await readValid(c, forgotSchema);
  await hitLimits(c.get('ctx'), [
    { key: `reset:acct:${input.email}`, max: RESET_LIMITS.perAccount, windowMs: RESET_LIMITS.windowMs },
    { key: `reset:ip:${clientIp(c)}`, max: RESET_LIMITS.perAddress, windowMs: RESET_LIMITS.windowMs },
  ]);
  const work = requestPasswordReset(c.get('ctx'), input.email, baseUrl(c)).catch((err: unknown) =>
    c.get('deps').log?.({ level: 'error', msg: 'password reset mail failed', err: String(err) }),
  );
  // The lookup and mail happen after the answer so its timing says nothing about the e-mail.
  const defer = c.get('deps').defer;
  if (defer) defer(work);
  else await work;
  return c.json({ success: true, message: RESET_SENT_MESSAGE });
});

/** `POST /api/verify/resetPassword`: sets the new password with a single-use token. */
export const verifyRoutes = new Hono<AppEnv>().post('/resetPassword', async (c) => {
  const input = await readValid(c, resetSchema);
  await completePasswordReset(c.get('ctx'), input.token, input.password);
  return c.json({ success: true, message: RESET_DONE_MESSAGE });
});
