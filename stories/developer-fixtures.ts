import type { ChatMessage, Conversation } from '../web/stores/phone-chat';
import type { Delivery } from '../web/stores/developers/deliveries';
import type { OpenApiDocument } from '../web/stores/developers/docs';
import type { GroupActionLog } from '../web/stores/developers/group-logs';
import type { LogEvent } from '../web/stores/developers/logs';
import type { QueueRow } from '../web/stores/developers/queues';
import type { PhoneSafety } from '../web/stores/phone-detail';

/** Mocked data for the developer and phone detail stories: no network is touched. */
export const PID = '3f1c2a9e-1111-4222-8333-944455556666';
export const TOKEN = 'kq8V2xW7pL3nR9tY4mZ6cB1d';
export const ORIGIN = 'https://console.example.com';

export const QUEUES: QueueRow[] = [
  { id: 101, number: '905301234561', status: 'active', queue: 0, sending: 0 },
  { id: 102, number: '905301234562', status: 'active', queue: 12, sending: 12 },
  { id: 103, number: '', status: 'qr-screen', queue: 4, sending: 4 },
  { id: 104, number: '905301234564', status: 'disabled', queue: 0, sending: 0 },
];

const at = '2026-01-12T09:15:27.000Z';

export const LOGS: LogEvent[] = [
  {
    id: 9021,
    pid: PID,
    phone: '101',
    created_at: at,
    updated_at: at,
    type: 'incoming',
    data: {
      path: `/api/${PID}/101/sendMessage`,
      method: 'POST',
      body: { to_number: '905301234567', type: 'text', message: 'Hello!' },
      statusCode: 200,
      response: { success: true, id: 'msg_1' },
    },
  },
  {
    id: 9020,
    pid: PID,
    phone: '101',
    created_at: at,
    updated_at: at,
    type: 'outgoing',
    data: {
      event: 'evt_1',
      kind: 'message',
      attempt: 1,
      webhook: 'https://example.com/hook',
      body: { type: 'message' },
      response: { statusCode: 200, body: 'ok' },
    },
  },
  {
    id: 9019,
    pid: PID,
    phone: '424242',
    created_at: at,
    updated_at: at,
    type: 'error',
    data: {
      path: `/api/${PID}/424242/status`,
      method: 'GET',
      statusCode: 404,
      response: { success: false, message: 'Phone not found.' },
    },
  },
  {
    id: 9018,
    pid: PID,
    phone: '101',
    created_at: at,
    updated_at: at,
    type: 'outgoing',
    data: {
      kind: 'message',
      body: { message: { type: 'text', text: 'Is the store open?' }, user: { phone: '905301234562' } },
    },
  },
];

export const DELIVERIES: Delivery[] = [
  {
    id: 7,
    event_id: 'evt_5d1c0e8f2a',
    phone_id: 101,
    kind: 'message',
    url: 'https://example.com/hook',
    status: 'delivered',
    attempts: 1,
    next_attempt_at: null,
    last_status: 200,
    last_error: null,
    created_at: at,
    delivered_at: at,
    payload: { type: 'message', message: { type: 'text', text: 'Hi' } },
    history: [{ at, status_code: 200, error: null, duration_ms: 84, response: 'ok' }],
  },
  {
    id: 6,
    event_id: 'evt_91ab77c0d3',
    phone_id: 101,
    kind: 'ack',
    url: 'https://example.com/hook',
    status: 'dead',
    attempts: 8,
    next_attempt_at: null,
    last_status: 500,
    last_error: 'HTTP 500',
    created_at: at,
    delivered_at: null,
    payload: { type: 'ack', data: [{ ackType: 'seen', ackCode: 3 }] },
    history: [
      { at, status_code: 500, error: 'HTTP 500', duration_ms: 120, response: 'Internal Server Error' },
      { at, status_code: null, error: 'timeout', duration_ms: 10000, response: null },
    ],
  },
];

export const GROUP_LOGS: GroupActionLog[] = [
  {
    id: 1,
    phone: '101',
    created_at: at,
    data: {
      body: {
        receiver: '905301234561',
        conversation: '905301234561-1700000000@g.us',
        conversation_name: 'Customers',
        message: { type: 'info', participant: '905301234569@c.us', subtype: 'group/remove' },
      },
    },
  },
  {
    id: 2,
    phone: '101',
    created_at: at,
    data: {
      body: {
        receiver: '905301234561',
        conversation: '905301234561-1700000001@g.us',
        conversation_name: 'Team',
        message: { type: 'info', participant: '905301234561@c.us', subtype: 'group/remove' },
      },
    },
  },
];

