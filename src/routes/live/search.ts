import { liveSignedIn } from '../../middleware/live-session';
import { searchInbox } from '../../services/inbox/search';
import { liveSearchAnswer, liveSearchQuery } from '../../shared/schemas/live/search';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { endpoint, ok, routes } from '../kit/declare';
import { LIVE_SECURITY, liveActor } from './actor';

const search = endpoint(
  'get',
  '/search',
  CONSOLE_TAGS.live,
  "Search the account's messages, contacts and notes: the matches, newest first, with their conversations",
  { query: liveSearchQuery },
  ok(liveSearchAnswer),
  { security: LIVE_SECURITY, middleware: [liveSignedIn] },
);

/** `GET /api/live/search`: the inbox's search. */
export const liveSearchRoutes = routes().openapi(search, async (c) =>
  c.json({ success: true, data: await searchInbox(c.get('ctx'), await liveActor(c), c.req.valid('query')) }, 200),
);
