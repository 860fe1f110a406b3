/**
 * Our outgoing content as the body of `POST /{phone_number_id}/messages`, as Meta documents each
 * type. What the Cloud API cannot carry (forward, delete, edit, product, poll) is refused at accept
 * time by the engine's capabilities; reaching here anyway it fails as UNSUPPORTED.
 */
import { EngineError, type OutgoingContent } from '../types';

/** A media part: Meta's id of an uploaded file, or a public link. */
export type CloudMediaRef = { id: string } | { link: string };

/** Meta's message types for a MIME type. */
export function cloudMediaType(mime: string): 'image' | 'video' | 'audio' | 'sticker' | 'document' {
  if (mime === 'image/webp') return 'sticker';
  if (mime === 'image/jpeg' || mime === 'image/png') return 'image';
  if (mime === 'video/mp4' || mime === 'video/3gpp') return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}

/** Digits of a person's chat id (`905301234567@c.us`); groups have no Cloud API address. */
export function cloudRecipient(chatId: string): string {
  if (!chatId.endsWith('@c.us') && /@/.test(chatId))
    throw new EngineError('INVALID', 'Official numbers (Cloud API) send to people only, not to groups or broadcasts.');
  const digits = chatId.split('@')[0]!.replace(/\D/g, '');
  if (!digits) throw new EngineError('INVALID', 'The recipient must be a phone number.');
  return digits;
}

function field(vcard: string, name: string): string | undefined {
  const m = new RegExp(`^${name}(?:;[^:\\n]*)?:(.*)$`, 'im').exec(vcard);
  return m?.[1]?.trim() || undefined;
}

/** A vCard as Meta's contact object: the formatted name and its phones (with their WhatsApp id). */
function vcardToContact(displayName: string, vcard: string): Record<string, unknown> {
  const name = displayName || field(vcard, 'FN') || 'Contact';
  const phones = [...vcard.matchAll(/^TEL([^:\n]*):(.*)$/gim)].map((m) => {
    const waid = /waid=(\d+)/i.exec(m[1]!)?.[1];
    const type = /type=([A-Z]+)/i.exec(m[1]!)?.[1]?.toUpperCase();
    return { phone: m[2]!.trim(), ...(waid ? { wa_id: waid } : {}), ...(type ? { type } : {}) };
  });
  const org = field(vcard, 'ORG');
  const email = field(vcard, 'EMAIL');
  return {
    name: { formatted_name: name, first_name: name },
    ...(phones.length ? { phones } : {}),
    ...(org ? { org: { company: org.replace(/;+$/, '') } } : {}),
    ...(email ? { emails: [{ email }] } : {}),
  };
}

export interface CloudSendParts {
  to: string;
  content: OutgoingContent;
  /** Meta's id (wamid) of the message replied to or reacted to. */
  contextId?: string;
  targetId?: string;
  /** The media part, uploaded or linked, for media content. */
  media?: CloudMediaRef;
}

/** The request body of one message. */
export function cloudMessageBody(p: CloudSendParts): Record<string, unknown> {
  const base = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: p.to,
    ...(p.contextId ? { context: { message_id: p.contextId } } : {}),
  };
  const c = p.content;
  switch (c.type) {
    case 'text':
      return { ...base, type: 'text', text: { preview_url: /https?:\/\//i.test(c.text), body: c.text } };
    case 'link':
      return { ...base, type: 'text', text: { preview_url: true, body: c.text ? `${c.text}\n${c.url}` : c.url } };
    case 'media': {
      const type = cloudMediaType(c.media.mime);
      const ref =
        p.media ??
        (() => {
          throw new EngineError('INVALID', 'The media was not uploaded.');
        })();
      const caption =
        c.caption && (type === 'image' || type === 'video' || type === 'document') ? { caption: c.caption } : {};
      const filename = type === 'document' ? { filename: c.media.filename } : {};
      return { ...base, type, [type]: { ...ref, ...caption, ...filename } };
    }
    case 'location':
      return {
        ...base,
        type: 'location',
        location: { latitude: c.latitude, longitude: c.longitude, ...(c.name ? { name: c.name } : {}) },
      };
    case 'vcard':
      return { ...base, type: 'contacts', contacts: c.contacts.map((v) => vcardToContact(v.displayName, v.vcard)) };
    case 'contact': {
      const number = c.jid.split('@')[0]!;
      return {
        ...base,
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: c.displayName, first_name: c.displayName },
            phones: [{ phone: `+${number}`, wa_id: number, type: 'CELL' }],
          },
        ],
      };
    }
    case 'reaction':
      if (!p.targetId) throw new EngineError('INVALID', 'The message to react to is unknown to the Cloud API.');
      return {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: p.to,
        type: 'reaction',
        reaction: { message_id: p.targetId, emoji: c.emoji },
      };
    case 'buttons':
      return {
        ...base,
        type: 'interactive',
        interactive: {
          type: 'button',
          ...(c.title ? { header: { type: 'text', text: c.title } } : {}),
          body: { text: c.text },
          ...(c.footer ? { footer: { text: c.footer } } : {}),
          action: { buttons: c.buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.text } })) },
        },
      };
    case 'list':
      return {
        ...base,
        type: 'interactive',
        interactive: {
          type: 'list',
          ...(c.title ? { header: { type: 'text', text: c.title } } : {}),
          body: { text: c.text },
          ...(c.footer ? { footer: { text: c.footer } } : {}),
          action: {
            button: c.button,
            sections: c.sections.map((s) => ({
              ...(s.title ? { title: s.title } : {}),
              rows: s.rows.map((r) => ({
                id: r.id,
                title: r.title,
                ...(r.description ? { description: r.description } : {}),
              })),
            })),
          },
        },
      };
    case 'template':
      return {
        ...base,
        type: 'template',
        template: { name: c.name, language: c.language, ...(c.components ? { components: c.components } : {}) },
      };
    case 'forward':
    case 'delete':
    case 'edit':
    case 'product':
    case 'poll':
      throw new EngineError('UNSUPPORTED', `The WhatsApp Cloud API cannot send ${c.type} messages.`);
  }
}
