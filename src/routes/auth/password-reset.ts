import { payload } from '../../middleware/payload';
import { hitLimits } from '../../services/auth/rate-limit';
import {
  completePasswordReset,
  requestPasswordReset,
  RESET_DONE_MESSAGE,
  RESET_SENT_MESSAGE,
} from '../../services/auth/resets';
import { forgotSchema, resetSchema, messageAnswer } from '../../shared/schemas/auth';
import { errorShape } from '../../shared/schemas/common';
import { clientIp } from '../kit/client-ip';
import { publicBaseUrl } from '../kit/public-base-url';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { endpoint, body, ok, routes } from '../kit/declare';

const HOUR = 60 * 60_000;
/** Reset requests per e-mail and per address, per hour. */
export const RESET_LIMITS = { perAccount: 5, perAddress: 30, windowMs: HOUR };

const requestReset = endpoint(
  'post',
  '/resetPassword',
  CONSOLE_TAGS.account,
  'Mail a password reset link (the same answer whether the e-mail is known or not)',
  { body: body(forgotSchema) },
  ok(messageAnswer),
  { middleware: [payload()] as const },
);
const completeReset = endpoint(
  'post',
  '/resetPassword',
  CONSOLE_TAGS.account,
  'Set a new password with the single-use token of a reset link',
  { body: body(resetSchema) },
  {
    ...ok(messageAnswer),
    410: { description: 'The reset link has expired', content: { 'application/json': { schema: errorShape } } },
  } as const,
  { middleware: [payload()] as const },
);

/** `POST /api/mailer/resetPassword`: the same answer, in the same time, whether the e-mail is known or not. */
export const mailerRoutes = routes().openapi(requestReset, async (c) => {
  const input = c.req.valid('json');
  await hitLimits(c.get('ctx'), [
    { key: `reset:acct:${input.email}`, max: RESET_LIMITS.perAccount, windowMs: RESET_LIMITS.windowMs },
    { key: `reset:ip:${clientIp(c)}`, max: RESET_LIMITS.perAddress, windowMs: RESET_LIMITS.windowMs },
  ]);
  const work = requestPasswordReset(c.get('ctx'), input.email, publicBaseUrl(c)).catch((err: unknown) =>
    c.get('deps').log?.({ level: 'error', msg: 'password reset mail failed', err: String(err) }),
  );
  // The lookup and mail happen after the answer so its timing says nothing about the e-mail.
  const defer = c.get('deps').defer;
  if (defer) defer(work);
  else await work;
  return c.json({ success: true, message: RESET_SENT_MESSAGE }, 200);
});

/** `POST /api/verify/resetPassword`: sets the new password with a single-use token. */
export const verifyRoutes = routes().openapi(completeReset, async (c) => {
  const input = c.req.valid('json');
  await completePasswordReset(c.get('ctx'), input.token, input.password);
  return c.json({ success: true, message: RESET_DONE_MESSAGE }, 200);
});
