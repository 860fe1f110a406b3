import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { chats } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { AppContext, AppEnv } from '../../env';
import { toChatId } from '../../services/messages/chat-id';
import { CONVERSATION_MESSAGES_MAX, conversationMessages, listConversations } from '../../services/messages/conversations';
import { findMessage } from '../../services/messages/references';
import { getPhone } from '../../services/phones/phones';
import { live } from './live';
import { answer } from './answer';

const phoneOf = (c: AppContext) => getPhone(c.get('ctx'), c.get('product').id, c.req.param('phone_id') ?? '');

function chatIdParam(raw: string): string {
  try {
    return toChatId(decodeURIComponent(raw));
  } catch {
    throw new ApiError('NOT_FOUND', 'Conversation not found.');
  }
}

/** Conversations and contacts of a phone: `/api/{productId}/{phoneId}/...`. */
export const chatRoutes = new Hono<AppEnv>()
  .get('/getConversations', async (c) => {
    const phone = await phoneOf(c);
    return answer(c, { success: true, data: await listConversations(c.get('ctx'), phone.id) });
  })
  .get('/getConversations/:conversationId', async (c) => {
    const phone = await phoneOf(c);
    const chatId = chatIdParam(c.req.param('conversationId'));
    const limit = Math.min(CONVERSATION_MESSAGES_MAX, Math.max(1, Number(c.req.query('limit') ?? 100) || 100));
    const before = c.req.query('before');
    const beforeRow = before ? await findMessage(c.get('ctx'), phone.id, before) : undefined;
    const data = await conversationMessages(c.get('ctx'), phone.id, chatId, { limit, ...(beforeRow ? { beforeSeq: beforeRow.seq } : {}) });
    return answer(c, { success: true, data });
  })
  .get('/contacts', async (c) => {
    const phone = await phoneOf(c);
    const rows = await c.get('ctx').db.select().from(chats).where(eq(chats.phoneId, phone.id)).all();
    return answer(c, { success: true, data: rows.map((r) => ({ id: r.jid, name: r.name || r.jid.split('@')[0], type: r.type })) });
  })
  .get('/contact/:conversationId', async (c) => {
    const phone = await phoneOf(c);
    const jid = chatIdParam(c.req.param('conversationId'));
    const known = await c.get('ctx').db.select().from(chats).where(and(eq(chats.phoneId, phone.id), eq(chats.jid, jid))).get();
    const pic = await live<{ url: string | null }>(c, phone, 'profile-picture', { jid });
    const type = jid.endsWith('@g.us') ? 'group' : 'chat';
    return answer(c, { success: true, data: [{ id: jid, name: known?.name || jid.split('@')[0], type, image: pic.url ? { url: absolute(c, pic.url) } : null }] });
  });

/** Simulator avatars are served by us: make their paths absolute. */
export function absolute(c: AppContext, url: string): string {
  return url.startsWith('/') ? `${new URL(c.req.url).origin}${url}` : url;
}
