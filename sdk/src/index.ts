/**
 * @wapi/client: a typed client of the Wapi WhatsApp API. The types come from the API's OpenAPI
 * document (src/openapi.ts, generated); calls go through openapi-fetch.
 */
export {
  createWapiClient,
  type Conversation,
  type ConversationMessage,
  type MessageBody,
  type NumberStatus,
  type Phone,
  type SendMessageBody,
  type WapiClient,
  type WapiClientOptions,
} from './client.js';
export { isWapiError, WapiError, type ErrorBody } from './errors.js';
export type { RetryOptions } from './retry.js';
export {
  parseWebhook,
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
  type WebhookHeaders,
} from './webhooks.js';
export type { components, operations, paths, webhooks } from './openapi.js';
