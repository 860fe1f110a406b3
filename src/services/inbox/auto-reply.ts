import type { PhoneRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { acceptMessage } from '../messages/accept';
import { conversationId } from './conversations';
import { recordLiveEvent } from './events';

/**
 * A message the inbox sends by itself (the away message, the rating question): through the phone's
 * durable send queue like a reply, and on every inbox of the account as a message event (`by`: null).
 */
export async function autoReply(ctx: ServiceCtx, phone: PhoneRow, jid: string, text: string): Promise<void> {
  const { id, chatId } = await acceptMessage(ctx, phone, { to_number: jid, type: 'text', message: text });
  await recordLiveEvent(ctx, phone.pid, 'message', {
    conversationId: conversationId(phone.id, chatId),
    message: {
      id,
      fromMe: true,
      type: 'text',
      text,
      status: 'queued',
      ack: 0,
      timestamp: Math.floor(ctx.now() / 1000),
      by: null,
    },
  });
}
