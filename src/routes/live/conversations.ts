import { liveSignedIn } from '../../middleware/live-session';
import { payload } from '../../middleware/payload';
import {
  closeConversation,
  reopenConversation,
  takeConversation,
  transferConversation,
} from '../../services/inbox/assign';
import { listLiveConversations } from '../../services/inbox/conversations';
import { liveMessages } from '../../services/inbox/send';
import { wakeIfDue } from '../../services/inbox/snooze';
import {
  conversationListQuery,
  conversationParams,
  messagesQuery,
  transferBody,
  liveConversationAnswer,
  liveConversationList,
  liveMessagesAnswer,
} from '../../shared/schemas/live';
import { CONSOLE_TAGS } from '../kit/console-declare';
import { body, endpoint, ok, routes } from '../kit/declare';
import { LIVE_SECURITY, liveActor } from './actor';

const T = CONSOLE_TAGS.live;
const guarded = { security: LIVE_SECURITY, middleware: [liveSignedIn] };
const withBody = { security: LIVE_SECURITY, middleware: [liveSignedIn, payload()] };
const params = { params: conversationParams };

const list = endpoint(
  'get',
  '/conversations',
  T,
  "The inbox: the account's one-to-one conversations of every phone, latest first, by group, with counts",
  { query: conversationListQuery },
  ok(liveConversationList),
  guarded,
);
const messages = endpoint(
  'get',
  '/conversations/{id}/messages',
  T,
  "A conversation's messages (the same rows the API reads), oldest first",
  { ...params, query: messagesQuery },
  ok(liveMessagesAnswer),
  guarded,
);
const take = endpoint(
  'post',
  '/conversations/{id}/take',
  T,
  'Take a conversation; 409 naming the agent who already has it',
  params,
  ok(liveConversationAnswer),
  guarded,
);
const transfer = endpoint(
  'post',
  '/conversations/{id}/transfer',
  T,
  'Hand a conversation you hold to another agent or to the account owner',
  { ...params, body: body(transferBody, { agent: { agentId: 7 }, owner: { to: 'owner' } }) },
  ok(liveConversationAnswer),
  withBody,
);
const close = endpoint(
  'post',
  '/conversations/{id}/close',
  T,
  'Close a waiting conversation or one you hold',
  params,
  ok(liveConversationAnswer),
  guarded,
);
const reopen = endpoint(
  'post',
  '/conversations/{id}/reopen',
  T,
  'Put a closed conversation back among the waiting ones',
  params,
  ok(liveConversationAnswer),
  guarded,
);

/** `/api/live/conversations...`: the inbox and its assignment (issue 13, the agent chat app). */
export const liveConversationRoutes = routes()
  .openapi(list, async (c) => {
    const query = c.req.valid('query');
    const actor = await liveActor(c);
    await wakeIfDue(c.get('ctx'), actor.pid); // snoozes due now, where no job runs (the Worker)
    const { conversations, groups } = await listLiveConversations(c.get('ctx'), actor, query);
    return c.json({ success: true, data: conversations, page: query.page, limit: query.limit, groups }, 200);
  })
  .openapi(messages, async (c) => {
    const data = await liveMessages(c.get('ctx'), await liveActor(c), c.req.valid('param').id, c.req.valid('query'));
    return c.json({ success: true, data }, 200);
  })
  .openapi(take, async (c) =>
    c.json(
      { success: true, data: await takeConversation(c.get('ctx'), await liveActor(c), c.req.valid('param').id) },
      200,
    ),
  )
  .openapi(transfer, async (c) => {
    const { agentId, to } = c.req.valid('json');
    const data = await transferConversation(
      c.get('ctx'),
      await liveActor(c),
      c.req.valid('param').id,
      to === 'owner' || agentId === undefined ? { owner: true } : { agentId },
    );
    return c.json({ success: true, data }, 200);
  })
  .openapi(close, async (c) =>
    c.json(
      { success: true, data: await closeConversation(c.get('ctx'), await liveActor(c), c.req.valid('param').id) },
      200,
    ),
  )
  .openapi(reopen, async (c) =>
    c.json(
      { success: true, data: await reopenConversation(c.get('ctx'), await liveActor(c), c.req.valid('param').id) },
      200,
    ),
  );
