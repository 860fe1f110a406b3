import { campaignReply } from '../campaigns/consequences';
import { queueForAgent } from '../dialogflow/requests';
import { liveIncoming } from '../inbox/incoming';
import { incomingEvents } from '../webhooks/events';
import { optoutIncoming } from '../optouts/consequences';
import { NONE, type Consequence, type IncomingEvent } from './consequence';

/**
 * What an incoming message means besides its row: each entry's statements commit with the message
 * (`recordIncoming` in services/messages/store.ts), only if it is new, in this order; their
 * follow-ups run once they have (never for a redelivered message). The store itself also writes,
 * with the row: its chat (preview, time, unread) and, for a customer's message, ban protection's
 * `answered_at` on the chat's openers (the `messages` table is the store's alone).
 */
export const INCOMING: readonly Consequence<IncomingEvent>[] = [
  {
    name: 'webhook',
    writes: "its 'message' log row, and its delivery to the webhook (the deliverer is woken after the commit)",
    when: 'always the log row; the delivery when the phone or its product has a webhook',
    of: (ctx, phone, e) => incomingEvents(ctx, phone, e.id, e.message, e.isNew),
  },
  {
    name: 'inbox',
    writes:
      "a customer's message: the conversation's state before it (read in the transaction) and its upsert (waiting, or one more unread); always the inbox stream's 'message' event with the unread count after; after the commit, the 'waiting' conversation event when it had no interaction or was closed, then the away message outside business hours and round robin's pass. A 1-5 reply to a pending CSAT question instead writes only the rating on its thread and the 'csat' event",
    when: 'a one-to-one chat of an account with the live-chat package',
    of: (ctx, phone, e) => liveIncoming(ctx, phone, e.id, e.message, e.isNew),
  },
  {
    name: 'agent',
    writes:
      "the loop guard's note on the integration, or the Dialogflow request on the agent's queue (the job is woken after the commit)",
    when: "a customer's text in a chat that is not a group, on a phone with a Dialogflow integration",
    of: (ctx, phone, e) => queueForAgent(ctx, phone, e.id, e.message, e.isNew),
  },
  {
    name: 'optout',
    writes:
      "the number on the product's opt-out list, with the 'optout' log row and webhook delivery (only when it was not on the list yet)",
    when: "a customer's whole text is STOP, UNSUBSCRIBE or one of the product's words, in a one-to-one chat of a WhatsApp phone",
    of: (ctx, phone, e) => optoutIncoming(ctx, phone, e),
  },
  {
    name: 'campaign',
    writes: "the sender's campaign recipients on this phone that got their message count as replied",
    when: "a customer's message in a one-to-one chat",
    of: (ctx, phone, e) => campaignReply(ctx, phone, e.message, e.isNew),
  },
  {
    name: 'protection',
    writes: "nothing; after the commit, ban protection's watch hears that the chat answered",
    when: "a customer's message, in a runner",
    of: (ctx, phone, e) =>
      e.message.key.fromMe || !ctx.protection ? NONE : { stmts: [], committed: () => ctx.protection?.answered(phone) },
  },
];
