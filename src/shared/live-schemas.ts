import { z } from 'zod';
import { LIVE_MSG } from './live-messages';
import { TEXT_MAX } from './send-schema';

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
    .enum(['waiting', 'mine', 'taken', 'closed', 'none'])
    .optional()
    .meta({ description: 'The group: waiting, mine, taken by others, closed, no interaction; all when absent' }),
  q: z.string().trim().max(100).optional().meta({ description: 'Finds a name, a number or the latest message' }),
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
