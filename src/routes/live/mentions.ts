import { liveSignedIn } from '../../middleware/live-session';
import { payload } from '../../middleware/payload';
import { listMentions, readMentions } from '../../services/inbox/mentions';
import {
  mentionsAnswer,
  mentionsQuery,
  mentionsReadAnswer,
  mentionsReadBody,
} from '../../shared/schemas/live/mentions';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { LIVE_SECURITY, liveActor } from './actor';

const list = endpoint(
  'get',
  '/mentions',
  CONSOLE_TAGS.live,
  "The caller's mentions (notes that named them with @Name), newest first",
  { query: mentionsQuery },
  ok(mentionsAnswer),
  { security: LIVE_SECURITY, middleware: [liveSignedIn] },
);
const read = endpoint(
  'post',
  '/mentions/read',
  CONSOLE_TAGS.live,
  "Mark the caller's mentions read (the given ids, or all)",
  { body: body(mentionsReadBody, { some: { ids: [4, 5] }, all: {} }) },
  ok(mentionsReadAnswer),
  { security: LIVE_SECURITY, middleware: [liveSignedIn, payload()] },
);

/** `/api/live/mentions`: where a note named the caller. */
export const liveMentionRoutes = routes()
  .openapi(list, async (c) => {
    const query = c.req.valid('query');
    const { mentions, unread } = await listMentions(c.get('ctx'), await liveActor(c), query);
    return c.json({ success: true, data: mentions, page: query.page, limit: query.limit, unread }, 200);
  })
  .openapi(read, async (c) =>
    c.json(
      { success: true, data: { read: await readMentions(c.get('ctx'), await liveActor(c), c.req.valid('json').ids) } },
      200,
    ),
  );
