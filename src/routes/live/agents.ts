import { liveSignedIn } from '../../middleware/live-session';
import { transferTargets } from '../../services/inbox/assign';
import { liveAgentListAnswer } from '../../shared/schemas/live';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { endpoint, ok, routes } from '../kit/declare';
import { LIVE_SECURITY, liveActor } from './actor';

const list = endpoint(
  'get',
  '/agents',
  CONSOLE_TAGS.live,
  'Whom a conversation can be transferred to: the account owner, then the agents with a chat seat who confirmed their e-mail',
  {},
  ok(liveAgentListAnswer),
  { security: LIVE_SECURITY, middleware: [liveSignedIn] },
);

/** `GET /api/live/agents`: whom a conversation can be handed to. */
export const liveAgentRoutes = routes().openapi(list, async (c) => {
  const actor = await liveActor(c);
  return c.json({ success: true, data: await transferTargets(c.get('ctx'), actor.pid) }, 200);
});
