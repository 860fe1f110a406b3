import { TOOL_NAMES, type ToolPath } from './tool-names';

/**
 * A public, indexable page of the tools (spec 2.11): the server writes its title, description,
 * heading and text into the HTML; the console shows the same text above the tool or the list.
 */
export interface ToolPageText {
  /** The address search engines should index (an alias points at the tool's own path). */
  canonical: string;
  /** The tool's name (tool-names.ts): the document title, og:title and the page heading. */
  title: string;
  heading: string;
  description: string;
  /** Paragraphs explaining the tool. */
  intro: readonly string[];
  /** A code example shown after the text. */
  example?: string;
  /** Links listed after the text (the /tools list of the nine tools). */
  links?: readonly ToolLink[];
}

/** A free tool that needs no phone: its page text and its component. */
export interface ToolPage extends ToolPageText {
  /** The tool's name in the widget package (TOOL_COMPONENTS, data-wapi-tool). */
  tool: string;
}

/** One tool in the /tools list. */
export interface ToolLink {
  path: ToolPath;
  name: string;
  /** What it does, one sentence. */
  summary: string;
  /** It works through a phone connected to the account (visitors are asked to log in). */
  needsPhone: boolean;
}

/** The nine free tools in the order of the Tools menu (spec 2.11); those needing a phone ask visitors to log in. */
export { SIGN_UP_TEXT, TOOL_NAV } from './tool-names';

const VCARD_CURL = `curl -X POST "https://YOUR-WAPI-HOST/api/PRODUCT_ID/PHONE_ID/sendMessage" \\
  -H "x-maytapi-key: YOUR_TOKEN" -H "Content-Type: application/json" \\
  -d '{"to_number": "905551234567", "type": "vcard", "message": {"displayName": "Acme Support", "vcard": "BEGIN:VCARD\\nVERSION:3.0\\nN:;Acme Support;;;\\nFN:Acme Support\\nTEL;TYPE=WORK,VOICE:+905551234567\\nEND:VCARD\\n"}}'`;

const base64: ToolPage = {
  tool: 'base64encoder',
  canonical: '/tools/base64encoder',
  title: TOOL_NAMES['/tools/base64encoder'],
  heading: TOOL_NAMES['/tools/base64encoder'],
  description:
    'Turn an image, video or audio file into a Base64 data URI for the WhatsApp messaging API. Free, and the file never leaves your browser.',
  intro: [
    'Choose an image, video or audio file and copy its Base64 data URI (data:MIME;base64,…).',
    'Send it as the message of a media message in the WhatsApp API instead of a public URL. The file is read in your browser and is not uploaded anywhere.',
  ],
};

const qr: ToolPage = {
  tool: 'whatsapp-qr-code-generator',
  canonical: '/tools/whatsapp-qr-code-generator',
  title: TOOL_NAMES['/tools/whatsapp-qr-code-generator'],
  heading: TOOL_NAMES['/tools/whatsapp-qr-code-generator'],
  description:
    'Make a QR code that opens a WhatsApp chat with your number and an optional message. Download it as PNG or copy the link. Free.',
  intro: [
    'Enter your phone number with its country code and, if you like, the message the chat should start with. Customers who scan the code land in a WhatsApp chat with you.',
    'Print it on packaging, menus, posters or business cards. The code is drawn at error-correction level H, so it still scans when partly covered or worn.',
  ],
};

/** Every public tool page by path, the top-level alias included. */
export const TOOL_PAGES: Readonly<Record<string, ToolPage>> = {
  '/tools/base64encoder': base64,
  '/tools/vcardmaker': {
    tool: 'vcardmaker',
    canonical: '/tools/vcardmaker',
    title: TOOL_NAMES['/tools/vcardmaker'],
    heading: TOOL_NAMES['/tools/vcardmaker'],
    description:
      'Create a contact card (vCard) for your business as VCF or JSON, with a photo, and download contact.vcf. Free.',
    intro: [
      'Send your customers a contact card: your company goes into their address book, your name shows in their chats instead of a bare number, they see your status updates, and saved contacts lower the risk of being blocked in mass messaging.',
      'Fill in at least the first name and the phone number, add a square JPEG or PNG photo up to 2MB if you like, then download contact.vcf or copy the VCF or JSON code. Send it with the API like this:',
    ],
    example: VCARD_CURL,
  },
  '/tools/whatsapp-qr-code-generator': qr,
  '/tools/qr-code-generator': qr,
  '/tools/whatsapp-text-formatter': {
    tool: 'whatsapp-text-formatter',
    canonical: '/tools/whatsapp-text-formatter',
    title: TOOL_NAMES['/tools/whatsapp-text-formatter'],
    heading: TOOL_NAMES['/tools/whatsapp-text-formatter'],
    description:
      'Format WhatsApp messages with bold, italic, strikethrough and monospace, and preview them before sending. Free.',
    intro: [
      'Select part of your text and press Bold, Italic, Strikethrough or Monospace to wrap it in the markers WhatsApp understands, then press Format Text to preview the message as it will look in the chat.',
    ],
  },
  '/tools/json-escape-unescape': {
    tool: 'json-escape-unescape',
    canonical: '/tools/json-escape-unescape',
    title: TOOL_NAMES['/tools/json-escape-unescape'],
    heading: TOOL_NAMES['/tools/json-escape-unescape'],
    description:
      'Escape text or JSON to put it inside a JSON string, or unescape it back. Load samples, a file or a URL; save as JSON or TXT. Free.',
    intro: [
      'API bodies carry messages inside JSON strings, where quotes, line breaks and backslashes must be escaped. Paste text or JSON, load a sample, upload a .json file or fetch one by URL, then escape or unescape it and copy or save the result.',
    ],
  },
};