export const OPENAPI: OpenApiDocument = {
  info: { title: 'Wapi WhatsApp API', version: '1.0.0' },
  tags: [{ name: 'Account Information Retrieval' }, { name: 'Message Sending Operations' }],
  paths: {
    '/listPhones': { get: { tags: ['Account Information Retrieval'], summary: 'Phones of the product' } },
    '/setWebhook': { post: { tags: ['Account Information Retrieval'], summary: 'Set the product webhook' } },
    '/{phone_id}/sendMessage': {
      post: {
        tags: ['Message Sending Operations'],
        summary: 'Queue a message',
        requestBody: {
          content: {
            'application/json': {
              examples: {
                'Text Message': { value: { to_number: '905301234567', type: 'text', message: 'Hello World!' } },
                'vCard Message': {
                  value: {
                    to_number: '905301234567@c.us',
                    type: 'vcard',
                    message: { displayName: 'John Doe', vcard: 'BEGIN:VCARD…' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

export const SAFETY: PhoneSafety = {
  groups_on_chats: 3,
  users_on_chats: 41,
  user_messages_to_user_count: 320,
  user_messages_to_unique_user_count: 58,
  user_messages_to_group_count: 12,
  first_group_message: '2025-12-01T10:00:00.000Z',
  first_chat: '2025-11-20T08:30:00.000Z',
  first_message: '2025-11-20T08:31:00.000Z',
  first_user_message: '2025-11-20T08:31:00.000Z',
  contact_permission: true,
  has_profile_picture: false,
  booked_contacts_count: 17,
  profile_photo: null,
  isBusiness: false,
};

export const CONVERSATIONS: Conversation[] = [
  {
    id: '905301234567@c.us',
    _serialized: '905301234567@c.us',
    user: '905301234567',
    server: 'c.us',
    name: 'Sim User 4567',
    type: 'chat',
    isGroup: false,
    unreadCount: 2,
    timestamp: 1768209327,
    lastMessage: 'Echo: Hello!',
  },
  {
    id: '905301234561-1700000000@g.us',
    _serialized: '905301234561-1700000000@g.us',
    user: '905301234561-1700000000',
    server: 'g.us',
    name: 'Customers',
    type: 'group',
    isGroup: true,
    unreadCount: 0,
    timestamp: 1768205000,
    lastMessage: 'See you tomorrow',
  },
];

const t = 1768209327;
/** An inline picture, so the image message needs no network. */
const PARCEL_IMAGE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160"><rect width="240" height="160" fill="#e7f6f2"/><rect x="80" y="45" width="80" height="70" rx="6" fill="#128c7e"/><path d="M80 70h80" stroke="#fff" stroke-width="4"/></svg>')}`;
export const MESSAGES: ChatMessage[] = [
  {
    id: 1,
    type: 'text',
    text: 'Hello! Your order #1042 has shipped.',
    fromMe: true,
    timestamp: t,
    status: 'sent',
    ack: 3,
  },
  { id: 2, type: 'text', text: 'Echo: Hello! Your order #1042 has shipped.', fromMe: false, timestamp: t + 2 },
  { id: 3, type: 'image', url: PARCEL_IMAGE, caption: 'The parcel', fromMe: false, timestamp: t + 5 },
  {
    id: 4,
    type: 'document',
    url: 'https://example.com/invoice.pdf',
    filename: 'invoice-1042.pdf',
    fromMe: true,
    timestamp: t + 8,
    status: 'sent',
    ack: 1,
  },
  { id: 5, type: 'ptt', url: 'https://example.com/voice.ogg', fromMe: false, timestamp: t + 9 },
  {
    id: 6,
    type: 'location',
    payload: '41.0082,28.9784',
    text: 'Our store',
    fromMe: true,
    timestamp: t + 12,
    status: 'queued',
  },
  {
    id: 7,
    type: 'vcard',
    vcardList: [{ displayName: 'John Doe', vcard: 'BEGIN:VCARD…' }],
    fromMe: false,
    timestamp: t + 15,
  },
  { id: 8, type: 'poll', fromMe: true, timestamp: t + 20, status: 'failed' },
];
