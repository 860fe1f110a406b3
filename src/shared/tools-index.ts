import { TOOL_NAV, TOOLS_INDEX_TITLE, type ToolPath } from './tool-names';
import { ROUTES } from './routes';
import type { ToolLink, ToolPageText } from './tool-pages';

/**
 * /tools: the list of the nine tools (issue 38), apart from tool-pages.ts so that the tools' own
 * pages do not carry it, and the list's page does not carry the tools' texts.
 */

/** What each of the nine tools does, in the /tools list. */
const TOOL_SUMMARIES: Readonly<Record<ToolPath, string>> = {
  '/tools/base64encoder': 'A file as a Base64 data URI, to send as media.',
  '/tools/vcardmaker': 'Your business as a contact card (VCF or JSON).',
  '/tools/warmingup': 'New numbers chat with each other before mass messaging.',
  '/tools/get-whatsapp-profile-picture': "A number's WhatsApp profile picture.",
  '/tools/whatsapp-check-numbers': 'Whether a number uses WhatsApp, with the cURL of the check.',
  '/tools/multi-whatsapp-check-numbers': 'A spreadsheet of numbers checked at once.',
  '/tools/whatsapp-qr-code-generator': 'A QR code that opens a chat with your number.',
  '/tools/whatsapp-text-formatter': 'Bold, italic, strikethrough and monospace, previewed.',
  '/tools/json-escape-unescape': 'Text or JSON escaped for a JSON string, or back.',
};

/** /tools: the nine tools, in the order of the Tools menu, each with what it does (issue 38). */
export const TOOLS_INDEX: ToolPageText & { links: readonly ToolLink[] } = {
  canonical: '/tools',
  title: TOOLS_INDEX_TITLE,
  heading: TOOLS_INDEX_TITLE,
  description:
    'Nine free WhatsApp tools: number checkers, QR codes, contact cards, text formatting, Base64 and JSON helpers, and number warm-up.',
  intro: ['Those marked "Needs a phone" work through a phone of your account; the others need no account.'],
  links: TOOL_NAV.map((t) => ({
    path: t.path,
    name: t.name,
    summary: TOOL_SUMMARIES[t.path],
    needsPhone: ROUTES.find((r) => r.path === t.path)?.access === 'private',
  })),
};
