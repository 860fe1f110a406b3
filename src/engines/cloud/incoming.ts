/**
 * Meta's webhook objects as the port's events: an inbound message (`value.messages[]`, with the
 * sender's profile from `value.contacts[]`) as an `IncomingMessage` in the shape Baileys' messages
 * take, and a status (`value.statuses[]`) as an ack or a failure.
 */
import type { IncomingMessage, IncomingMessageData } from '../types';

/** A message object of Meta's webhook, as far as we read it. */
export interface CloudInbound {
  id: string;
  from: string;
  timestamp?: string;
  type: string;
  context?: { id?: string; from?: string };
  text?: { body?: string };
  image?: CloudInboundMedia;
  video?: CloudInboundMedia;
  audio?: CloudInboundMedia;
  voice?: CloudInboundMedia;
  document?: CloudInboundMedia;
  sticker?: CloudInboundMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  contacts?: { name?: { formatted_name?: string }; phones?: { phone?: string; wa_id?: string }[] }[];
  interactive?: {
    type?: string;
    button_reply?: { id?: string; title?: string };
    list_reply?: { id?: string; title?: string; description?: string };
  };
  button?: { payload?: string; text?: string };
  reaction?: { message_id?: string; emoji?: string };
  /** Added by our webhook route: the sender's profile from `value.contacts`. */
  _profile?: { name?: string };
}

export interface CloudInboundMedia {
  id: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
}

/** A status object of Meta's webhook. */
export interface CloudStatus {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed' | string;
  timestamp?: string;
  recipient_id?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}

/** sent → 1 (delivered to WhatsApp's server), delivered → 2 (reached the phone), read → 3 (seen): the reference's ack codes. */
export const STATUS_ACKS: Record<string, 1 | 2 | 3> = { sent: 1, delivered: 2, read: 3 };

const MEDIA_KINDS = ['image', 'video', 'audio', 'voice', 'document', 'sticker'] as const;

/** The media part of an inbound message, if any. */
export function inboundMedia(m: CloudInbound): (CloudInboundMedia & { kind: string }) | undefined {
  for (const kind of MEDIA_KINDS) {
    const part = m[kind];
    if (m.type === kind && part?.id) return { ...part, kind };
  }
  return undefined;
}

function vcardOf(c: NonNullable<CloudInbound['contacts']>[number]): { displayName: string; vcard: string } {
  const name = c.name?.formatted_name ?? '';
  const tels = (c.phones ?? []).map(
    (p) => `TEL;type=CELL${p.wa_id ? `;waid=${p.wa_id}` : ''}:${p.phone ?? (p.wa_id ? `+${p.wa_id}` : '')}`,
  );
  return { displayName: name, vcard: ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, ...tels, 'END:VCARD'].join('\n') };
}

/** The message part (type-specific fields) in the API's shape; null for what the API does not show. */
function describeInbound(m: CloudInbound): Omit<IncomingMessageData, 'id' | 'fromMe'> | null {
  const media = inboundMedia(m);
  if (media) {
    const type = media.kind === 'voice' || media.kind === 'audio' ? 'ptt' : media.kind;
    const mime = media.mime_type?.split(';')[0]?.trim() || 'application/octet-stream';
    return {
      type,
      caption: media.caption ?? '',
      mime,
      filename:
        media.filename ||
        `wa-media-${m.id.replace(/[^\w.-]/g, '').slice(-24)}.${
          mime
            .split('/')[1]
            ?.replace(/[^a-z0-9]/gi, '')
            .slice(0, 8) || 'bin'
        }`,
    };
  }
  switch (m.type) {
    case 'text':
      return { type: 'text', text: m.text?.body ?? '' };
    case 'location': {
      const l = m.location ?? {};
      return {
        type: 'location',
        payload: `${l.latitude ?? 0},${l.longitude ?? 0}`,
        text: [l.name, l.address].filter(Boolean).join(', '),
      };
    }
    case 'contacts': {
      const list = (m.contacts ?? []).map(vcardOf);
      return { type: list.length > 1 ? 'multi_vcard' : 'vcard', vcardList: list };
    }
    case 'interactive': {
      const r = m.interactive?.button_reply ?? m.interactive?.list_reply;
      return r ? { type: 'text', text: r.title ?? '', payload: r.id ?? '' } : null;
    }
    case 'button':
      return { type: 'text', text: m.button?.text ?? '', payload: m.button?.payload ?? '' };
    case 'reaction':
      return { type: 'reaction', text: m.reaction?.emoji ?? '', target: m.reaction?.message_id ?? '' };
    default:
      return null;
  }
}

/** An inbound message as the port's event (its media, if any, is fetched by the session). */
export function toIncoming(m: CloudInbound, own: { number: string; name: string }): IncomingMessage | null {
  const described = describeInbound(m);
  if (!described) return null;
  const number = m.from.replace(/\D/g, '');
  const chatId = `${number}@c.us`;
  const timestamp = Number(m.timestamp ?? 0) || 0;
  const quotedId = m.context?.id;
  return {
    key: { id: m.id, chatId, fromMe: false },
    message: { ...described, id: m.id, fromMe: false } as IncomingMessageData,
    from: { jid: chatId, name: m._profile?.name ?? '', number },
    chatName: m._profile?.name ?? '',
    timestamp,
    ...(quotedId && m.type !== 'reaction'
      ? {
          quoted: {
            key: { id: quotedId, chatId, fromMe: (m.context?.from ?? '').replace(/\D/g, '') === own.number },
            message: { id: quotedId, type: 'text', fromMe: (m.context?.from ?? '').replace(/\D/g, '') === own.number },
            timestamp: 0,
          },
        }
      : {}),
  };
}

/** Why a failed status failed: Meta's code, title and details. */
export function failureReason(s: CloudStatus): string {
  const e = s.errors?.[0];
  if (!e) return 'The WhatsApp Cloud API reported the message as failed.';
  const text = e.error_data?.details || e.message || e.title || 'failed';
  return `(#${e.code ?? 0}) ${e.title && e.title !== text ? `${e.title}: ` : ''}${text}`;
}
