import { ApiError } from '../../errors';
import { agentSessionToken, agentSignedIn, clearAgentCookie, startAgentSession } from '../../middleware/agent-session';
import { payload } from '../../middleware/payload';
import { limitedPasswordCheck } from '../../services/auth/password-attempts';
import { authenticateAgent, deleteAgentSession, liveAgentView } from '../../services/agents/sessions';
import { verifyAgent } from '../../services/agents/verify';
import { AGENT_MSG, agentLoginBody, agentVerifyBody, liveAgentAnswer } from '../../shared/schemas/console/agents';
import { messageAnswer } from '../../shared/schemas/auth';
import { errorShape, justSuccess } from '../../shared/schemas/common';
import { clientIp } from '../kit/client-ip';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';

const T = CONSOLE_TAGS.live;
/** Calls of the agent chat app: its own session cookie. */
const AGENT_SESSION = [{ AgentSessionCookie: [] }];

const login = endpoint(
  'post',
  '/login',
  T,
  'Sign an agent in to the chat app (starts an agent session; unconfirmed agents cannot)',
  {
    body: body(agentLoginBody, { login: { email: 'agent@example.com', password: 'secret1' } }),
  },
  ok(liveAgentAnswer),
  { middleware: [payload()] as const },
);
const me = endpoint('get', '/me', T, 'The signed-in agent and whether they hold a chat seat', {}, ok(liveAgentAnswer), {
  security: AGENT_SESSION,
  middleware: [agentSignedIn] as const,
});
// A POST, so that another site cannot sign an agent out with a link or an image (CSRF applies to it).
const logout = endpoint('post', '/logout', T, "End this browser's agent session", {}, ok(justSuccess));
const verify = endpoint(
  'post',
  '/agent',
  T,
  "Confirm a new agent's e-mail with the single-use token of their mail, optionally setting a password",
  {
    body: body(agentVerifyBody),
  },
  {
    ...ok(messageAnswer),
    410: { description: 'The link has expired', content: { 'application/json': { schema: errorShape } } },
  } as const,
  { middleware: [payload()] as const },
);

/** `/api/live/auth/*`: the agent chat app's sign-in. */
export const liveAuthRoutes = routes()
  .openapi(login, async (c) => {
    const input = c.req.valid('json');
    const ctx = c.get('ctx');
    const found = await limitedPasswordCheck(ctx, `agent:${input.email}`, clientIp(c), () =>
      authenticateAgent(ctx, input.email, input.password),
    );
    if (!found) throw new ApiError('UNAUTHORIZED', AGENT_MSG.loginFailed);
    const old = agentSessionToken(c);
    if (old) await deleteAgentSession(ctx, old);
    await startAgentSession(c, found.id);
    return c.json({ success: true, data: await liveAgentView(ctx, found) }, 200);
  })
  .openapi(me, async (c) => c.json({ success: true, data: await liveAgentView(c.get('ctx'), c.get('agent')) }, 200))
  .openapi(logout, async (c) => {
    const token = agentSessionToken(c);
    if (token) await deleteAgentSession(c.get('ctx'), token);
    clearAgentCookie(c);
    return c.json({ success: true }, 200);
  })
  .get('/logout', (c) => {
    c.header('Allow', 'POST');
    throw new ApiError('METHOD_NOT_ALLOWED', AGENT_MSG.logoutIsPost);
  });

/** `POST /api/verify/agent`: the `/verify/agent/{token}` page's call. */
export const agentVerifyRoutes = routes().openapi(verify, async (c) => {
  const input = c.req.valid('json');
  await verifyAgent(c.get('ctx'), input.token, input.password || undefined);
  return c.json({ success: true, message: AGENT_MSG.verified }, 200);
});
