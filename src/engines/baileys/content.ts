import {
  proto,
  type AnyMessageContent,
  type MiscMessageGenerationOptions,
  type Product,
  type WAMessage,
  type WAMessageKey,
} from 'baileys';
import {
  EngineError,
  type MediaInput,
  type MsgKey,
  type OutgoingContent,
  type SendOptions,
  type StoredMessage,
} from '../types';
import { toWaJid } from './jid';

/** Outgoing messages: the API's content as Baileys' `sendMessage` takes it. */

/** Our message key as Baileys', for deleting, reacting to, editing or quoting a message. */
export function waKey(key: MsgKey): WAMessageKey {
  return {
    id: key.id,
    remoteJid: toWaJid(key.chatId),
    fromMe: key.fromMe,
    ...(key.participant ? { participant: toWaJid(key.participant) } : {}),
  };
}

function bytes(data: Uint8Array): Buffer {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/** Picks the WhatsApp media kind by MIME type, as the simulator does (webp images go as stickers). */
function media(m: MediaInput, caption: string | undefined): AnyMessageContent {
  const data = bytes(m.data);
  const text = caption ? { caption } : {};
  if (m.mime === 'image/webp') return { sticker: data, mimetype: m.mime };
  if (m.mime.startsWith('image/')) return { image: data, mimetype: m.mime, ...text };
  if (m.mime.startsWith('video/')) return { video: data, mimetype: m.mime, ...text };
  // WhatsApp plays only Ogg/Opus as a voice note; other audio goes as an audio file.
  if (m.mime.startsWith('audio/')) return { audio: data, mimetype: m.mime, ptt: m.mime.startsWith('audio/ogg') };
  return { document: data, mimetype: m.mime, fileName: m.filename, ...text };
}

function withoutCaption(original: WAMessage): WAMessage {
  const message = proto.Message.decode(proto.Message.encode(original.message ?? {}).finish());
  const doc = message.documentWithCaptionMessage?.message?.documentMessage;
  for (const part of [message.imageMessage, message.videoMessage, message.documentMessage, doc])
    if (part) part.caption = null;
  return { ...original, message };
}

/**
 * The message to forward: the original as Baileys received or sent it (so media is forwarded without
 * uploading it again), or for a text whose original is gone, the text rebuilt from the API's copy.
 */
export function forwardable(stored: StoredMessage, original: WAMessage | undefined, withCaption: boolean): WAMessage {
  if (original) return withCaption ? original : withoutCaption(original);
  if (stored.message.type === 'text' && typeof stored.message.text === 'string') {
    return {
      key: waKey(stored.key),
      message: { conversation: stored.message.text },
      messageTimestamp: stored.timestamp,
    };
  }
  throw new EngineError('NOT_FOUND', 'This message can no longer be forwarded: its original is not kept any more.');
}

/** The message to quote: the original when kept, else its text (or caption) rebuilt from the API's copy. */
export function quotable(stored: StoredMessage, original: WAMessage | undefined): WAMessage {
  if (original) return original;
  const m = stored.message;
  const text =
    typeof m.text === 'string' ? m.text : typeof m.caption === 'string' && m.caption ? m.caption : `[${m.type}]`;
  return { key: waKey(stored.key), message: { conversation: text }, messageTimestamp: stored.timestamp };
}

/**
 * Baileys content for one of our messages. `forward` is the message to forward (see `forwardable`).
 * Product and button messages throw UNSUPPORTED: WhatsApp does not deliver them from linked devices.
 */
export function toBaileysContent(content: OutgoingContent, forward?: WAMessage): AnyMessageContent {
  switch (content.type) {
    case 'text':
      // No link preview: building one would fetch the linked page from this server.
      return {
        text: content.text,
        linkPreview: null,
        ...(content.mentions?.length ? { mentions: content.mentions.map(toWaJid) } : {}),
      };
    case 'media':
      return media(content.media, content.caption);
    case 'vcard':
    case 'contact': {
      const list =
        content.type === 'vcard' ? content.contacts : [{ displayName: content.displayName, vcard: content.vcard }];
      const displayName = list.length === 1 ? list[0]!.displayName : `${list.length} contacts`;
      return { contacts: { displayName, contacts: list.map((c) => ({ displayName: c.displayName, vcard: c.vcard })) } };
    }
    case 'forward':
      if (!forward) throw new EngineError('NOT_FOUND', 'The message to forward is missing.');
      return { forward };
    case 'delete':
      return { delete: waKey(content.target) };
    case 'reaction':
      return { react: { text: content.emoji, key: waKey(content.target) } };
    case 'edit':
      return { text: content.text, linkPreview: null, edit: waKey(content.target) };
    case 'location':
      return {
        location: {
          degreesLatitude: content.latitude,
          degreesLongitude: content.longitude,
          ...(content.name ? { name: content.name } : {}),
        },
      };
    case 'link':
      // No linkPreview: Baileys builds one when link-preview-js is installed, and sends the plain link otherwise.
      return { text: content.text ? `${content.text}\n${content.url}` : content.url };
    case 'poll':
      return { poll: { name: content.name, values: content.options, selectableCount: content.selectableCount } };
    case 'list':
    case 'template':
      throw new EngineError(
        'UNSUPPORTED',
        `${content.type === 'list' ? 'Lists' : 'Templates'} are sent by official numbers (Cloud API) only.`,
      );
    case 'product':
    case 'buttons':
      throw new EngineError(
        'UNSUPPORTED',
        `WhatsApp does not deliver ${content.type} messages sent from linked devices.`,
      );
  }
}

/** Baileys' send options: our message id (so a retry is recognisable) and the quoted message. */
export function toSendOptions(options: SendOptions, quoted?: WAMessage): MiscMessageGenerationOptions {
  return { messageId: options.waId, ...(quoted ? { quoted } : {}) };
}

/** A product of the phone's catalog as the API gives it (`business`: the phone's own chat id). */
export function catalogProduct(p: Product, business: string): Record<string, unknown> {
  return {
    type: 'product',
    productId: p.id,
    title: p.name,
    description: p.description,
    price: p.price / 1000,
    price1000: p.price,
    currency: p.currency,
    retailerId: p.retailerId ?? '',
    business,
    url: p.url ?? '',
    image: Object.values(p.imageUrls)[0] ?? '',
  };
}
