import type { LiveConversationRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import type { LiveActor } from './actor';
import { conversationView, sharedView, type Resolved } from './conversations';
import { recordLiveEvent } from './events';

/**
 * A change of how a conversation is organised (labels, snooze, priority, unread, bulk assignment):
 * the 'conversation' event with its row as every agent sees it after the change, so other inboxes
 * move it without a reload; answers the row as the actor sees it.
 */
export async function organised(
  ctx: ServiceCtx,
  actor: LiveActor,
  r: Resolved,
  live: LiveConversationRow | null,
  event: string,
  extra: Record<string, unknown> = {},
) {
  await recordLiveEvent(ctx, actor.pid, 'conversation', {
    event,
    by: actor.email,
    ...extra,
    conversation: sharedView(r.chat, live, r.phone, r.labels),
  });
  return conversationView(actor, r.chat, live, r.phone, r.labels);
}
