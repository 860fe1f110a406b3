import { z } from 'zod';
import { chatMessage } from './messaging/answers';
import { LIVE_MSG } from '../live-messages';
import { TEXT_MAX } from './messaging/send';

/** Response shapes of the agent inbox (`/api/live/...`). */

export const liveConversation = z
  .object({
    id: z.string().meta({ description: '`{phoneId}:{chatId}`', example: '12:905301234567@c.us' }),
    phoneId: z.number().int(),
    chatId: z.string(),
    name: z.string(),
    number: z.string().meta({
      description: "The customer's number with +, empty when the chat id carries none",
      example: '+905301234567',
    }),
    line: z
      .object({
        phoneId: z.number().int(),
        number: z.string().meta({ description: 'The phone line, with +; empty before it is linked' }),
        name: z.string(),
      })
      .meta({ description: 'The phone line the conversation came in on' }),
    state: z.enum(['waiting', 'taken', 'closed', 'snoozed', 'none']),
    mine: z.boolean().meta({ description: 'The caller holds it' }),
    agent: z.string().nullable().meta({ description: 'E-mail of the agent who holds (or closed) it' }),
    takenAt: z.number().int().nullable(),
    closedAt: z.number().int().nullable(),
    lastMessage: z.string(),
    lastAt: z.number().int(),
    unread: z.number().int(),
    priority: z.enum(['none', 'low', 'medium', 'high', 'urgent']),
    snoozedUntil: z.number().int().nullable().meta({ description: 'When a snoozed conversation opens again (ms)' }),
    labels: z.array(z.string()).meta({ description: "Names of the account's labels on it" }),
  })
  .meta({ id: 'LiveConversation' });

const group = z.object({ count: z.number().int(), unread: z.number().int() });

export const liveConversationList = z.object({
  success: z.boolean(),
  data: z.array(liveConversation),
  page: z.number().int(),
  limit: z.number().int(),
  groups: z
    .object({ waiting: group, mine: group, taken: group, closed: group, snoozed: group, none: group })
    .meta({ description: 'Conversations and unread messages per group' }),
});

export const liveConversationAnswer = z.object({ success: z.boolean(), data: liveConversation });

export const liveMessagesAnswer = z.object({
  success: z.boolean(),
  data: z.object({ conversation: liveConversation, messages: z.array(chatMessage) }),
});

export const liveSendAnswer = z.object({
  success: z.boolean(),
  data: z.object({ chatId: z.string(), msgId: z.string() }),
});

const canned = z.object({ id: z.number().int(), shortcut: z.string(), text: z.string() }).meta({ id: 'CannedReply' });
export const cannedAnswer = z.object({ success: z.boolean(), data: canned });
export const cannedListAnswer = z.object({ success: z.boolean(), data: z.array(canned) });

const note = z
  .object({ id: z.number().int(), author: z.string(), text: z.string(), createdAt: z.number().int() })
  .meta({ id: 'LiveNote' });
export const noteAnswer = z.object({ success: z.boolean(), data: note });
export const noteListAnswer = z.object({ success: z.boolean(), data: z.array(note) });

/** Request schemas of the agent inbox (`/api/live/...`). */

export const conversationParams = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .meta({
      description: 'The conversation id, `{phoneId}:{chatId}` (url-encoded)',
      example: '12:905301234567@c.us',
      param: { name: 'id', in: 'path' },
    }),
});

export const conversationListQuery = z.object({
  state: z
    .enum(['waiting', 'mine', 'taken', 'closed', 'snoozed', 'none'])
    .optional()
    .meta({ description: 'The group: waiting, mine, taken by others, closed, no interaction; all when absent' }),
  q: z.string().trim().max(100).optional().meta({ description: 'Finds a name, a number or the latest message' }),
  label: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .optional()
    .meta({ description: 'Only conversations with this label (its name)' }),
  priority: z.enum(['none', 'low', 'medium', 'high', 'urgent']).optional(),
  sort: z
    .enum(['recent', 'priority'])
    .default('recent')
    .meta({ description: 'recent: latest first; priority: urgent first, then latest' }),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const messagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  before: z.string().min(1).max(300).optional().meta({ description: 'A message id: the page ends before it' }),
});

export const transferBody = z
  .looseObject({
    agentId: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 53 - 1)
      .optional()
      .meta({ description: 'The agent who gets the conversation', example: 7 }),
    to: z
      .literal('owner')
      .optional()
      .meta({ description: '`owner`: the account owner gets it (instead of an agentId)' }),
  })
  .refine((b) => (b.agentId === undefined) !== (b.to === undefined), {
    message: LIVE_MSG.transferTarget,
    path: ['agentId'],
  });

const text = z.string({ error: LIVE_MSG.emptyMessage }).trim().min(1, LIVE_MSG.emptyMessage).max(TEXT_MAX);

/** The composer: text (emoji included) or media (an http(s) URL or a data URI) with an optional caption. */
export const liveSendBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), message: text }),
  z.object({
    type: z.literal('media'),
    message: z.string({ error: LIVE_MSG.emptyMessage }).min(1, LIVE_MSG.emptyMessage),
    text: z.string().max(TEXT_MAX).optional(),
    filename: z.string().min(1).max(255).optional(),
  }),
]);

export const cannedBody = z.looseObject({
  shortcut: z
    .string()
    .trim()
    .regex(/^[\w-]{1,30}$/, 'The shortcut is 1 to 30 letters, digits, - or _.')
    .meta({ example: 'hello' }),
  text: z.string().trim().min(1, 'The text is required.').max(4_096).meta({ example: 'Hello! How can I help you?' }),
});

export const cannedParams = z.object({
  cannedId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1)
    .meta({ param: { name: 'cannedId', in: 'path' }, example: 3 }),
});

export const noteBody = z.looseObject({ text: z.string().trim().min(1, 'The note is empty.').max(4_096) });

/** Whom a conversation can be transferred to (`GET /api/live/agents`): the owner, then the agents with a chat seat who confirmed their e-mail. */
export const liveAgentListAnswer = z.object({
  success: z.boolean(),
  data: z.array(
    z
      .object({
        id: z
          .number()
          .int()
          .nullable()
          .meta({ description: "The agent's id; null for the account owner (transfer with `to: 'owner'`)" }),
        email: z.string(),
        name: z.string(),
        owner: z.boolean().meta({ description: 'The account owner (who answers from the console or /live)' }),
      })
      .meta({ id: 'LiveTransferTarget' }),
  ),
});

/** `GET /api/live/events`: where to resume. */
export const liveEventsQuery = z.object({
  lastEventId: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 53 - 1)
    .optional()
    .meta({ description: 'Resume after this event id (for clients that cannot send the Last-Event-ID header)' }),
});
/** `GET /api/live/events`: the Last-Event-ID header. */
export const liveLastEventHeader = z.object({
  'last-event-id': z
    .string()
    .max(20)
    .optional()
    .meta({ description: 'Resume after this event id: every later event is replayed' }),
});

/** `GET /api/live/events`: the answer's event stream. */
export const liveEventStream = z.string().meta({ description: '`id:`, `event:` and `data:` (JSON) lines per event' });
