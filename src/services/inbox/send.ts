import { and, eq } from 'drizzle-orm';
import { liveConversations } from '../../../db/schema';
import type { SendMessageBody } from '../../shared/schemas/messaging/send';
import type { ServiceCtx } from '../context';
import { acceptMessage } from '../messages/accept';
import { conversationMessages } from '../messages/conversations';
import type { LiveActor } from './actor';
import { takeConversation } from './assign';
import { conversationId, conversationView, resolveConversation } from './conversations';
import { recordLiveEvent } from './events';
import { threadTouched } from './threads';
import { emitLiveWebhook } from './webhook';

/** What the composer sends: text (emoji included) or media (a URL or a data URI) with a caption. */
export interface LiveSendBody {
  type: 'text' | 'media';
  message: string;
  text?: string | undefined;
  filename?: string | undefined;
}

/**
 * Replies through the phone's durable send queue, the same as sendMessage. Replying to a conversation
 * nobody holds takes it first; one another agent holds answers 409 naming them.
 */
export async function liveSend(
  ctx: ServiceCtx,
  actor: LiveActor,
  id: string,
  body: LiveSendBody,
): Promise<{ msgId: string; chatId: string }> {
  const conv = await resolveConversation(ctx, actor, id);
  const taken = await takeConversation(ctx, actor, id, conv);
  const request = { to_number: conv.chat.jid, ...body } as SendMessageBody;
  const { id: msgId, chatId } = await acceptMessage(ctx, conv.phone, request);
  const row = await ctx.db
    .select()
    .from(liveConversations)
    .where(and(eq(liveConversations.phoneId, conv.phone.id), eq(liveConversations.chatJid, conv.chat.jid)))
    .get();
  if (row) await threadTouched(ctx, actor.pid, row, { holder: actor.key, replied: true });
  const message = {
    id: msgId,
    fromMe: true,
    type: body.type,
    text: body.type === 'text' ? body.message : (body.text ?? ''),
    status: 'queued',
    ack: 0,
    timestamp: Math.floor(ctx.now() / 1000),
    by: actor.email,
  };
  await recordLiveEvent(ctx, actor.pid, 'message', {
    conversationId: conversationId(conv.phone.id, chatId),
    message,
    unread: taken.unread,
  });
  await emitLiveWebhook(ctx, conv.phone, chatId, 'replied_by_agent', actor.email, { msgId });
  return { msgId, chatId };
}

/** A conversation's messages (the rows the API reads), oldest first; opening it clears its unread count. */
export async function liveMessages(
  ctx: ServiceCtx,
  actor: LiveActor,
  id: string,
  opts: { limit: number; before?: string | undefined },
) {
  const conv = await resolveConversation(ctx, actor, id);
  const page = await conversationMessages(ctx, conv.phone.id, conv.chat.jid, opts);
  if (conv.live?.unread) {
    await ctx.db
      .update(liveConversations)
      .set({ unread: 0 })
      .where(and(eq(liveConversations.phoneId, conv.phone.id), eq(liveConversations.chatJid, conv.chat.jid)));
  }
  const live = conv.live ? { ...conv.live, unread: 0 } : null;
  return { conversation: conversationView(actor, conv.chat, live, conv.phone, conv.labels), messages: page.messages };
}
