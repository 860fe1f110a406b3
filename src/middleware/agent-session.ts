import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../errors';
import type { AppContext, AppEnv } from '../env';
import { createAgentSession, validateAgentSession } from '../services/agents/sessions';
import { AGENT_MSG } from '../shared/schemas/console/agents';
import { rotateCsrf } from './csrf';

/** The chat app's session cookie: its own name, so an agent and the owner can be signed in side by side. */
const AGENT_SESSION_COOKIE = 'wapi_live_session';

function cookieOptions(c: AppContext, expiresAt: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax' as const,
    secure: !c.get('deps').config.dev,
    expires: new Date(expiresAt),
  };
}

/** The agent session token of the request's cookie, when it has a plausible one. */
export function agentSessionToken(c: AppContext): string | null {
  const token = getCookie(c, AGENT_SESSION_COOKIE);
  return token && token.length <= 128 ? token : null;
}

/** Route middleware: loads the signed-in agent (sliding its expiry) or answers 401 before the body is read. */
export const agentSignedIn = createMiddleware<AppEnv>(async (c, next) => {
  const token = agentSessionToken(c);
  const found = token ? await validateAgentSession(c.get('ctx'), token) : null;
  if (!found) {
    if (token) clearAgentCookie(c);
    throw new ApiError('UNAUTHORIZED', AGENT_MSG.notSignedIn);
  }
  if (found.renewedUntil) setCookie(c, AGENT_SESSION_COOKIE, token!, cookieOptions(c, found.renewedUntil));
  c.set('agent', found.agent);
  await next();
});

/** Starts an agent session (a new session token and a new CSRF token), replacing the cookie. */
export async function startAgentSession(c: AppContext, agentId: number): Promise<void> {
  const { token, expiresAt } = await createAgentSession(c.get('ctx'), agentId);
  setCookie(c, AGENT_SESSION_COOKIE, token, cookieOptions(c, expiresAt));
  rotateCsrf(c);
}

export function clearAgentCookie(c: AppContext): void {
  deleteCookie(c, AGENT_SESSION_COOKIE, { path: '/', secure: !c.get('deps').config.dev });
}
