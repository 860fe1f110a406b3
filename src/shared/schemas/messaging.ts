import { z } from 'zod';
import { chatMessage } from './chat-message';
import { ENGINE_NAMES } from '../engines';
import { justSuccess } from './common';

export { justSuccess };

/** Response shapes of the messaging API (the reference's components): declared by the routes, read by the console. */
export const statusEnum = z.enum([
  'creating...',
  'loading',
  'qr-screen',
  'PAIRING',
  'active',
  'conn-retry',
  'TIMEOUT',
  'phone-error',
  'low-battery',
  'idle',
  'disabled',
  'not_logged_in',
  'account-error',
]);
/** A phone's own webhook settings (listPhones with config=true); empty means the product's are used. */
const phoneWebhook = { webhook: z.string(), ack_delivery: z.boolean().nullable() };
/** A phone as listPhones and addSandbox answer it. */
export const phoneObj = z
  .object({
    id: z.number().int().meta({ example: 42 }),
    pid: z.string().meta({ description: 'The product id' }),
    number: z.string().meta({ description: 'With country code; empty until the first scan', example: '905301234567' }),
    name: z.string(),
    status: statusEnum,
    type: z.enum(['whatsapp', 'instagram']),
    engine: z.enum(ENGINE_NAMES),
    multi_device: z.boolean(),
    own_multi_device: z.boolean(),
    version: z.string().meta({ description: 'WhatsApp Web version of the session' }),
    proxy: z.boolean(),
    proxyRegion: z.string().nullable(),
    queue: z.number().int().meta({ description: 'Messages waiting in the send queue' }),
    active: z.boolean().meta({ description: 'Enabled (a disabled phone has status disabled)' }),
    deleted: z.boolean(),
    mod: z.enum(['live', 'closed', 'trial']).meta({ description: 'Partner mode' }),
    data: z.object({
      sandbox: z.boolean(),
      mobile_proxy: z.boolean(),
      webhook: phoneWebhook.webhook.optional(),
      ack_delivery: phoneWebhook.ack_delivery.optional(),
    }),
    config: z.object(phoneWebhook).optional().meta({ description: "The phone's webhook settings (config=true)" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Phone' });
export type Phone = z.infer<typeof phoneObj>;
/** The reference's answer; an official number (engine cloud) answers the whole phone object too. */
export const addPhoneResponse = phoneObj.partial().extend({
  success: z.boolean(),
  id: z.number().int(),
  pid: z.string(),
  number: z.string(),
  name: z.string(),
  multi_device: z.boolean(),
});
export const addSandboxResponse = z.object({ success: z.boolean(), addedPhone: phoneObj });
export const redeployAllResponse = z.object({
  success: z.boolean(),
  redeployed: z.array(z.number().int()).meta({ description: 'Ids of the redeployed phones' }),
});
export const subStatus = z.object({
  loggedIn: z.boolean(),
  isQr: z.boolean(),
  loading: z.boolean(),
  connRetry: z.boolean(),
  message: z.string(),
  state: z.object({ state: z.string(), canSend: z.boolean() }),
  version: z.string(),
  number: z.string(),
  multidevice: z.boolean(),
});
export const statusResponse = z.object({
  success: z.boolean(),
  number: z.string(),
  mobile_proxy: z.boolean(),
  proxy_region: z.string().nullable(),
  status: subStatus,
});
export const queueResponse = z.object({
  success: z.boolean(),
  queue: z.number().int(),
  stats: z.object({
    sending: z.number().int(),
    held: z.number().int().optional().meta({
      description: 'Of the queue, messages ban protection holds until a budget frees (present only when some are held)',
    }),
  }),
});
export const queuesResponse = z.object({
  success: z.boolean(),
  queues: z.array(
    z.object({ id: z.number().int(), status: statusEnum, queue: z.number().int(), number: z.string().optional() }),
  ),
});
export const productData = z.object({
  success: z.boolean(),
  pid: z.string(),
  webhook: z.string(),
  ack_delivery: z.boolean(),
  phone_limit: z.number().int(),
  webhook_secret: z.string(),
  partner: z
    .boolean()
    .meta({ description: 'A partner account: it cannot disable, enable or pair phones through this API' }),
});
export const phoneConfig = z.object({
  success: z.boolean(),
  status: z.object({ webhook: z.string(), ack_delivery: z.boolean() }),
});
export const logObj = z.object({
  id: z.number().int(),
  pid: z.string(),
  phone: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  type: z.enum(['incoming', 'outgoing', 'error']).meta({
    description:
      'incoming: a WhatsApp message one of your phones received; outgoing: a call you made, a message sent from your phone, a status change or a webhook delivery; error: a failure',
  }),
  data: z.record(z.string(), z.unknown()),
});
export const logsResponse = z.object({
  success: z.boolean(),
  data: z.object({ count: z.string(), list: z.array(logObj) }),
});
export const groupConfig = z.object({
  edit: z.enum(['admins', 'all']).meta({ description: "Who may edit the group's name, picture and description" }),
  send: z.enum(['admins', 'all']).meta({ description: 'Who may send messages to the group' }),
  disappear: z.boolean().meta({ description: 'Whether messages disappear' }),
});
export const groupData = z.object({
  id: z.string().meta({ example: '905301234567-1574073754@g.us' }),
  name: z.string(),
  participants: z.array(z.string()),
  admins: z.array(z.string()),
  image: z.string().optional(),
  config: groupConfig,
  invite: z.string().optional().meta({ description: 'Invite link (invite=true)' }),
});
export const groupResponse = z.object({ success: z.boolean(), data: groupData });
export const groupsResponse = z.object({
  success: z.boolean(),
  count: z.number().int(),
  total: z.number().int(),
  limit: z.number().int(),
  page: z.number().int(),
  data: z.array(groupData),
});
export const groupConfigResponse = z.object({ success: z.boolean(), data: groupConfig });
export const leaveGroupResponse = z.object({ success: z.boolean(), data: z.boolean() });
export const groupInfoResponse = z.object({
  success: z.boolean(),
  total: z.number().int(),
  page: z.number().int(),
  pageLimit: z.number().int(),
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      participants: z.array(z.string()),
      admins: z.array(z.string()),
      participantCount: z.number().int(),
      adminCount: z.number().int(),
    }),
  ),
});

const chatType = z.enum(['chat', 'group', 'broadcast']);
export const conversation = z.object({
  id: z.string(),
  _serialized: z.string(),
  user: z.string(),
  server: z.string(),
  name: z.string(),
  type: chatType,
  isGroup: z.boolean(),
  unreadCount: z.number().int(),
  timestamp: z.number().int().meta({ description: 'Latest activity, seconds since the epoch' }),
  lastMessage: z.string(),
  held: z.boolean().optional().meta({
    description:
      'true when ban protection holds messages of this chat until a budget frees (they read as status held in the conversation); absent otherwise',
  }),
});
export const conversationsResponse = z.object({ success: z.boolean(), data: z.array(conversation) });
/** A message of a conversation, one shape per type (src/shared/schemas/chat-message.ts). */
export { chatMessage };
export const conversationResponse = z.object({
  success: z.boolean(),
  data: z.object({ id: z.string(), name: z.string(), messages: z.array(chatMessage) }),
});
export const searchMessagesResponse = z.object({
  success: z.boolean(),
  data: z.array(z.intersection(chatMessage, z.object({ chatId: z.string() }))),
});
export const contactsResponse = z.object({
  success: z.boolean(),
  data: z.array(z.object({ id: z.string(), name: z.string(), type: chatType })),
});
export const contactResponse = z.object({
  success: z.boolean(),
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(['chat', 'group']),
      image: z.string().optional().meta({ description: "The picture's URL; absent when there is none" }),
    }),
  ),
});

