import { liveSignedIn } from '../../middleware/live-session';
import { payload } from '../../middleware/payload';
import { addCanned, addNote, deleteCanned, listCanned, listNotes, updateCanned } from '../../services/inbox/extras';
import { SEND_BODY_MAX } from '../../services/messages/accept';
import { liveSend } from '../../services/inbox/send';
import {
  cannedBody,
  cannedParams,
  conversationParams,
  liveSendBody,
  noteBody,
  cannedAnswer,
  cannedListAnswer,
  liveSendAnswer,
  noteAnswer,
  noteListAnswer,
} from '../../shared/schemas/live';
import { justSuccess } from '../../shared/schemas/common';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { LIVE_SECURITY, liveActor } from './actor';

const T = CONSOLE_TAGS.live;
const guarded = { security: LIVE_SECURITY, middleware: [liveSignedIn] };
// Media may come as a data URI, so a reply's body may be as large as sendMessage's.
const withBody = (maxBytes?: number) => ({ security: LIVE_SECURITY, middleware: [liveSignedIn, payload(maxBytes)] });
const params = { params: conversationParams };

const send = endpoint(
  'post',
  '/conversations/{id}/send',
  T,
  "Reply through the phone's durable send queue (takes the conversation when nobody holds it)",
  {
    ...params,
    body: body(liveSendBody, {
      text: { type: 'text', message: 'Hello 👋' },
      media: { type: 'media', message: 'https://example.com/a.png', text: 'Caption' },
    }),
  },
  ok(liveSendAnswer),
  withBody(SEND_BODY_MAX),
);
const notes = endpoint(
  'get',
  '/conversations/{id}/notes',
  T,
  "A conversation's private notes (never sent to the customer)",
  params,
  ok(noteListAnswer),
  guarded,
);
const addNoteRoute = endpoint(
  'post',
  '/conversations/{id}/notes',
  T,
  'Add a private note to a conversation',
  { ...params, body: body(noteBody) },
  ok(noteAnswer),
  withBody(),
);
const canned = endpoint('get', '/canned', T, "The account's canned replies", {}, ok(cannedListAnswer), guarded);
const addCannedRoute = endpoint(
  'post',
  '/canned',
  T,
  'Save a canned reply (inserted in the composer with /shortcut)',
  { body: body(cannedBody) },
  ok(cannedAnswer),
  withBody(),
);
const updateCannedRoute = endpoint(
  'post',
  '/canned/{cannedId}',
  T,
  'Change a canned reply',
  { params: cannedParams, body: body(cannedBody) },
  ok(cannedAnswer),
  withBody(),
);
const deleteCannedRoute = endpoint(
  'post',
  '/canned/{cannedId}/delete',
  T,
  'Delete a canned reply',
  { params: cannedParams },
  ok(justSuccess),
  guarded,
);

/** `/api/live/...`: replies, private notes and canned replies of the inbox. */
export const liveExtraRoutes = routes()
  .openapi(send, async (c) =>
    c.json(
      {
        success: true,
        data: await liveSend(c.get('ctx'), await liveActor(c), c.req.valid('param').id, c.req.valid('json')),
      },
      200,
    ),
  )
  .openapi(notes, async (c) =>
    c.json({ success: true, data: await listNotes(c.get('ctx'), await liveActor(c), c.req.valid('param').id) }, 200),
  )
  .openapi(addNoteRoute, async (c) =>
    c.json(
      {
        success: true,
        data: await addNote(c.get('ctx'), await liveActor(c), c.req.valid('param').id, c.req.valid('json').text),
      },
      200,
    ),
  )
  .openapi(canned, async (c) =>
    c.json({ success: true, data: await listCanned(c.get('ctx'), await liveActor(c)) }, 200),
  )
  .openapi(addCannedRoute, async (c) =>
    c.json({ success: true, data: await addCanned(c.get('ctx'), await liveActor(c), c.req.valid('json')) }, 200),
  )
  .openapi(updateCannedRoute, async (c) =>
    c.json(
      {
        success: true,
        data: await updateCanned(c.get('ctx'), await liveActor(c), c.req.valid('param').cannedId, c.req.valid('json')),
      },
      200,
    ),
  )
  .openapi(deleteCannedRoute, async (c) => {
    await deleteCanned(c.get('ctx'), await liveActor(c), c.req.valid('param').cannedId);
    return c.json({ success: true }, 200);
  });
