import type { ComponentType } from 'react';
import { Base64Encoder } from './Base64Encoder.js';
import { JsonEscape } from './JsonEscape.js';
import { QrCodeGenerator } from './QrCodeGenerator.js';
import { TextFormatter } from './TextFormatter.js';
import { VCardMaker } from './VCardMaker.js';

export { Base64Encoder, JsonEscape, QrCodeGenerator, TextFormatter, VCardMaker };

/** The tools that need no server, by the slug of their /tools/{slug} page (and data-wapi-tool). */
export const TOOL_COMPONENTS: Readonly<Record<string, ComponentType>> = {
  base64encoder: Base64Encoder,
  vcardmaker: VCardMaker,
  'whatsapp-qr-code-generator': QrCodeGenerator,
  'qr-code-generator': QrCodeGenerator,
  'whatsapp-text-formatter': TextFormatter,
  'json-escape-unescape': JsonEscape,
};
