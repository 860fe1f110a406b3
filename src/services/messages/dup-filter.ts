import type { Db } from '../../../db/client';
import { ApiError } from '../../errors';

/** The reference's spam filter: in a conversation, the last 3 unique messages can't be sent more than 3 times. */
export const DUP_UNIQUE = 3;
export const DUP_MAX_SENDS = 3;
/** How far back in a conversation the filter looks. */
const WINDOW = 30;
const MAX_CHATS = 100_000;

export const DUPLICATE_MESSAGE = `This message was already sent ${DUP_MAX_SENDS} times to this conversation. Add "skip_filter": true to send it anyway.`;

/** What makes two messages "the same" for the filter: the body without recipient, flags and references. */
export function contentHash(body: Record<string, unknown>): string {
  const { to_number: _t, skip_filter: _s, reply_to: _r, _resolved: _x, ...rest } = body;
  const text = JSON.stringify(rest, Object.keys(rest).sort());
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return `${(h1 >>> 0).toString(36)}${(h2 >>> 0).toString(36)}`;
}

/**
 * The recent content hashes of each conversation, newest first: loaded from the database once per
 * chat, then kept up to date in memory, so the filter costs no query per message.
 */
const windows = new WeakMap<Db, Map<string, string[]>>();

async function recent(db: Db, phoneId: number, chatId: string): Promise<string[]> {
  let map = windows.get(db);
  if (!map) windows.set(db, (map = new Map()));
  const key = `${phoneId}|${chatId}`;
  const hit = map.get(key);
  if (hit) return hit;
  const rs = await db.$client.execute({
    sql: "select content_hash from messages where phone_id = ? and chat_id = ? and direction = 'out' and status in ('queued', 'sending', 'sent') order by seq desc limit ?",
    args: [phoneId, chatId, WINDOW],
  });
  const list = rs.rows.map((r) => String(r.content_hash ?? ''));
  if (map.size >= MAX_CHATS) map.clear();
  map.set(key, list);
  return list;
}

/** Refuses a message that is among the last unique messages of the chat and was already sent 3 times; else records it. */
export async function checkDuplicate(db: Db, phoneId: number, chatId: string, hash: string, skip: boolean): Promise<void> {
  const list = await recent(db, phoneId, chatId);
  if (!skip && list.length >= DUP_MAX_SENDS) {
    const lastUnique = [...new Set(list)].slice(0, DUP_UNIQUE);
    if (lastUnique.includes(hash) && list.filter((k) => k === hash).length >= DUP_MAX_SENDS) throw new ApiError('DUPLICATE', DUPLICATE_MESSAGE);
  }
  list.unshift(hash);
  if (list.length > WINDOW) list.length = WINDOW;
}

/** Forgets a phone's windows (its queue was purged or reset). */
export function forgetDuplicates(db: Db, phoneId: number): void {
  const map = windows.get(db);
  if (!map) return;
  for (const key of map.keys()) if (key.startsWith(`${phoneId}|`)) map.delete(key);
}
