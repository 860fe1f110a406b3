import { z } from 'zod';
import { chatMessage } from './chat-message';
import { ENGINE_NAMES } from '../../engines';
import { PHONE_STATUSES } from '../../phone-status';
import { justSuccess } from '../common';

export { justSuccess };

/** Response shapes of the messaging API (the reference's components): declared by the routes, read by the console. */
const statusEnum = z.enum(PHONE_STATUSES);
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
const subStatus = z.object({
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

/** `GET /purgeQueue`: how many waiting messages were dropped. */
export const purgeQueueResponse = z.object({ success: z.boolean(), purged: z.number().int() });

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
const groupConfig = z.object({
  edit: z.enum(['admins', 'all']).meta({ description: "Who may edit the group's name, picture and description" }),
  send: z.enum(['admins', 'all']).meta({ description: 'Who may send messages to the group' }),
  disappear: z.boolean().meta({ description: 'Whether messages disappear' }),
});
const groupData = z.object({
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
/** A message of a conversation, one shape per type (src/shared/schemas/messaging/chat-message.ts). */
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
/** GET /{phone_id}/qrData: the QR code's text. */
export const qrDataResponse = z.object({ success: z.boolean(), qrData: z.string() });

// The webhook payloads live in their own file; importers keep importing them from here.
/** `GET /listPhones`. */
export const phoneListAnswer = z.array(phoneObj);
/** Phone control calls that answer a sentence (logout, clearSession, ...). */
export const withMessage = z.object({ success: z.boolean(), message: z.string() });
/** `deletePhone`. */
export const deleted = z.object({
  success: z.boolean(),
  type: z.literal('deleted'),
  pid: z.string(),
  phone_id: z.string(),
});
/** `POST /setName`. */
export const setNameAnswer = z.object({ success: z.boolean(), name: z.string() });
/** `POST /mobileProxy`. */
export const mobileProxyAnswer = z.object({
  success: z.boolean(),
  mobile_proxy: z.boolean(),
  proxy_region: z.string().nullable(),
});
/** `GET /connectWithPhoneNumber`. */
export const connectAnswer = z.object({ success: z.boolean(), connectionResult: z.string() });

export * from '../webhook-events';
