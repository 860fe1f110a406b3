import type { IncomingMessageData, OutgoingContent } from '../types';

/** The message as it travels on the simulated wire and as the receiving phone sees it. */
export function messageData(content: OutgoingContent, waId: string): IncomingMessageData {
  const base = { id: waId, fromMe: true };
  switch (content.type) {
    case 'text':
      return {
        ...base,
        type: 'text',
        text: content.text,
        ...(content.mentions?.length ? { mentions: content.mentions } : {}),
      };
    case 'media':
      return {
        ...base,
        type: mediaType(content.media.mime),
        caption: content.caption ?? '',
        filename: content.media.filename,
        mime: content.media.mime,
      };
    case 'vcard':
      return { ...base, type: content.contacts.length > 1 ? 'multi_vcard' : 'vcard', vcardList: content.contacts };
    case 'contact':
      return { ...base, type: 'vcard', vcardList: [{ displayName: content.displayName, vcard: content.vcard }] };
    case 'forward':
      return { ...content.message.message, ...base, forwarded: true };
    case 'delete':
      return { ...base, type: 'revoked', target: content.target.id };
    case 'reaction':
      return { ...base, type: 'reaction', text: content.emoji, target: content.target.id };
    case 'edit':
      return { ...base, type: 'edit', text: content.text, target: content.target.id };
    case 'location':
      return {
        ...base,
        type: 'location',
        payload: `${content.latitude},${content.longitude}`,
        text: content.name ?? '',
      };
    case 'link':
      return { ...base, type: 'text', text: content.text ? `${content.text}\n${content.url}` : content.url };
    case 'product':
      return { ...base, type: 'product', productId: content.productId };
    case 'buttons':
      return { ...base, type: 'buttons', text: content.text, buttons: content.buttons };
    case 'poll':
      return {
        ...base,
        type: 'poll',
        text: content.name,
        options: content.options,
        selectableCount: content.selectableCount,
      };
    case 'template':
      return { ...base, type: 'text', text: `[template ${content.name}]` };
    case 'list':
      return { ...base, type: 'text', text: content.text };
  }
}

/** image, video, ptt (audio) or document, by MIME type. */
function mediaType(mime: string): string {
  if (mime.startsWith('image/')) return mime === 'image/webp' ? 'sticker' : 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'ptt';
  return 'document';
}
