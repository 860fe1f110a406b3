import { z } from 'zod';
import { contactCard, conversationId, listContacts } from '../../services/messages/contacts';
import { conversationMessages, listConversations, messageLimit } from '../../services/messages/conversations';
import { contactResponse, contactsResponse, conversationResponse, conversationsResponse } from '../../shared/schemas/messaging';
import { endpoint, ok, routes } from '../declare';
import { answer } from './answer';
import { originOf, phoneGet, phoneOf } from './per-phone';
import { phoneParams, TAGS } from './params';

const conversationParams = phoneParams.extend({
  conversation_id: z.string().meta({ description: 'Chat or group id, e.g. 905301234567@c.us', example: '905301234567@c.us' }),
});

const conversations = phoneGet(TAGS.session, '/getConversations', 'Conversations, latest first', ok(conversationsResponse));
const conversationRoute = endpoint('get', '/getConversations/{conversation_id}', TAGS.session, 'Messages of a conversation', {
    params: conversationParams,
    query: z.object({
      limit: z.string().optional().transform(messageLimit).meta({ description: 'How many of the latest messages (1 to 200, default 100)', example: '50' }),
      before: z.string().optional().meta({ description: 'Only messages older than this message id' }),
    }),
  }, ok(conversationResponse));
const contacts = phoneGet(TAGS.session, '/contacts', 'Chats and contacts of the phone', ok(contactsResponse));
const contact = endpoint('get', '/contact/{conversation_id}', TAGS.session, 'One contact or group, with its picture', { params: conversationParams }, ok(contactResponse));

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
  .openapi(contacts, async (c) => {
    const phone = await phoneOf(c);
    return answer(c, { success: true, data: await listContacts(c.get('ctx'), phone.id) });
  })
  .openapi(contact, async (c) => {
    const phone = await phoneOf(c);
    const card = await contactCard(c.get('ctx'), phone, conversationId(c.req.valid('param').conversation_id), originOf(c));
    return answer(c, { success: true, data: [card] });
  });
