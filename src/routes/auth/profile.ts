import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { payload } from '../../middleware/payload';
import { requireUser, signedIn, startSession } from '../../middleware/session';
import { changePassword } from '../../services/auth/password-change';
import { updateUser, userView } from '../../services/auth/users';
import {
  updateInfoSchema,
  updatePasswordSchema,
  updatePhoneSchema,
  messageAnswer,
  userAnswer,
} from '../../shared/schemas/auth';
import { clientIp } from '../kit/client-ip';
import { CONSOLE_TAGS, SIGNED_IN } from '../kit/console-declare';
import { endpoint, body, ok, routes } from '../kit/declare';

const GOOGLE_ONLY_PASSWORD_MESSAGE = 'Google-login users cannot change their password.';
const NOT_YOURS = 'You can only change your own account.';

/** Google-only accounts have no password to change: 403 before the body is looked at. */
const hasPassword = createMiddleware<AppEnv>(async (c, next) => {
  const user = requireUser(c);
  if (user.isGoogle && !user.passwordHash) throw new ApiError('FORBIDDEN', GOOGLE_ONLY_PASSWORD_MESSAGE);
  await next();
});

/** A profile change of the signed-in user: 401 (and any guard's refusal) come before the body is looked at. */
function change<S extends Parameters<typeof body>[0], R extends ReturnType<typeof ok>>(
  path: string,
  summary: string,
  schema: S,
  responses: R,
  guards: (typeof signedIn)[] = [],
) {
  return endpoint('post', path, CONSOLE_TAGS.account, summary, { body: body(schema) }, responses, {
    security: SIGNED_IN,
    middleware: [signedIn, ...guards, payload()] as const,
  });
}

const updateInfo = change(
  '/updateInfo',
  'Change the name, phone, company and company details',
  updateInfoSchema,
  ok(userAnswer),
);
const updatePhone = change('/updatePhone', 'Change the contact phone', updatePhoneSchema, ok(userAnswer));
const updatePassword = change(
  '/updatePassword',
  'Change the password, confirming the current one (ends every other session)',
  updatePasswordSchema,
  ok(messageAnswer),
  [hasPassword],
);

/** `/api/auth/update*`: the signed-in user's own profile and password. */
export const authProfileRoutes = routes()
  .openapi(updateInfo, async (c) => {
    const user = requireUser(c);
    const input = c.req.valid('json');
    if (input.id !== undefined && input.id !== user.id) throw new ApiError('FORBIDDEN', NOT_YOURS);
    const updated = await updateUser(c.get('ctx'), user.id, {
      name: input.name,
      phone: input.phone,
      company: input.company,
      extra: input.extra?.company ? { company: input.extra.company } : undefined,
    });
    return c.json({ success: true, data: userView(updated) }, 200);
  })
  .openapi(updatePhone, async (c) => {
    const user = requireUser(c);
    const input = c.req.valid('json');
    if (input.id !== user.id) throw new ApiError('FORBIDDEN', NOT_YOURS);
    const updated = await updateUser(c.get('ctx'), user.id, { phone: input.phone });
    return c.json({ success: true, data: userView(updated) }, 200);
  })
  .openapi(updatePassword, async (c) => {
    const user = requireUser(c);
    const input = c.req.valid('json');
    await changePassword(c.get('ctx'), user, input.currentpassword, input.newpassword, clientIp(c));
    // Every session ended with the change; this browser gets a fresh one.
    await startSession(c, user.id);
    return c.json({ success: true, message: 'Your password has been changed.' }, 200);
  });
