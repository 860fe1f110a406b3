import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chats, type MessageRow } from '../../db/schema';
import { messageBySeq } from '../services/messages/store';
import type { Config } from '../config';
import type { IncomingMessageData, OutgoingContent, StoredMessage } from '../engines/types';
import { EngineError } from '../engines/types';
import type { FetchMedia } from '../services/media/port';
import { toChatId } from '../services/messages/chat-id';
import { getMedia } from '../services/messages/media';
import { keyOf } from '../services/messages/references';
import { base64ToBytes } from '../shared/base64';
import type { SendMessageBody } from '../shared/schemas/messaging/send';
import type { ContentResolver } from './sender';

type Stored = SendMessageBody & { _resolved?: { target?: { seq: number }; quoted?: number; media_id?: string } };

/** A message we keep, as a quote or forward needs it. */
async function stored(db: Db, seq: number): Promise<StoredMessage> {
  const row = await messageBySeq(db, seq);
  if (!row) throw new EngineError('NOT_FOUND', 'The referenced message no longer exists.');
  return { key: keyOf(row), message: dataOf(row), timestamp: Math.floor((row.sentAt ?? row.createdAt) / 1000) };
}

function dataOf(row: MessageRow): IncomingMessageData {
  if (row.direction === 'in') return { ...(row.body as IncomingMessageData), fromMe: false };
  const b = row.body as Record<string, unknown>;
  return {
    id: row.waId,
    type: row.type,
    fromMe: true,
    ...(typeof b.message === 'string' && !b.message.startsWith('media:') ? { text: b.message } : {}),
    ...(typeof b.text === 'string' ? { caption: b.text } : {}),
  };
}

/** `@905301234567` in a group text mentions that participant (reference: Group Mention Message). */
function mentionsIn(text: string, chatId: string): string[] | undefined {
  if (!chatId.endsWith('@g.us')) return undefined;
  const found = [...text.matchAll(/@(\d{7,15})\b/g)].map((m) => `${m[1]}@c.us`);
  return found.length ? [...new Set(found)] : undefined;
}

function vcardFor(number: string, name: string): string {
  return `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nTEL;type=CELL;waid=${number}:+${number}\nEND:VCARD`;
}

/** Turns queued rows into engine content on the runner: stored media, downloads, quotes and targets. */
export function createContentResolver(deps: { db: Db; config: Config; fetchMedia: FetchMedia }): ContentResolver {
  const { db, config, fetchMedia } = deps;
  return async (row) => {
    const b = row.body as Stored;
    const r = b._resolved ?? {};
    const quoted = r.quoted ? await stored(db, r.quoted) : undefined;
    const target = async () => {
      if (!r.target) throw new EngineError('INVALID', 'The referenced message is missing.');
      return stored(db, r.target.seq);
    };
    const content = await (async (): Promise<OutgoingContent> => {
      switch (b.type) {
        case 'text': {
          const mentions = mentionsIn(b.message, row.chatId);
          return { type: 'text', text: b.message, ...(mentions ? { mentions } : {}) };
        }
        case 'media': {
          if (r.media_id) {
            const m = await getMedia(db, r.media_id);
            if (!m) throw new EngineError('NOT_FOUND', 'The uploaded media is gone.');
            return {
              type: 'media',
              media: { data: base64ToBytes(m.data), mime: m.mime, filename: m.filename },
              ...(b.text ? { caption: b.text } : {}),
            };
          }
          const media = await fetchMedia(b.message, {
            allowPrivate: config.dev,
            ...(b.filename ? { filename: b.filename } : {}),
          });
          return { type: 'media', media, link: b.message, ...(b.text ? { caption: b.text } : {}) };
        }
        case 'vcard':
          return { type: 'vcard', contacts: Array.isArray(b.message) ? b.message : [b.message] };
        case 'contact': {
          const jid = toChatId(b.message, 'message');
          const number = jid.split('@')[0]!;
          const known = await db
            .select({ name: chats.name })
            .from(chats)
            .where(and(eq(chats.phoneId, row.phoneId), eq(chats.jid, jid)))
            .get();
          const name = known?.name || number;
          return { type: 'contact', jid, displayName: name, vcard: vcardFor(number, name) };
        }
        case 'forward':
          return { type: 'forward', message: await target(), withCaption: b.forward_caption ?? true };
        case 'delete':
          return { type: 'delete', target: (await target()).key };
        case 'reaction':
          return { type: 'reaction', emoji: b.message, target: (await target()).key };
        case 'edit':
          return { type: 'edit', text: b.message, target: (await target()).key };
        case 'location':
          return {
            type: 'location',
            latitude: b.latitude,
            longitude: b.longitude,
            ...(b.text ? { name: b.text } : {}),
          };
        case 'link':
          return { type: 'link', url: b.message, ...(b.text ? { text: b.text } : {}) };
        case 'product':
          return { type: 'product', productId: b.productId };
        case 'buttons':
          return {
            type: 'buttons',
            text: b.message,
            buttons: b.buttons,
            ...(b.title ? { title: b.title } : {}),
            ...(b.footer ? { footer: b.footer } : {}),
          };
        case 'poll':
          return { type: 'poll', name: b.message, options: b.options, selectableCount: b.only_one ? 1 : 0 };
        case 'list':
          return {
            type: 'list',
            text: b.message,
            button: b.button,
            sections: b.sections,
            ...(b.title ? { title: b.title } : {}),
            ...(b.footer ? { footer: b.footer } : {}),
          };
        case 'template': {
          const t = b.template;
          return {
            type: 'template',
            name: t.name,
            language: typeof t.language === 'string' ? { code: t.language } : t.language,
            ...(t.components ? { components: t.components } : {}),
          };
        }
      }
    })();
    return { content, ...(quoted ? { quoted } : {}) };
  };
}
