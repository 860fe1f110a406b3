/** @wapi/widgets for bundlers: the free tools as React components and the chat button element. */
import type { ComponentType } from 'react';
import { guarded } from './tools/boundary.js';
import * as tools from './tools/index.js';

// Every tool the package hands out sits under its own error boundary: a tool that throws shows a
// message and Try again, never a blank box on the host's page.
export const Base64Encoder = guarded(tools.Base64Encoder, 'base64encoder');
export const JsonEscape = guarded(tools.JsonEscape, 'json-escape-unescape');
export const QrCodeGenerator = guarded(tools.QrCodeGenerator, 'whatsapp-qr-code-generator');
export const TextFormatter = guarded(tools.TextFormatter, 'whatsapp-text-formatter');
export const VCardMaker = guarded(tools.VCardMaker, 'vcardmaker');
export const TOOL_COMPONENTS: Readonly<Record<string, ComponentType>> = Object.fromEntries(
  Object.entries(tools.TOOL_COMPONENTS).map(([slug, Tool]) => [slug, guarded(Tool, slug)]),
);
export { ToolBoundary } from './tools/boundary.js';
export { TOOL_CSS } from './tools/styles.js';
export * from './tools/vcard.js';
export * from './tools/qr.js';
export { BASE64_ACCEPT, BASE64_MAX_BYTES, base64Problem } from './tools/base64.js';
export { escapeJson, unescapeJson, MESSAGES as JSON_TOOL_MESSAGES } from './tools/json-escape.js';
export { parseFormatting, wrapSelection, MARKERS } from './tools/text-format.js';
export * from './chat-button/settings.js';
// Loads the <wapi-chat-button> JSX type with the package's types.
export type { ChatButtonAttributes } from './jsx.js';
