import { Hono } from 'hono';
import { ApiError } from '../errors';
import type { AppEnv } from '../env';
import { readValid } from '../middleware/payload';
import { clearSessionCookie, requireUser, startSession } from '../middleware/session';
import { hitLimits } from '../services/auth/rate-limit';
import { deleteSession, deleteUserSessions } from '../services/auth/sessions';
import { authenticate, registerUser, setPassword, updateUser, userView } from '../services/auth/users';
import { loginSchema, registerSchema, updateInfoSchema, updatePasswordSchema, updatePhoneSchema } from '../shared/auth-schemas';
import { clientIp } from './client-ip';

const MINUTE = 60_000;
/** Login attempts: per account and per address, in 15-minute windows. */
export const LOGIN_LIMITS = { perAccount: 10, perAddress: 100, windowMs: 15 * MINUTE };
/** Registrations per address per hour. */
export const REGISTER_LIMITS = { perAddress: 20, windowMs: 60 * MINUTE };

export const LOGIN_FAILED_MESSAGE = 'The mail or password is wrong.';
export const GOOGLE_ONLY_PASSWORD_MESSAGE = 'Google-login users cannot change their password.';

/** `/api/auth/*`: login, register, logout, the current user and their profile. */
export const authRoutes = new Hono<AppEnv>()
  .post('/login', async (c) => {
    const input = await readValid(c, loginSchema);
    await hitLimits(c.get('ctx'), [
      { key: `login:acct:${input.username}`, max: LOGIN_LIMITS.perAccount, windowMs: LOGIN_LIMITS.windowMs },
      { key: `login:ip:${clientIp(c)}`, max: LOGIN_LIMITS.perAddress, windowMs: LOGIN_LIMITS.windowMs },
    ]);
    const user = await authenticate(c.get('ctx'), input.username, input.password);
    if (!user) throw new ApiError('UNAUTHORIZED', LOGIN_FAILED_MESSAGE);
    const old = c.get('sessionToken');
    if (old) await deleteSession(c.get('ctx'), old);
    await startSession(c, user.id);
    return c.json({ success: true, data: userView(user) });
  })
  .post('/register', async (c) => {
    const input = await readValid(c, registerSchema);
    await hitLimits(c.get('ctx'), [
      { key: `register:ip:${clientIp(c)}`, max: REGISTER_LIMITS.perAddress, windowMs: REGISTER_LIMITS.windowMs },
    ]);
    const user = await registerUser(c.get('ctx'), input);
    const old = c.get('sessionToken');
    if (old) await deleteSession(c.get('ctx'), old);
    await startSession(c, user.id);
    return c.json({ success: true, data: userView(user) });
  })
  .get('/logout', async (c) => {
    const token = c.get('sessionToken');
    if (token) await deleteSession(c.get('ctx'), token);
    clearSessionCookie(c);
    return c.json({ success: true });
  })
  .get('/user', (c) => c.json({ success: true, data: userView(requireUser(c)) }))
  .post('/updateInfo', async (c) => {
    const user = requireUser(c);
    const input = await readValid(c, updateInfoSchema);
    if (input.id !== undefined && input.id !== user.id) throw new ApiError('FORBIDDEN', 'You can only change your own account.');
    const updated = await updateUser(c.get('ctx'), user.id, {
      name: input.name,
      phone: input.phone,
      company: input.company,
      extra: input.extra?.company ? { company: input.extra.company } : undefined,
    });
    return c.json({ success: true, data: userView(updated) });
  })
  .post('/updatePhone', async (c) => {
    const user = requireUser(c);
    const input = await readValid(c, updatePhoneSchema);
    if (input.id !== user.id) throw new ApiError('FORBIDDEN', 'You can only change your own account.');
    const updated = await updateUser(c.get('ctx'), user.id, { phone: input.phone });
    return c.json({ success: true, data: userView(updated) });
  })
  .post('/updatePassword', async (c) => {
    const user = requireUser(c);
    const input = await readValid(c, updatePasswordSchema);
    if (user.isGoogle && !user.passwordHash) throw new ApiError('FORBIDDEN', GOOGLE_ONLY_PASSWORD_MESSAGE);
    await setPassword(c.get('ctx'), user.id, input.newpassword);
    // Every session ends with a password change; this browser gets a fresh one.
    await deleteUserSessions(c.get('ctx'), user.id);
    await startSession(c, user.id);
    return c.json({ success: true, message: 'Your password has been changed.' });
  });
