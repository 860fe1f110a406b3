import { createRoute } from '@hono/zod-openapi';
import { ApiError } from '../errors';
import { payload } from '../middleware/payload';
import { clearSessionCookie, requireUser, startSession } from '../middleware/session';
import { hitLimits } from '../services/auth/rate-limit';
import { deleteSession } from '../services/auth/sessions';
import { authenticate, registerUser, userView } from '../services/auth/users';
import { loginSchema, registerSchema } from '../shared/auth-schemas';
import { userAnswer } from '../shared/schemas/auth';
import { justSuccess } from '../shared/schemas/common';
import { authProfileRoutes } from './auth-profile';
import { clientIp } from './client-ip';
import { CONSOLE_TAGS, SIGNED_IN } from './console-declare';
import { body, ok, routes } from './declare';

const MINUTE = 60_000;
/** Login attempts: per account and per address, in 15-minute windows. */
export const LOGIN_LIMITS = { perAccount: 10, perAddress: 100, windowMs: 15 * MINUTE };
/** Registrations per address per hour. */
export const REGISTER_LIMITS = { perAddress: 20, windowMs: 60 * MINUTE };

export const LOGIN_FAILED_MESSAGE = 'The mail or password is wrong.';

const tags = [CONSOLE_TAGS.account];

const login = createRoute({
  method: 'post',
  path: '/login',
  tags,
  summary: 'Sign in with e-mail and password (starts a session)',
  middleware: [payload()] as const,
  request: { body: body(loginSchema, { login: { username: 'ada@example.com', password: 'Secret-123' } }) },
  responses: ok(userAnswer),
});
const register = createRoute({
  method: 'post',
  path: '/register',
  tags,
  summary: 'Create an account (starts a session)',
  middleware: [payload()] as const,
  request: { body: body(registerSchema) },
  responses: ok(userAnswer),
});
const logout = createRoute({ method: 'get', path: '/logout', tags, summary: 'End this browser\'s session', responses: ok(justSuccess) });
const user = createRoute({ method: 'get', path: '/user', tags, summary: 'The signed-in user', security: SIGNED_IN, responses: ok(userAnswer) });

/** `/api/auth/*`: login, register, logout, the current user and their profile. */
export const authRoutes = routes()
  .openapi(login, async (c) => {
    const input = c.req.valid('json');
    await hitLimits(c.get('ctx'), [
      { key: `login:acct:${input.username}`, max: LOGIN_LIMITS.perAccount, windowMs: LOGIN_LIMITS.windowMs },
      { key: `login:ip:${clientIp(c)}`, max: LOGIN_LIMITS.perAddress, windowMs: LOGIN_LIMITS.windowMs },
    ]);
    const found = await authenticate(c.get('ctx'), input.username, input.password);
    if (!found) throw new ApiError('UNAUTHORIZED', LOGIN_FAILED_MESSAGE);
    const old = c.get('sessionToken');
    if (old) await deleteSession(c.get('ctx'), old);
    await startSession(c, found.id);
    return c.json({ success: true, data: userView(found) }, 200);
  })
  .openapi(register, async (c) => {
    const input = c.req.valid('json');
    await hitLimits(c.get('ctx'), [
      { key: `register:ip:${clientIp(c)}`, max: REGISTER_LIMITS.perAddress, windowMs: REGISTER_LIMITS.windowMs },
    ]);
    const created = await registerUser(c.get('ctx'), input);
    const old = c.get('sessionToken');
    if (old) await deleteSession(c.get('ctx'), old);
    await startSession(c, created.id);
    return c.json({ success: true, data: userView(created) }, 200);
  })
  .openapi(logout, async (c) => {
    const token = c.get('sessionToken');
    if (token) await deleteSession(c.get('ctx'), token);
    clearSessionCookie(c);
    return c.json({ success: true }, 200);
  })
  .openapi(user, (c) => c.json({ success: true, data: userView(requireUser(c)) }, 200))
  .route('/', authProfileRoutes);
