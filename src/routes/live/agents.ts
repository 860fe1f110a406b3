import { liveSignedIn } from '../../middleware/live-session';
import { agentsByAge } from '../../services/agents/seats';
import { liveAgentListAnswer } from '../../shared/schemas/live-agents';
import { CONSOLE_TAGS } from '../console-declare';
import { endpoint, ok, routes } from '../declare';
import { LIVE_SECURITY, liveActor } from './actor';

const list = endpoint('get', '/agents', CONSOLE_TAGS.live, "The account's agents, for the transfer picker", {}, ok(liveAgentListAnswer), { security: LIVE_SECURITY, middleware: [liveSignedIn] });

/** `GET /api/live/agents`: whom a conversation can be handed to. */
export const liveAgentRoutes = routes().openapi(list, async (c) => {
  const actor = await liveActor(c);
  const rows = await agentsByAge(c.get('ctx'), actor.pid);
  return c.json({ success: true, data: rows.map((a) => ({ id: a.id, email: a.email, name: `${a.name} ${a.surname}`.trim() })) }, 200);
});
