import { extractMessageContent, getContentType, proto, toNumber, WAMessageStubType, type WAMessage } from 'baileys';
import type { IncomingMessage, IncomingMessageData, MediaInput, Me } from '../types';
import { digits, isGroupJid, personJid, type LidLookup } from './jid';

/** Incoming messages: Baileys' WAMessage as the API's message-data (reference: message-data and its variants). */

type Described = Partial<IncomingMessageData> & { type: string };
type Resolve = (jid: string) => Promise<string>;

/** What turning a WAMessage into ours needs from the session. */
export interface IncomingContext {
  me: Me;
  lids?: LidLookup;
  /** Downloads and decrypts the media of a message (Baileys' downloadMediaMessage). */
  download?: (message: WAMessage) => Promise<Uint8Array | null>;
  /** Larger media is announced without its bytes. */
  maxMediaBytes: number;
  /** A group's subject, when known. */
  groupName?: (jid: string) => Promise<string | undefined>;
  /** A message we keep (to give a quoted message its time). */
  original?: (id: string) => Promise<WAMessage | undefined>;
}

const GROUP_STUBS: Partial<Record<number, string>> = {
  [WAMessageStubType.GROUP_PARTICIPANT_ADD]: 'group/add',
  [WAMessageStubType.GROUP_PARTICIPANT_REMOVE]: 'group/remove',
  [WAMessageStubType.GROUP_PARTICIPANT_LEAVE]: 'group/leave',
  [WAMessageStubType.GROUP_PARTICIPANT_PROMOTE]: 'group/promote',
  [WAMessageStubType.GROUP_PARTICIPANT_DEMOTE]: 'group/demote',
  [WAMessageStubType.GROUP_PARTICIPANT_INVITE]: 'group/invite',
};

/** Baileys 7 gives stub participants as JSON (`{"id":"…@lid","phoneNumber":"…"}`); older ones as plain JIDs. */
function stubParticipant(param: string): { id: string; phoneNumber?: string } {
  try {
    const p = JSON.parse(param) as { id?: string; phoneNumber?: string };
    if (p && typeof p.id === 'string') return { id: p.id, ...(p.phoneNumber ? { phoneNumber: p.phoneNumber } : {}) };
  } catch {
    // a plain JID
  }
  return { id: param };
}

function extension(mime: string): string {
  return mime.split('/')[1]?.split(';')[0]?.trim() || 'bin';
}

type MediaPart = {
  mimetype?: string | null;
  caption?: string | null;
  fileName?: string | null;
  fileLength?: proto.Message.IImageMessage['fileLength'];
};

function mediaOf(content: proto.IMessage): { type: string; part: MediaPart } | null {
  if (content.imageMessage) return { type: 'image', part: content.imageMessage };
  if (content.videoMessage) return { type: 'video', part: content.videoMessage };
  // The reference's media types have no plain audio: voice notes and audio files are both 'ptt'.
  if (content.audioMessage) return { type: 'ptt', part: content.audioMessage };
  if (content.documentMessage) return { type: 'document', part: content.documentMessage };
  if (content.stickerMessage) return { type: 'sticker', part: content.stickerMessage };
  return null;
}

async function mentionsOf(content: proto.IMessage, resolve: Resolve): Promise<{ mentions?: string[] }> {
  const type = getContentType(content);
  const info = type ? (content[type] as { contextInfo?: proto.IContextInfo | null } | null)?.contextInfo : undefined;
  const list = await Promise.all((info?.mentionedJid ?? []).map(resolve));
  return list.length ? { mentions: list } : {};
}

