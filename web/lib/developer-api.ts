/**
 * The calls of the developer pages, the group pages and the phone detail page, typed as the server
 * answers them. Messaging-API calls carry the product token (messaging-api.ts); the webhook test and
 * the Postman download go to the cookie-authenticated console backend.
 */
import { ApiError, apiPost } from './api';
import { getConfig } from './bootstrap';
import { msgGet, msgPost } from './messaging-api';
import type { Phone, StatusResponse } from './phones';

/** `GET /api/{pid}/product`: the messaging API's view of the product. */
export interface ProductData {
  pid: string;
  webhook: string;
  ack_delivery: boolean;
  phone_limit: number;
  webhook_secret: string;
}

export const productData = () => msgGet<ProductData>('/product');
export const setWebhook = (webhook: string) => msgPost<ProductData>('/setWebhook', { webhook });
export const setAckPreference = (ack: boolean) => msgPost<ProductData>('/setAckPreference', { ack_delivery: ack });

/** A phone as `listPhones?config=true` lists it: with its own webhook. */
export type ConfiguredPhone = Phone & { data: Phone['data'] & { webhook?: string; ack_delivery?: boolean | null } };

export const listPhones = () => msgGet<Phone[]>('/listPhones');
export const listConfiguredPhones = () => msgGet<ConfiguredPhone[]>('/listPhones?config=true');

/** A phone's own webhook settings; an empty webhook means the product's is used. */
export interface PhoneConfig {
  webhook: string;
  ack_delivery: boolean;
}
export const phoneConfig = async (id: number) => (await msgGet<{ status: PhoneConfig }>(`/${id}/config`)).status;
export const setPhoneWebhook = async (id: number, webhook: string) => (await msgPost<{ status: PhoneConfig }>(`/${id}/config`, { webhook })).status;

/** One row of `GET /queues?number=true`. */
export interface QueueEntry {
  id: number;
  status: string;
  queue: number;
  number: string;
}
export const listQueues = async () => (await msgGet<{ queues: QueueEntry[] }>('/queues?number=true')).queues;
export const phoneQueue = (id: number) => msgGet<{ queue: number; stats: { sending: number } }>(`/${id}/queue`);
export const purgeQueue = (id: number) => msgGet<{ success?: boolean; purged: number }>(`/${id}/purgeQueue`);

/** The sample message the webhook test posts (the server fills the rest of a real incoming message). */
export const WEBHOOK_TEST_MESSAGE = { message: { type: 'text', text: 'This is a test message from the console.', fromMe: false } };

/** `POST /api/{brand}/live/checkWebhook`: the server posts a signed sample message to the URL. */
export async function checkWebhook(webhook: string): Promise<string> {
  const body = await apiPost<{ message: string }>(`/api/${getConfig().brand}/live/checkWebhook`, { webhook, ...WEBHOOK_TEST_MESSAGE });
  return body.message;
}

/** One attempt of a webhook delivery. */
export interface DeliveryAttempt {
  at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number | null;
  response: string | null;
}
export type DeliveryStatus = 'pending' | 'delivered' | 'dead';
export interface Delivery {
  id: number;
  event_id: string;
  phone_id: number | null;
  kind: string;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  payload: unknown;
  history: DeliveryAttempt[];
}
export interface DeliveryPage {
  total: number;
  page: number;
  limit: number;
  list: Delivery[];
}
export const listDeliveries = (page: number, status: DeliveryStatus | 'all') =>
  msgGet<DeliveryPage>(`/webhookDeliveries?page=${page}${status === 'all' ? '' : `&status=${status}`}`);
export const redeliver = (id: number) => msgPost<{ id: number; status: DeliveryStatus }>(`/webhookDeliveries/${id}/redeliver`, {});

/** A log event (3-developer §3). */
export type LogType = 'incoming' | 'outgoing' | 'error' | 'message' | 'status';
export interface LogEvent {
  id: number;
  pid: string;
  phone: string | null;
  created_at: string;
  updated_at: string;
  type: LogType;
  data: Record<string, unknown>;
}
export async function listLogs(page: number, type: LogType | undefined, pageLimit: number): Promise<{ count: number; list: LogEvent[] }> {
  const q = new URLSearchParams({ page: String(page), order: 'desc', pageLimit: String(pageLimit), ...(type ? { type } : {}) });
  const body = await msgGet<{ data: { count: string; list: LogEvent[] } }>(`/logs?${q}`);
  return { count: Number(body.data.count) || 0, list: body.data.list };
}

