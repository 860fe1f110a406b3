/** @wapi/widgets for bundlers: the free tools as React components and the chat button element. */
export { Base64Encoder, JsonEscape, QrCodeGenerator, TextFormatter, TOOL_COMPONENTS, VCardMaker } from './tools';
export { TOOL_CSS } from './tools/styles';
export * from './tools/vcard';
export * from './tools/qr';
export { escapeJson, unescapeJson, MESSAGES as JSON_TOOL_MESSAGES } from './tools/json-escape';
export { parseFormatting, wrapSelection, MARKERS } from './tools/text-format';
export * from './chat-button/settings';
