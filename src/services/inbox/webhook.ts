import type { PhoneRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { webhookTarget } from '../webhooks/events';
import { enqueueDelivery } from '../webhooks/outbox';

/**
 * Live-chat events as the customer's webhook receives them. The reference's names
 * (webhook-live-body): taken_by_agent (a take or a transfer), closed, released_by_agent (reopened:
 * back among the waiting ones); replied_by_agent is ours, for an agent's reply.
 */
export type LiveWebhookEvent = 'taken_by_agent' | 'closed' | 'released_by_agent' | 'replied_by_agent';

/** The inbox's own names of a change to a conversation or a reply. */
export type LiveChange = 'taken_by_agent' | 'transferred' | 'closed' | 'reopened' | 'replied_by_agent';

/** The inbox's names mapped to the webhook's. */
const WEBHOOK_EVENT: Record<LiveChange, LiveWebhookEvent> = {
  taken_by_agent: 'taken_by_agent',
  transferred: 'taken_by_agent',
  closed: 'closed',
  reopened: 'released_by_agent',
  replied_by_agent: 'replied_by_agent',
};

/** The webhook body (reference: webhook-live-body), with who acted and, for a reply, its message id. */
export function livePayload(
  phone: Pick<PhoneRow, 'id' | 'pid'>,
  chatId: string,
  event: LiveWebhookEvent,
  agent: string,
  extra: Record<string, unknown> = {},
) {
  return {
    type: 'live_event',
    product_id: phone.pid,
    phone_id: phone.id,
    conversation: chatId,
    data: { event, agent, ...extra },
  };
}

/** Puts a live-chat event in the webhook outbox of the phone's webhook (none set: nothing to deliver). */
export async function emitLiveWebhook(
  ctx: ServiceCtx,
  phone: Pick<PhoneRow, 'id' | 'pid'>,
  chatId: string,
  change: LiveChange,
  agent: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const { url } = await webhookTarget(ctx, phone);
  if (!url) return;
  await enqueueDelivery(ctx, {
    pid: phone.pid,
    phoneId: phone.id,
    kind: 'live_event',
    url,
    payload: livePayload(phone, chatId, WEBHOOK_EVENT[change], agent, extra),
  });
}