export const numberStatusResponse = z.object({
  success: z.boolean(),
  data: z.object({
    success: z.boolean(),
    result: z.object({
      status: z.union([z.literal(200), z.literal(404)]).meta({ description: '200 on WhatsApp, 404 not' }),
      jid: z.string(),
      number: z.string(),
    }),
  }),
});
export const profileImageResponse = z.object({
  success: z.boolean(),
  data: z.string().meta({ description: 'URL of the picture' }),
});
export const phoneSafety = z.object({
  groups_on_chats: z.number().int(),
  users_on_chats: z.number().int(),
  user_messages_to_user_count: z.number().int(),
  user_messages_to_unique_user_count: z.number().int(),
  user_messages_to_group_count: z.number().int(),
  first_group_message: z.string().nullable(),
  first_chat: z.string().nullable(),
  first_message: z.string().nullable(),
  first_user_message: z.string().nullable(),
  contact_permission: z.boolean(),
  has_profile_picture: z.boolean(),
  booked_contacts_count: z.number().int(),
  profile_photo: z.string().nullable(),
  isBusiness: z.boolean(),
});
export const safetyResponse = z.object({ success: z.boolean(), data: phoneSafety });
const riskLevel = z.number().int().min(1).max(3);
export const blockRisk = z.object({
  riskFactor: riskLevel.meta({ description: '1 critical, 2 moderate, 3 good' }),
  label: z.string(),
  life_time: z.number().int().meta({ description: 'Days since the number first became active' }),
  riskFactorLifeTime: riskLevel,
  riskFactorContacts: riskLevel,
  riskFactorResponse: riskLevel,
  riskFactorBudgets: riskLevel
    .optional()
    .meta({ description: 'With ban protection on: 1 when a budget is reached, 2 past 80 %, 3 below' }),
  protection: z
    .object({
      enabled: z.boolean(),
      new_chats: z.object({ used: z.number().int(), limit: z.number().int() }),
      unanswered: z.object({ used: z.number().int(), limit: z.number().int() }),
    })
    .optional()
    .meta({ description: "Ban protection's budgets (GET /{phone_id}/protection)" }),
});
export const riskResponse = z.object({ success: z.boolean(), result: blockRisk, data: blockRisk });
export const catalogResponse = z.object({ success: z.boolean(), data: z.array(z.record(z.string(), z.unknown())) });
export const instanceStatus = z.object({
  success: z.boolean(),
  status: z.object({
    replicas: z.number().int(),
    availableReplicas: z.number().int(),
    readyReplicas: z.number().int(),
  }),
});

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
export const incomingMessageWebhook = z.object({
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
export const ackWebhook = z.object({
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
export const statusWebhook = z.object({
  type: z.literal('status'),
  pid: z.string(),
  phone_id: z.number().int(),
  status: z.enum(['active', 'qr-code', 'phone-error', 'idle', 'loading', 'disabled']),
});
/** A message that could not be sent after its last attempt (our addition: the reference has no such event). */
export const sendFailedWebhook = z.object({
  type: z.literal('error'),
  product_id: z.string(),
  phone_id: z.number().int(),
  data: z.array(z.object({ msgId: z.string(), chatId: z.string(), reason: z.string(), time: ackCommon.time })),
});
/** A live-chat change (reference: webhook-live-body), with who acted. */
export const liveEventWebhook = z.object({
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
export const protectionWebhook = z.object({
  type: z.literal('protection'),
  product_id: z.string(),
  phone_id: z.number().int(),
  budget: z.enum(['new_chats', 'unanswered']),
  used: z.number().int(),
  limit: z.number().int(),
  state: z.enum(['warning', 'reached', 'cleared']),
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
  'Ban Protection': {
    schema: protectionWebhook,
    description:
      'A budget of ban protection (new chats today, unanswered chats of 30 days) passed 80 % (`warning`), reached its limit (`reached`: new chats are held or refused) or freed after that (`cleared`). Once each. Not in the reference.',
  },
} as const;