/** The type-specific fields of a message (everything but id and fromMe); null for what the API does not show. */
async function describe(message: WAMessage, resolve: Resolve): Promise<Described | null> {
  const stub = message.messageStubType ? GROUP_STUBS[message.messageStubType] : undefined;
  if (stub) {
    const p = stubParticipant(String(message.messageStubParameters?.[0] ?? ''));
    return { type: 'info', subtype: stub, participant: await resolve(p.phoneNumber ?? p.id) };
  }
  const content = extractMessageContent(message.message);
  if (!content) return null;
  const media = mediaOf(content);
  if (media) {
    const mime = media.part.mimetype ?? 'application/octet-stream';
    const filename = media.part.fileName || `wa-media-${message.key.id}.${extension(mime)}`;
    return { type: media.type, caption: media.part.caption ?? '', filename, mime };
  }
  if (content.conversation != null) return { type: 'text', text: content.conversation };
  if (content.extendedTextMessage)
    return { type: 'text', text: content.extendedTextMessage.text ?? '', ...(await mentionsOf(content, resolve)) };
  const location = content.locationMessage ?? content.liveLocationMessage;
  if (location) {
    const name = content.locationMessage
      ? [content.locationMessage.name, content.locationMessage.address].filter(Boolean).join(', ')
      : '';
    return {
      type: 'location',
      payload: `${location.degreesLatitude ?? 0},${location.degreesLongitude ?? 0}`,
      text: name,
    };
  }
  if (content.contactMessage)
    return {
      type: 'vcard',
      vcardList: [{ displayName: content.contactMessage.displayName ?? '', vcard: content.contactMessage.vcard ?? '' }],
    };
  if (content.contactsArrayMessage) {
    const list = (content.contactsArrayMessage.contacts ?? []).map((c) => ({
      displayName: c.displayName ?? '',
      vcard: c.vcard ?? '',
    }));
    return { type: 'multi_vcard', vcardList: list };
  }
  if (content.reactionMessage)
    return {
      type: 'reaction',
      text: content.reactionMessage.text ?? '',
      target: content.reactionMessage.key?.id ?? '',
    };
  const protocol = content.protocolMessage;
  if (protocol?.type === proto.Message.ProtocolMessage.Type.REVOKE)
    return { type: 'revoked', target: protocol.key?.id ?? '' };
  if (protocol?.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
    const edited = extractMessageContent(protocol.editedMessage);
    return {
      type: 'edit',
      text: edited?.conversation ?? edited?.extendedTextMessage?.text ?? '',
      target: protocol.key?.id ?? '',
    };
  }
  const poll = content.pollCreationMessage ?? content.pollCreationMessageV2 ?? content.pollCreationMessageV3;
  if (poll)
    return { type: 'poll', text: poll.name ?? '', options: (poll.options ?? []).map((o) => o.optionName ?? '') };
  const reply =
    content.buttonsResponseMessage?.selectedDisplayText ??
    content.templateButtonReplyMessage?.selectedDisplayText ??
    content.listResponseMessage?.title;
  if (reply != null) return { type: 'text', text: reply };
  return null;
}

function mediaBytesAllowed(message: WAMessage, max: number): boolean {
  const content = extractMessageContent(message.message);
  const size = content ? toNumber(mediaOf(content)?.part.fileLength ?? 0) : 0;
  return size <= max;
}

async function quotedOf(
  message: WAMessage,
  chatId: string,
  ctx: IncomingContext,
  resolve: Resolve,
): Promise<IncomingMessage['quoted']> {
  const content = extractMessageContent(message.message);
  const type = content ? getContentType(content) : undefined;
  const info = type ? (content![type] as { contextInfo?: proto.IContextInfo | null } | null)?.contextInfo : undefined;
  if (!info?.stanzaId || !info.quotedMessage) return undefined;
  const author = info.participant ? await resolve(info.participant) : chatId;
  const fromMe = digits(author) === ctx.me.number;
  const described = await describe(
    { key: { id: info.stanzaId, remoteJid: message.key.remoteJid ?? null }, message: info.quotedMessage },
    resolve,
  );
  if (!described) return undefined;
  const original = await ctx.original?.(info.stanzaId);
  return {
    key: { id: info.stanzaId, chatId, fromMe, ...(isGroupJid(chatId) ? { participant: author } : {}) },
    message: { ...described, id: info.stanzaId, fromMe },
    timestamp: original ? toNumber(original.messageTimestamp ?? 0) : 0,
    from: { jid: author, name: fromMe ? ctx.me.name : '', number: author.endsWith('@c.us') ? digits(author) : '' },
  };
}

/** A WAMessage as the API's incoming message, with its media downloaded; null for what the API does not show. */
export async function toIncoming(message: WAMessage, ctx: IncomingContext): Promise<IncomingMessage | null> {
  const resolve: Resolve = (jid) => personJid(jid, undefined, ctx.lids);
  const { key } = message;
  if (!key.remoteJid || !key.id) return null;
  const described = await describe(message, resolve);
  if (!described) return null;
  const fromMe = Boolean(key.fromMe);
  const group = isGroupJid(key.remoteJid);
  const chatId = group ? key.remoteJid : await personJid(key.remoteJid, key.remoteJidAlt, ctx.lids);
  const participant =
    group && key.participant ? await personJid(key.participant, key.participantAlt, ctx.lids) : undefined;
  const sender = fromMe ? `${ctx.me.number}@c.us` : (participant ?? chatId);
  const incoming: IncomingMessage = {
    key: { id: key.id, chatId, fromMe, ...(participant ? { participant } : {}) },
    message: { ...described, id: key.id, fromMe },
    from: {
      jid: sender,
      name: fromMe ? ctx.me.name : (message.pushName ?? ''),
      number: sender.endsWith('@c.us') ? digits(sender) : '',
    },
    timestamp: toNumber(message.messageTimestamp ?? 0),
  };
  const chatName = group ? await ctx.groupName?.(chatId) : undefined;
  if (chatName) incoming.chatName = chatName;
  const quoted = await quotedOf(message, chatId, ctx, resolve);
  if (quoted) incoming.quoted = quoted;
  if (ctx.download && typeof described.mime === 'string' && mediaBytesAllowed(message, ctx.maxMediaBytes)) {
    const data = await ctx.download(message);
    if (data)
      incoming.media = { data, mime: described.mime, filename: String(described.filename) } satisfies MediaInput;
  }
  return incoming;
}
