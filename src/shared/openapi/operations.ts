import type { z } from 'zod';
import {
  ackPreferenceBody,
  addPhoneBody,
  createGroupBody,
  groupConfigBody,
  groupInfoQuery,
  groupParticipantBody,
  leaveGroupBody,
  mobileProxyBody,
  phoneConfigBody,
  redeployAllBody,
  setNameBody,
  setProfileImageBody,
  setWebhookBody,
} from '../api-schemas';
import { sendMessageResponseSchema, sendMessageSchema } from '../send-schema';
import * as r from '../schemas/messaging';
import { SEND_EXAMPLES } from './send-examples';

export interface Operation {
  method: 'get' | 'post';
  /** Path below the server URL `/api/{product_id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  examples?: Record<string, Record<string, unknown>>;
  response?: z.ZodType;
  /** Non-JSON answers (the screen). */
  responseType?: string;
  /** Callbacks: webhook payloads this operation configures. */
  callbacks?: Record<string, z.ZodType>;
}

const ACCOUNT = 'Account Information Retrieval';
const SESSION = 'Session Information Getters';
const CONTROL = 'Session Controlling Operations';
const QUEUE = 'Queue Operations';
const SEND = 'Message Sending Operations';
const GROUPS = 'Group Chat Operations';
const CHECKS = 'Number and Safety Checks';

const get = (path: string, tag: string, summary: string, response?: z.ZodType, extra: Partial<Operation> = {}): Operation => ({ method: 'get', path, tag, summary, ...(response ? { response } : {}), ...extra });
const post = (path: string, tag: string, summary: string, body: z.ZodType | undefined, response?: z.ZodType, extra: Partial<Operation> = {}): Operation => ({
  method: 'post',
  path,
  tag,
  summary,
  ...(body ? { body } : {}),
  ...(response ? { response } : {}),
  ...extra,
});

/** Every operation of the messaging API, in the reference's order and tags. */
export const OPERATIONS: Operation[] = [
  get('/product', ACCOUNT, 'Product information: webhook, ack delivery, phone limit, webhook signing secret', r.productData),
  get('/listPhones', ACCOUNT, 'Phones of the product (config=true adds their webhook settings)', r.phoneObj.array()),
  get('/queues', ACCOUNT, 'Send queue length of every phone (number=true adds the numbers)', r.queuesResponse),
  post('/setWebhook', ACCOUNT, 'Set the product webhook', setWebhookBody, r.productData, {
    description: 'Incoming messages, acks (when enabled) and status changes are POSTed here, signed with Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature: HMAC-SHA256 with the product webhook_secret). Non-2xx answers are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.',
    callbacks: { 'Incoming Messages': r.incomingMessageWebhook, 'Acknowledge Notifications': r.ackWebhook, 'Status Change Notifications': r.statusWebhook },
  }),
  post('/addPhone', ACCOUNT, 'Add a phone', addPhoneBody, r.addPhoneResponse),
  get('/addSandbox', ACCOUNT, 'Add the free sandbox phone (5 conversations a month, 150 messages a day)'),
  post('/setAckPreference', ACCOUNT, 'Turn ack delivery to the webhook on or off', ackPreferenceBody, r.productData),
  get('/logs', ACCOUNT, 'Every API call and event of the product, paged (pageLimit up to 500)', r.logsResponse),
  get('/groupActionLogs', ACCOUNT, 'Group membership events of the product\'s phones'),
  get('/webhookDeliveries', ACCOUNT, 'Webhook deliveries with their attempts'),
  post('/webhookDeliveries/{delivery_id}/redeliver', ACCOUNT, 'Deliver a webhook event again (same webhook-id)', undefined, r.justSuccess),
  post('/redeployAll', CONTROL, 'Redeploy many phones at once (bulk controls)', redeployAllBody),
  get('/{phone_id}/contacts', SESSION, 'Chats and contacts of the phone', r.contactsResponse),
  get('/{phone_id}/contact/{conversation_id}', SESSION, 'One contact or group, with its picture'),
  get('/{phone_id}/getConversations', SESSION, 'Conversations, latest first', undefined),
  get('/{phone_id}/getConversations/{conversation_id}', SESSION, 'Messages of a conversation'),
  get('/{phone_id}/config', CONTROL, 'The phone\'s own webhook settings', r.phoneConfig),
  post('/{phone_id}/config', CONTROL, 'Set the phone\'s own webhook settings', phoneConfigBody, r.phoneConfig),
  post('/{phone_id}/sendMessage', SEND, 'Queue a message', sendMessageSchema, sendMessageResponseSchema, {
    description:
      'Adds the message to the phone\'s send queue and answers with its id before sending. Messages go out in order; use the id to follow acks. The duplicate filter stops a message that is among the last 3 unique messages of the conversation and was sent 3 times; add "skip_filter": true to bypass it.',
    examples: SEND_EXAMPLES,
  }),
  get('/{phone_id}/catalog', SEND, 'Catalog products of the business account'),
  post('/{phone_id}/createGroup', GROUPS, 'Create a group', createGroupBody, r.groupResponse),
  get('/{phone_id}/getGroups', GROUPS, 'Groups of the phone (removed=true, suspended=true, page, sort, invite)', r.groupsResponse),
  get('/{phone_id}/getGroups/{conversation_id}', GROUPS, 'One group (invite=true adds its invite link)', r.groupResponse),
  get('/{phone_id}/groupInfo', GROUPS, 'Groups the phone was removed from, or that were suspended', undefined, { query: groupInfoQuery }),
  post('/{phone_id}/setProfileImage', GROUPS, 'Set the picture of a group, or of the phone itself', setProfileImageBody, r.justSuccess),
  post('/{phone_id}/group/config', GROUPS, 'Who may edit the group and send to it; disappearing messages', groupConfigBody),
  post('/{phone_id}/group/add', GROUPS, 'Add participants', groupParticipantBody, r.justSuccess),
  post('/{phone_id}/group/remove', GROUPS, 'Remove participants', groupParticipantBody, r.justSuccess),
  post('/{phone_id}/group/promote', GROUPS, 'Make participants admins', groupParticipantBody, r.justSuccess),
  post('/{phone_id}/group/demote', GROUPS, 'Take admin rights away', groupParticipantBody, r.justSuccess),
  post('/{phone_id}/leaveGroup', GROUPS, 'Leave a group', leaveGroupBody),
  get('/{phone_id}/checknumberstatus', CHECKS, 'Whether a number is on WhatsApp (number=905301234567@c.us); W05 when the phone is not active'),
  get('/{phone_id}/getProfileImage', CHECKS, 'Profile picture of a number (number=905301234567@c.us)'),
  get('/{phone_id}/checkPhoneSafety', CHECKS, 'How the number has been used: chats, messages, contacts, picture'),
  get('/{phone_id}/calculateRiskOfBlock', CHECKS, 'Block risk from the number\'s age, contacts and answers (1 critical, 3 good)'),
];
