import { z } from 'zod';
import { justSuccess } from './common';

export { justSuccess };

/** Response shapes of the messaging API (the reference's components): declared by the routes, read by the console. */
export const statusEnum = z.enum(['creating...', 'loading', 'qr-screen', 'PAIRING', 'active', 'conn-retry', 'TIMEOUT', 'phone-error', 'low-battery', 'idle', 'disabled']);
export const phoneObj = z.object({
  id: z.number().int(),
  pid: z.string(),
  number: z.string(),
  name: z.string(),
  status: statusEnum,
  type: z.enum(['whatsapp', 'instagram']),
  multi_device: z.boolean(),
  queue: z.number().int(),
  active: z.boolean(),
  data: z.object({ sandbox: z.boolean(), mobile_proxy: z.boolean() }),
});
export const addPhoneResponse = z.object({ success: z.boolean(), id: z.number().int(), pid: z.string(), number: z.string(), name: z.string(), multi_device: z.boolean() });
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
export const statusResponse = z.object({ success: z.boolean(), number: z.string(), mobile_proxy: z.boolean(), proxy_region: z.string().nullable(), status: subStatus });
export const queueResponse = z.object({ success: z.boolean(), queue: z.number().int(), stats: z.object({ sending: z.number().int() }) });
export const queuesResponse = z.object({ success: z.boolean(), queues: z.array(z.object({ id: z.number().int(), status: statusEnum, queue: z.number().int(), number: z.string().optional() })) });
export const productData = z.object({ success: z.boolean(), pid: z.string(), webhook: z.string(), ack_delivery: z.boolean(), phone_limit: z.number().int(), webhook_secret: z.string() });
export const phoneConfig = z.object({ success: z.boolean(), status: z.object({ webhook: z.string(), ack_delivery: z.boolean() }) });
export const logObj = z.object({
  id: z.number().int(),
  pid: z.string(),
  phone: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  type: z.enum(['incoming', 'outgoing', 'error', 'message', 'status']),
  data: z.record(z.string(), z.unknown()),
});
export const logsResponse = z.object({ success: z.boolean(), data: z.object({ count: z.string(), list: z.array(logObj) }) });
export const groupData = z.object({
  id: z.string(),
  name: z.string(),
  participants: z.array(z.string()),
  admins: z.array(z.string()),
  image: z.string().optional(),
  config: z.object({ edit: z.enum(['admins', 'all']), send: z.enum(['admins', 'all']), disappear: z.boolean() }),
  invite: z.string().optional(),
});
export const groupResponse = z.object({ success: z.boolean(), data: groupData });
export const groupsResponse = z.object({ success: z.boolean(), count: z.number().int(), total: z.number().int(), limit: z.number().int(), page: z.number().int(), data: z.array(groupData) });
export const conversation = z.object({ id: z.string(), _serialized: z.string(), user: z.string(), server: z.string(), name: z.string(), type: z.string(), unreadCount: z.number().int(), timestamp: z.number().int(), lastMessage: z.string() });
export const contactsResponse = z.object({ success: z.boolean(), data: z.array(z.object({ id: z.string(), name: z.string(), type: z.enum(['chat', 'group', 'broadcast']) })) });
export const instanceStatus = z.object({ success: z.boolean(), status: z.object({ replicas: z.number().int(), availableReplicas: z.number().int(), readyReplicas: z.number().int() }) });

/** Webhook payloads (the reference's setWebhook callbacks). */
export const incomingMessageWebhook = z.object({
  product_id: z.string(),
  phone_id: z.number().int(),
  message: z.object({ id: z.string(), type: z.string(), text: z.string().optional(), fromMe: z.boolean(), url: z.string().optional(), caption: z.string().optional() }).loose(),
  user: z.object({ id: z.string(), name: z.string(), phone: z.string(), image: z.string().optional() }),
  conversation: z.string(),
  receiver: z.string(),
  timestamp: z.number().int(),
  type: z.literal('message'),
  reply: z.string(),
});
export const ackWebhook = z.object({
  type: z.literal('ack'),
  product_id: z.string(),
  phone_id: z.number().int(),
  data: z.array(z.object({ ackType: z.enum(['delivered', 'reached', 'seen', 'played', 'deleted']), ackCode: z.number().int(), chatId: z.string(), msgId: z.string(), time: z.number().int() })),
});
export const statusWebhook = z.object({ type: z.literal('status'), pid: z.string(), phone_id: z.number().int(), status: z.enum(['active', 'qr-code', 'phone-error', 'idle', 'loading', 'disabled']) });
