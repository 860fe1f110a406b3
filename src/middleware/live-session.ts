import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { agentSessionToken, agentSignedIn } from './agent-session';
import { requireUser } from './session';

/**
 * The inbox's calls: an agent signed in to the chat app, or else the account owner signed in to the
 * console. 401 before the body is read when neither is.
 */
export const liveSignedIn = createMiddleware<AppEnv>(async (c, next) => {
  if (agentSessionToken(c) || !c.get('user')) return agentSignedIn(c, next);
  requireUser(c);
  await next();
});
