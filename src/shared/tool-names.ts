/**
 * The nine free tools (spec 2.11) and the one name each goes by: the sidebar, the tools' chips, the
 * route titles (document title and page heading) and the public pages' headings all read it here.
 * The names are the spec's own (2.11, items 1 to 9).
 */
export const TOOL_NAMES = {
  '/tools/base64encoder': 'Base64 Encoder',
  '/tools/vcardmaker': 'VCard Maker',
  '/tools/warmingup': 'Warming Up Numbers',
  '/tools/get-whatsapp-profile-picture': 'Profile Picture Checker',
  '/tools/whatsapp-check-numbers': 'Number Checker',
  '/tools/multi-whatsapp-check-numbers': 'Multi Number Checker',
  '/tools/whatsapp-qr-code-generator': 'QR Code Generator',
  '/tools/whatsapp-text-formatter': 'Text Formatter',
  '/tools/json-escape-unescape': 'JSON Escape/Unescape Tool',
} as const;

export type ToolPath = keyof typeof TOOL_NAMES;

/** /tools itself: the list of the nine tools (issue 38; it showed the Base64 encoder before). */
export const TOOLS_INDEX_TITLE = 'Free Tools';

/** Other addresses of a tool (spec 2.11): two tools have a second path. */
export const TOOL_ALIASES: Readonly<Record<string, ToolPath>> = {
  '/tools/qr-code-generator': '/tools/whatsapp-qr-code-generator',
  '/tools/whatsapp-number-checker': '/tools/whatsapp-check-numbers',
};

/** The nine tools in the order of the Tools menu and the chips. */
export const TOOL_NAV: readonly { path: ToolPath; name: string }[] = (Object.keys(TOOL_NAMES) as ToolPath[]).map(
  (path) => ({ path, name: TOOL_NAMES[path] }),
);

/** The name of the tool at a path or one of its aliases. */
export function toolName(path: ToolPath | keyof typeof TOOL_ALIASES): string {
  return TOOL_NAMES[(TOOL_ALIASES[path] ?? path) as ToolPath];
}

/** The sign-up invitation under a public tools page, for visitors. */
export const SIGN_UP_TEXT =
  'Send WhatsApp messages from your own code: create a free account to connect a phone to the API.';