/** A group action log row (3-developer §3). */
export interface GroupActionLog {
  id: number;
  phone: string;
  created_at: string;
  data: { body: { receiver: string; conversation: string; conversation_name: string; message: { participant: string; subtype: string } } };
}
export const GROUP_SUBTYPES = ['add', 'demote', 'invite', 'leave', 'name', 'promote', 'remove'] as const;
export type GroupSubtype = (typeof GROUP_SUBTYPES)[number];
export interface GroupLogQuery {
  phoneId: string;
  subtype: GroupSubtype;
  search: string;
  page: number;
  limit: number;
}
export async function listGroupActionLogs(q: GroupLogQuery): Promise<{ total: number; data: GroupActionLog[] }> {
  const params = new URLSearchParams({ subtype: q.subtype, page: String(q.page), limit: String(q.limit) });
  if (q.phoneId) params.set('phone_id', q.phoneId);
  if (q.search.trim()) params.set('search', q.search.trim());
  return msgGet(`/groupActionLogs?${params}`);
}

/** A group of the group info page. */
export interface GroupInfo {
  id: string;
  name: string;
  participantCount: number;
  adminCount: number;
  participants: string[];
  admins: string[];
}
export type GroupAction = 'removed' | 'suspended';
/** The page limits the group fetch tries in turn (3-developer §2.3). */
export const GROUP_INFO_LIMITS = [500, 450, 400] as const;

/** Every group of a kind: page limit 500, then 450, then 400 when a fetch fails; all pages are read. */
export async function fetchGroupInfo(phoneId: number, action: GroupAction): Promise<GroupInfo[]> {
  let lastError: unknown;
  for (const limit of GROUP_INFO_LIMITS) {
    try {
      const out: GroupInfo[] = [];
      for (let page = 1; ; page++) {
        const body = await msgGet<{ total: number; data: GroupInfo[] }>(`/${phoneId}/groupInfo?action=${action}&pageLimit=${limit}&page=${page}`);
        out.push(...body.data);
        if (body.data.length < limit || out.length >= body.total) return out;
      }
    } catch (e) {
      lastError = e;
    }
  }
  throw lastError;
}

/** The OpenAPI document of the messaging API (`GET /api/openapi.json`), only the parts the docs page reads. */
export interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  requestBody?: { content?: Record<string, { examples?: Record<string, { value: unknown }> }> };
}
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}
export async function fetchOpenApi(): Promise<OpenApiDocument> {
  const res = await fetch('/api/openapi.json', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new ApiError(`${res.status} ${res.statusText}`.trim(), res.status);
  return (await res.json()) as OpenApiDocument;
}

/** `GET /api/{brand}/postman?phone_id=`: the collection with the product id, token and phone id filled in. */
export async function downloadPostman(phoneId: number | null): Promise<{ name: string; blob: Blob }> {
  const brand = getConfig().brand;
  const res = await fetch(`/api/${brand}/postman${phoneId === null ? '' : `?phone_id=${phoneId}`}`, { credentials: 'same-origin' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(body?.message || `${res.status} ${res.statusText}`.trim(), res.status, Boolean(body?.message));
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${brand}-api.postman_collection.json`;
  return { name, blob: await res.blob() };
}

/* ---------- phone detail ---------- */

export const phoneStatus = (id: number) => msgGet<StatusResponse>(`/${id}/status`);
export const logoutPhone = (id: number) => msgGet<object>(`/${id}/logout`);

/** Phone safety data (3-developer §3). */
export interface PhoneSafety {
  groups_on_chats: number;
  users_on_chats: number;
  user_messages_to_user_count: number;
  user_messages_to_unique_user_count: number;
  user_messages_to_group_count: number;
  first_group_message: string | null;
  first_chat: string | null;
  first_message: string | null;
  first_user_message: string | null;
  contact_permission: boolean;
  has_profile_picture: boolean;
  booked_contacts_count: number;
  profile_photo: string | null;
  isBusiness: boolean;
}
export const phoneSafety = async (id: number) => (await msgGet<{ data: PhoneSafety }>(`/${id}/checkPhoneSafety`)).data;

/** A conversation of `getConversations`. */
export interface Conversation {
  id: string;
  _serialized: string;
  user: string;
  server: string;
  name: string;
  type: string;
  unreadCount: number;
  timestamp: number;
  lastMessage: string;
}
/** A message of a conversation (message-data plus delivery state). */
export interface ChatMessage {
  id: string | number;
  type: string;
  text?: string;
  url?: string;
  caption?: string;
  filename?: string;
  mime?: string;
  fromMe: boolean;
  timestamp: number;
  status?: string;
  ack?: number | null;
  payload?: string;
  vcardList?: { displayName: string; vcard: string }[];
  error?: string;
  [key: string]: unknown;
}
export const listConversations = async (id: number) => (await msgGet<{ data: Conversation[] }>(`/${id}/getConversations`)).data;
export const conversationMessages = async (id: number, chatId: string) =>
  (await msgGet<{ data: { id: string; name: string; messages: ChatMessage[] } }>(`/${id}/getConversations/${encodeURIComponent(chatId)}`)).data;
export const sendText = (id: number, chatId: string, message: string) => msgPost<object>(`/${id}/sendMessage`, { to_number: chatId, type: 'text', message });
