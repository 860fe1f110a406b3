import createClient, { type Client } from 'openapi-fetch';
import { errorFrom } from './errors.js';
import type { operations, paths } from './openapi.js';
import { retryingFetch, type RetryOptions } from './retry.js';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Answer<Op> = Op extends { responses: { 200: infer R } } ? Json<R> : never;

/** sendMessage's body: every message type the API declares (text, media, location, contact, vcard, poll, ...). */
export type MessageBody = NonNullable<
  operations['post__phone_id_sendMessage']['requestBody']
>['content']['application/json'];
type TextBody = Extract<MessageBody, { type: 'text' }>;
/** What sendMessage takes: a message of any declared type; a text may leave `type` out, as the API allows. */
export type SendMessageBody = MessageBody | (Omit<TextBody, 'type'> & { type?: 'text' });
/** A phone as listPhones answers it. */
export type Phone = Answer<operations['get_listPhones']>[number];
/** A page of a conversation: its id, name and messages, oldest first. */
export type Conversation = Answer<operations['get__phone_id_getConversations__conversation_id']>['data'];
/** A message of a conversation, typed by its `type` (text, media, location, vcard, poll, buttons, template, link, ...). */
export type ConversationMessage = Conversation['messages'][number];
/** Whether a number is on WhatsApp: status 200 (it is) or 404 (it is not), its chat id and number. */
export type NumberStatus = Answer<operations['get__phone_id_checknumberstatus']>['data']['result'];

export interface WapiClientOptions extends RetryOptions {
  /** Where the API is, e.g. `https://wapi.example.com` (the origin; `/api/{productId}` is added). */
  baseUrl: string;
  /** The product id from the console's Token page. */
  productId: string;
  /** The product's API token (sent in the `x-api-key` header). */
  token: string;
  /** Another fetch (a proxy's, a test's); the global one by default. */
  fetch?: typeof fetch;
}

export interface WapiClient {
  /** The phones of the product. */
  listPhones(): Promise<Phone[]>;
  /**
   * Queues a message and answers its id (msgId) before it is sent. It always carries an
   * Idempotency-Key (yours, or a new UUID), so a retry after a network failure never sends twice.
   */
  sendMessage(phoneId: string | number, body: SendMessageBody, options?: { idempotencyKey?: string }): Promise<string>;
  /** A page of a chat's messages (the latest `limit`, default 100; `before` a message id for older ones). */
  getConversation(
    phoneId: string | number,
    chatId: string,
    options?: { limit?: number; before?: string },
  ): Promise<Conversation>;
  /** Whether a number is on WhatsApp, asked through one of the product's connected phones. */
  checkNumber(phoneId: string | number, number: string): Promise<NumberStatus>;
  /** The typed openapi-fetch client for every other operation, by path: `api.GET('/{phone_id}/status', ...)`. */
  api: Client<paths>;
}

/** A UUID from Web Crypto, or from random bytes where randomUUID is missing (plain-HTTP pages). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The answer's body, or its WapiError. */
function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  throw errorFrom(result.response, result.error ?? result.data);
}

/** A client of one product of the Wapi WhatsApp API. */
export function createWapiClient(options: WapiClientOptions): WapiClient {
  const base = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const api = createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/api/${encodeURIComponent(options.productId)}`,
    headers: { 'x-api-key': options.token },
    fetch: retryingFetch(base as typeof fetch, options),
  });
  const phone = (id: string | number) => ({ phone_id: String(id) });
  return {
    api,
    async listPhones() {
      return unwrap(await api.GET('/listPhones'));
    },
    async sendMessage(phoneId, body, opts = {}) {
      const res = await api.POST('/{phone_id}/sendMessage', {
        params: { path: phone(phoneId), header: { 'idempotency-key': opts.idempotencyKey ?? newKey() } },
        body: body as MessageBody,
      });
      return unwrap(res).data.msgId;
    },
    async getConversation(phoneId, chatId, opts = {}) {
      const query = {
        ...(opts.limit === undefined ? {} : { limit: String(opts.limit) }),
        ...(opts.before === undefined ? {} : { before: opts.before }),
      };
      return unwrap(
        await api.GET('/{phone_id}/getConversations/{conversation_id}', {
          params: { path: { ...phone(phoneId), conversation_id: chatId }, query },
        }),
      ).data;
    },
    async checkNumber(phoneId, number) {
      return unwrap(
        await api.GET('/{phone_id}/checknumberstatus', { params: { path: phone(phoneId), query: { number } } }),
      ).data.result;
    },
  };
}
