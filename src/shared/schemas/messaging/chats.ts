import { z } from 'zod';
import { messageLimit, SEARCH_RESULTS_MAX, searchLimit } from '../../message-limits';
import { phoneParams } from './requests';

/** Requests of the conversation calls (getConversations/{id}, contact/{id}, searchMessages); their answers are in answers.ts. */

export const conversationParams = phoneParams.extend({
  conversation_id: z
    .string()
    .meta({ description: 'Chat or group id, e.g. 905301234567@c.us', example: '905301234567@c.us' }),
});

/** A page of a conversation: the latest `limit` messages, or those before a message id. */
export const conversationQuery = z.object({
  limit: z
    .string()
    .optional()
    .transform(messageLimit)
    .meta({ description: 'How many of the latest messages (1 to 200, default 100)', example: '50' }),
  before: z.string().optional().meta({ description: 'Only messages older than this message id' }),
});
/** What searchMessages takes: the words, how many matches, and optionally one chat. */
export const searchQuery = z.object({
  query: z
    .string({ error: 'query is required: the words to look for' })
    .trim()
    .min(1, 'query is required: the words to look for')
    .max(200)
    .meta({
      description: 'Text to look for in messages (text, captions, link titles), case-insensitive',
      example: 'invoice',
    }),
  limit: z
    .string()
    .optional()
    .transform(searchLimit)
    .meta({ description: `How many matches, newest first (1 to ${SEARCH_RESULTS_MAX}, default 20)`, example: '10' }),
  chat_id: z
    .string()
    .max(100)
    .optional()
    .meta({ description: 'Only in this chat or group, e.g. 905301234567@c.us', example: '905301234567@c.us' }),
});
