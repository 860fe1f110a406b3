import { ApiError } from '../../errors';
import { payload } from '../../middleware/payload';
import { clearSessionCookie, requireUser, startSession } from '../../middleware/session';
import { limitedPasswordCheck } from '../../services/auth/password-attempts';
import { hitLimits } from '../../services/auth/rate-limit';
import { deleteSession } from '../../services/auth/sessions';
import { authenticate, registerUser, userView } from '../../services/auth/users';
import { loginSchema, registerSchema, userAnswer } from '../../shared/schemas/auth';
import { justSuccess } from '../../shared/schemas/common';
import { authProfileRoutes } from './profile';
import { clientIp } from '../kit/client-ip';
import { CONSOLE_TAGS, SIGNED_IN } from '../kit/console-declare';
import { endpoint, body, ok, routes } from '../kit/declare';

const MINUTE = 60_000;
/** Registrations per address per hour. */
const REGISTER_LIMITS = { perAddress: 20, windowMs: 60 * MINUTE };

const LOGIN_FAILED_MESSAGE = 'The mail or password is wrong.';
export const LOGOUT_IS_POST_MESSAGE = 'Log out with POST /api/auth/logout.';

const login = endpoint(
  'post',
  '/login',
  CONSOLE_TAGS.account,
  'Sign in with e-mail and password (starts a session)',
  { body: body(loginSchema, { login: { username: 'ada@example.com', password: 'Secret-123' } }) },
  ok(userAnswer),
  { middleware: [payload()] as const },
);
const register = endpoint(
  'post',
  '/register',
  CONSOLE_TAGS.account,
  'Create an account (starts a session)',
  { body: body(registerSchema) },
  ok(userAnswer),
  { middleware: [payload()] as const },
);
// A POST, so that another site cannot sign a user out with a link or an image (CSRF applies to it).
const logout = endpoint('post', '/logout', CONSOLE_TAGS.account, "End this browser's session", {}, ok(justSuccess));
const user = endpoint('get', '/user', CONSOLE_TAGS.account, 'The signed-in user', {}, ok(userAnswer), {
  security: SIGNED_IN,
});

/** `/api/auth/*`: login, register, logout, the current user and their profile. */
export const authRoutes = routes()
  .openapi(login, async (c) => {
    const input = c.req.valid('json');
    const found = await limitedPasswordCheck(c.get('ctx'), input.username, clientIp(c), () =>
      authenticate(c.get('ctx'), input.username, input.password),
    );
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
  .get('/logout', (c) => {
    c.header('Allow', 'POST');
    throw new ApiError('METHOD_NOT_ALLOWED', LOGOUT_IS_POST_MESSAGE);
  })
  .route('/', authProfileRoutes);
