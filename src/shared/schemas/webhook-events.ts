import { z } from 'zod';

/** Webhook payloads (the reference's setWebhook callbacks). Times are seconds since the epoch, everywhere. */
const webhookUser = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  image: z.string().optional(),
});
/** A message's fields (message-data in the reference): its type's own fields (text, url, caption, subtype, ...) too. */
const webhookMessage = z
  .object({
    id: z.string(),
    type: z.string(),
    text: z.string().optional(),
    fromMe: z.boolean(),
    url: z.string().optional(),
    caption: z.string().optional(),
  })
  .loose();
const incomingMessageWebhook = z.object({
  product_id: z.string(),
  phone_id: z.number().int(),
  message: webhookMessage,
  user: webhookUser,
  conversation: z.string(),
  conversation_name: z.string().optional().meta({ description: "The group's or chat's name, when known" }),
  receiver: z.string(),
  timestamp: z.number().int().meta({ description: 'Seconds since the epoch' }),
  type: z.literal('message'),
  reply: z.string(),
  quoted: webhookMessage
    .extend({
      user: webhookUser.optional(),
      timestamp: z.number().int().meta({ description: 'Seconds since the epoch' }),
    })
    .optional()
    .meta({ description: 'The message this one replies to (message-quoted-data)' }),
  test: z.boolean().optional().meta({ description: "Only on the webhook page's test call" }),
});
const ackCommon = {
  chatId: z.string(),
  msgId: z.string(),
  time: z.number().int().meta({ description: 'Seconds since the epoch' }),
};
const ackWebhook = z.object({
  type: z.literal('ack'),
  product_id: z.string(),
  phone_id: z.number().int(),
  data: z.array(
    z.union([
      z.object({
        ackType: z.enum(['delivered', 'reached', 'seen', 'played', 'deleted']),
        ackCode: z.number().int().min(1).max(5),
        ...ackCommon,
      }),
      z
        .object({
          ackType: z.literal('failed'),
          ackCode: z.literal(-1),
          ...ackCommon,
          reason: z.string().meta({ description: "Meta's reason (e.g. 131047 outside the 24-hour window)" }),
        })
        .meta({
          description:
            "An official (Cloud API) number's message Meta refused or gave up on, with ack delivery on. Not in the reference.",
        }),
    ]),
  ),
});
const statusWebhook = z.object({
  type: z.literal('status'),
  pid: z.string(),
  phone_id: z.number().int(),
  status: z.enum(['active', 'qr-code', 'phone-error', 'idle', 'loading', 'disabled']),
});
/** A message that could not be sent after its last attempt (our addition: the reference has no such event). */
const sendFailedWebhook = z.object({
  type: z.literal('error'),
  product_id: z.string(),
  phone_id: z.number().int(),
  data: z.array(z.object({ msgId: z.string(), chatId: z.string(), reason: z.string(), time: ackCommon.time })),
});
/** A live-chat change (reference: webhook-live-body), with who acted. */
const liveEventWebhook = z.object({
  type: z.literal('live_event'),
  product_id: z.string(),
  phone_id: z.number().int(),
  conversation: z.string(),
  data: z.object({
    event: z.enum(['taken_by_agent', 'closed', 'released_by_agent', 'replied_by_agent']),
    agent: z.string().meta({ description: "The agent's email" }),
    to: z.string().optional().meta({ description: 'A transfer (taken_by_agent): the new agent' }),
    msgId: z.string().optional().meta({ description: "replied_by_agent: the reply's message id" }),
  }),
});
/** Ban protection (issue 26): a budget of the phone passed 80 %, reached its limit, or freed after reaching it. */
const protectionWebhook = z.object({
  type: z.literal('protection'),
  product_id: z.string(),
  phone_id: z.number().int(),
  budget: z.enum(['new_chats', 'unanswered']),
  used: z.number().int(),
  limit: z.number().int(),
  state: z.enum(['warning', 'reached', 'cleared']),
});
/** A customer wrote STOP, UNSUBSCRIBE or one of the product's words (issue 41): the number is on the opt-out list. */
const optoutWebhook = z.object({
  type: z.literal('optout'),
  product_id: z.string(),
  phone_id: z.number().int().meta({ description: 'The phone the keyword arrived on' }),
  data: z.object({
    number: z.string().meta({ description: 'The international number, digits only', example: '905301234567' }),
    chatId: z.string().meta({ example: '905301234567@c.us' }),
    msgId: z.string().meta({ description: "The customer's message" }),
    word: z.string().meta({ description: 'What the customer wrote, trimmed', example: 'STOP' }),
    time: z.number().int().meta({ description: 'Seconds since the epoch' }),
  }),
});

/** A campaign started, paused, resumed, was cancelled or completed (issue 41), with its counts then. */
const campaignWebhook = z.object({
  type: z.literal('campaign'),
  product_id: z.string(),
  data: z.object({
    id: z.string(),
    status: z.enum(['scheduled', 'running', 'paused', 'completed', 'cancelled']),
    counts: z.record(z.string(), z.number().int()),
  }),
});

/** Every event the webhook receives, by the name the document gives it. */
export const WEBHOOK_EVENTS = {
  'Incoming Messages': {
    schema: incomingMessageWebhook,
    description: 'A message the phone received (also group membership changes, as info messages).',
  },
  'Acknowledge Notifications': {
    schema: ackWebhook,
    description:
      "Delivered, reached, seen, played or deleted, for messages you sent (when ack delivery is on); an official (Cloud API) number's message Meta refused is a `failed` ack (`ackCode` -1) with its `reason`.",
  },
  'Status Change Notifications': { schema: statusWebhook, description: "The phone's status changed." },
  'Live Chat Notifications': {
    schema: liveEventWebhook,
    description:
      'A live-chat conversation was taken (or transferred: `to`), closed or reopened (`released_by_agent`), or an agent replied (`replied_by_agent`, ours, with its `msgId`).',
  },
  'Failed Messages': {
    schema: sendFailedWebhook,
    description:
      'A message you sent could not be delivered to WhatsApp after its last attempt (retries at 2 s, 10 s, 30 s and 2 min); `data[].reason` says why. Not in the reference.',
  },
  Campaigns: {
    schema: campaignWebhook,
    description:
      "A campaign started (`running`), was paused, resumed (`running`), cancelled or completed, with its counts at that moment (queued, held, sent, delivered, read, replied, failed, opted_out, invalid, cancelled; `held`: recipients on a phone whose ban-protection budget is spent, as GET /campaigns/{id} counts them). Sent to the product's webhook. Not in the reference.",
  },
  'Ban Protection': {
    schema: protectionWebhook,
    description:
      'A budget of ban protection (new chats today, unanswered chats of 30 days) passed 80 % (`warning`), reached its limit (`reached`: new chats are held or refused) or freed after that (`cleared`). Once each. Not in the reference.',
  },
  'Opt-outs': {
    schema: optoutWebhook,
    description:
      "A customer's whole message was STOP or UNSUBSCRIBE (any case) or one of the product's words (`/optouts/settings`): the number is on the product's opt-out list, which campaigns skip. Once per number: a second STOP sends nothing. Not in the reference.",
  },
} as const;
