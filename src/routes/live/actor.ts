import type { AppContext } from '../../env';
import { requireUser } from '../../middleware/session';
import { agentActor, ownerActor, type LiveActor } from '../../services/inbox/actor';

/** Who calls the inbox (set up by liveSignedIn): the agent, or the owner; 403 beyond the agent limit. */
export function liveActor(c: AppContext): Promise<LiveActor> {
  const agent = c.get('agent') as AppContext['var']['agent'] | undefined;
  return agent ? agentActor(c.get('ctx'), agent) : ownerActor(c.get('ctx'), requireUser(c));
}

/** Security requirements of the inbox: the agent session, or the owner's console session. */
export const LIVE_SECURITY: Record<string, string[]>[] = [{ AgentSessionCookie: [] }, { SessionCookie: [] }];
