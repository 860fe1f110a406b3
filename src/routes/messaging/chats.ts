import { z } from 'zod';
import { contactCard, conversationId, listContacts } from '../../services/messages/contacts';
import { conversationMessages, listConversations, messageLimit } from '../../services/messages/conversations';
import { searchLimit, searchMessages, SEARCH_RESULTS_MAX } from '../../services/messages/search';
import {
  contactResponse,
  contactsResponse,
  conversationResponse,
  conversationsResponse,
  searchMessagesResponse,
} from '../../shared/schemas/messaging/answers';
import { endpoint, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { originOf, phoneGet, phoneOf } from './per-phone';
import { TAGS } from './params';
import { phoneParams } from '../../shared/schemas/messaging/requests';

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

const conversations = phoneGet(
  TAGS.session,
  '/getConversations',
  'Conversations, latest first',
  ok(conversationsResponse),
);
const conversationRoute = endpoint(
  'get',
  '/getConversations/{conversation_id}',
  TAGS.session,
  'Messages of a conversation',
  { params: conversationParams, query: conversationQuery },
  ok(conversationResponse),
);
const search = endpoint(
  'get',
  '/searchMessages',
  TAGS.session,
  'Messages whose text holds the words, newest first',
  { params: phoneParams, query: searchQuery },
  ok(searchMessagesResponse),
);
const contacts = phoneGet(TAGS.session, '/contacts', 'Chats and contacts of the phone', ok(contactsResponse));
const contact = endpoint(
  'get',
  '/contact/{conversation_id}',
  TAGS.session,
  'One contact or group, with its picture',
  { params: conversationParams },
  ok(contactResponse),
);

/** Conversations and contacts of one phone: `/api/{productId}/{phone_id}/...`. */
export const chatRoutes = routes()
  .openapi(conversations, async (c) => {
    const phone = await phoneOf(c);
    return answer(c, { success: true, data: await listConversations(c.get('ctx'), phone.id) });
  })
  .openapi(conversationRoute, async (c) => {
    const phone = await phoneOf(c);
    const chatId = conversationId(c.req.valid('param').conversation_id);
    const data = await conversationMessages(c.get('ctx'), phone.id, chatId, c.req.valid('query'));
    return answer(c, { success: true, data });
  })
  .openapi(search, async (c) => {
    const phone = await phoneOf(c);
    const { query, limit, chat_id } = c.req.valid('query');
    const data = await searchMessages(c.get('ctx'), phone.id, query, {
      limit,
      chatId: chat_id ? conversationId(chat_id) : undefined,
    });
    return answer(c, { success: true, data });
  })
  .openapi(contacts, async (c) => {
    const phone = await phoneOf(c);
    return answer(c, { success: true, data: await listContacts(c.get('ctx'), phone.id) });
  })
  .openapi(contact, async (c) => {
    const phone = await phoneOf(c);
    const card = await contactCard(
      c.get('ctx'),
      phone,
      conversationId(c.req.valid('param').conversation_id),
      originOf(c),
    );
    return answer(c, { success: true, data: [card] });
  });
