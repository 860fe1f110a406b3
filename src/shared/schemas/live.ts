import { z } from 'zod';
import { chatMessage } from './messaging';

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
    state: z.enum(['waiting', 'taken', 'closed', 'none']),
    mine: z.boolean().meta({ description: 'The caller holds it' }),
    agent: z.string().nullable().meta({ description: 'E-mail of the agent who holds (or closed) it' }),
    takenAt: z.number().int().nullable(),
    closedAt: z.number().int().nullable(),
    lastMessage: z.string(),
    lastAt: z.number().int(),
    unread: z.number().int(),
  })
  .meta({ id: 'LiveConversation' });

const group = z.object({ count: z.number().int(), unread: z.number().int() });

export const liveConversationList = z.object({
  success: z.boolean(),
  data: z.array(liveConversation),
  page: z.number().int(),
  limit: z.number().int(),
  groups: z
    .object({ waiting: group, mine: group, taken: group, closed: group, none: group })
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
