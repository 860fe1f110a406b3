import { contactCard, conversationId, listContacts } from '../../services/messages/contacts';
import { conversationMessages, listConversations } from '../../services/messages/conversations';
import { searchMessages } from '../../services/messages/search';
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
import { conversationParams, conversationQuery, searchQuery } from '../../shared/schemas/messaging/chats';

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
