/** @wapi/widgets for bundlers: the free tools as React components and the chat button element. */
export { Base64Encoder, JsonEscape, QrCodeGenerator, TextFormatter, TOOL_COMPONENTS, VCardMaker } from './tools/index.js';
export { TOOL_CSS } from './tools/styles.js';
export * from './tools/vcard.js';
export * from './tools/qr.js';
export { escapeJson, unescapeJson, MESSAGES as JSON_TOOL_MESSAGES } from './tools/json-escape.js';
export { parseFormatting, wrapSelection, MARKERS } from './tools/text-format.js';
export * from './chat-button/settings.js';
