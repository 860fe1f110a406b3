import { liveSignedIn } from '../../middleware/live-session';
import { payload } from '../../middleware/payload';
import { seatsChanged } from '../../services/inbox/auto-assign';
import { listPresence, myPresence, setPresence } from '../../services/inbox/presence';
import { presenceAnswer, presenceBody, presenceListAnswer } from '../../shared/schemas/live/presence';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { LIVE_SECURITY, liveActor } from './actor';

const T = CONSOLE_TAGS.live;

const list = endpoint(
  'get',
  '/presence',
  T,
  "The account's team (owner first, then the agents with a chat seat) with each one's presence and open conversations",
  {},
  ok(presenceListAnswer),
  { security: LIVE_SECURITY, middleware: [liveSignedIn] },
);
const set = endpoint(
  'post',
  '/presence',
  T,
  'Set your own presence: online (round robin may assign you), busy or offline',
  { body: body(presenceBody, { online: { status: 'online' }, busy: { status: 'busy' } }) },
  ok(presenceAnswer),
  { security: LIVE_SECURITY, middleware: [liveSignedIn, payload()] },
);

/** `/api/live/presence`: who of the team is reachable (issue 42). */
export const livePresenceRoutes = routes()
  .openapi(list, async (c) => {
    const actor = await liveActor(c);
    return c.json({ success: true, data: await listPresence(c.get('ctx'), actor.pid) }, 200);
  })
  .openapi(set, async (c) => {
    const ctx = c.get('ctx');
    const actor = await liveActor(c);
    const status = c.req.valid('json').status;
    await setPresence(ctx, actor, status);
    // Coming online opens seats: waiting conversations may go to them now.
    if (status === 'online') await seatsChanged(ctx, actor.pid);
    return c.json({ success: true, data: await myPresence(ctx, actor) }, 200);
  });
