import type { ComponentType } from 'react';
import { Base64Encoder } from './Base64Encoder.js';
import { JsonEscape } from './JsonEscape.js';
import type { PhoneNormalizer } from './phone.js';
import { QrCodeGenerator } from './QrCodeGenerator.js';
import { TextFormatter } from './TextFormatter.js';
import { VCardMaker } from './VCardMaker.js';

export { Base64Encoder, JsonEscape, QrCodeGenerator, TextFormatter, VCardMaker };

/** What a host may hand every tool: the console its libphonenumber-js number reader (tools that take no number ignore it). */
export interface ToolProps {
  normalizePhone?: PhoneNormalizer;
}

/** The tools that need no server, by the slug of their /tools/{slug} page (and data-wapi-tool). */
export const TOOL_COMPONENTS: Readonly<Record<string, ComponentType<ToolProps>>> = {
  base64encoder: Base64Encoder,
  vcardmaker: VCardMaker,
  'whatsapp-qr-code-generator': QrCodeGenerator,
  'qr-code-generator': QrCodeGenerator,
  'whatsapp-text-formatter': TextFormatter,
  'json-escape-unescape': JsonEscape,
};
