import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { messages } from '../../../db/schema';
import type { IncomingMessage } from '../../engines/types';
import { digits } from '../../shared/jid';
import { serializedId } from './store';

/**
 * The quoted message of an incoming reply (a quoted message, a button reply) under the id a client
 * knows it by: the `msgId` our API answered when it was sent, or the id an incoming message was given
 * (`false_<chat>_<id>`), never the engine's id for it (Meta's wamid, or our internal WhatsApp id).
 * The engines name it by their id (the Cloud API session has already turned a wamid of ours into our
 * WhatsApp id), which is the row's `wa_id` on this phone (indexed). Only replies read: one lookup.
 */
export async function withQuotedApiId(db: Db, phoneId: number, m: IncomingMessage): Promise<IncomingMessage> {
  if (!m.quoted) return m;
  const key = m.quoted.key;
  const row = await db
    .select({ id: messages.id, type: messages.type })
    .from(messages)
    .where(and(eq(messages.phoneId, phoneId), eq(messages.waId, key.id)))
    .get();
  const id = row?.id ?? serializedId(key.fromMe, key.chatId, key.id, key.participant);
  return {
    ...m,
    quoted: {
      ...m.quoted,
      message: { ...m.quoted.message, id, ...(row ? { type: row.type } : {}) },
    },
  };
}

type StoredQuote = NonNullable<IncomingMessage['quoted']>;

/** A sender as webhooks and the conversation API name one (reference: incomingMessageUserData). */
export function senderView(from: { jid: string; name: string; number: string }) {
  return { id: from.jid, name: from.name, phone: from.number || digits(from.jid) };
}

/**
 * A quote as the webhook's `quoted` (message-quoted-data) and the conversation API give it: the
 * message's fields, its sender, its time.
 */
export function quotedView(q: StoredQuote) {
  return { ...q.message, ...(q.from ? { user: senderView(q.from) } : {}), timestamp: q.timestamp };
}
