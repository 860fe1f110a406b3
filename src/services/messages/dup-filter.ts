import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';

/** The reference's spam filter: in a conversation, the last 3 unique messages can't be sent more than 3 times. */
const DUP_UNIQUE = 3;
const DUP_MAX_SENDS = 3;
/** How far back in a conversation the filter looks. */
const WINDOW = 30;
const MAX_PHONES = 100_000;

const DUPLICATE_MESSAGE = `This message was already sent ${DUP_MAX_SENDS} times to this conversation. Add "skip_filter": true to send it anyway.`;

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

/** How many of a phone's latest outgoing messages its windows are read from. */
const PHONE_PRELOAD = 20_000;

/**
 * A phone's windows are read from the database once (its latest outgoing messages, grouped by chat)
 * and then kept up to date in memory (`ctx.cache.duplicates`), so the filter costs no query per
 * message, even for chats it has never seen. `phoneChanged` drops them; see services/cache.ts.
 */
function phoneWindows(ctx: ServiceCtx, phoneId: number): Promise<Map<string, string[]>> {
  const byPhone = ctx.cache.duplicates;
  let hit = byPhone.get(phoneId);
  if (!hit) {
    if (byPhone.size >= MAX_PHONES) byPhone.clear();
    hit = ctx.db.$client
      .execute({
        sql: "select chat_id, content_hash from messages where phone_id = ? and direction = 'out' and status in ('queued', 'sending', 'sent') and content_hash is not null order by seq desc limit ?",
        args: [phoneId, PHONE_PRELOAD],
      })
      .then((rs) => {
        const map = new Map<string, string[]>();
        for (const r of rs.rows) {
          const list = map.get(String(r.chat_id)) ?? [];
          if (list.length < WINDOW) list.push(String(r.content_hash));
          map.set(String(r.chat_id), list);
        }
        return map;
      });
    byPhone.set(phoneId, hit);
    hit.catch(() => byPhone.delete(phoneId));
  }
  return hit;
}

async function recent(ctx: ServiceCtx, phoneId: number, chatId: string): Promise<string[]> {
  const map = await phoneWindows(ctx, phoneId);
  let list = map.get(chatId);
  if (!list) map.set(chatId, (list = []));
  return list;
}

/** Refuses a message that is among the last unique messages of the chat and was already sent 3 times; else records it. */
export async function checkDuplicate(
  ctx: ServiceCtx,
  phoneId: number,
  chatId: string,
  hash: string,
  skip: boolean,
): Promise<void> {
  const list = await recent(ctx, phoneId, chatId);
  if (!skip && list.length >= DUP_MAX_SENDS) {
    const lastUnique = [...new Set(list)].slice(0, DUP_UNIQUE);
    if (lastUnique.includes(hash) && list.filter((k) => k === hash).length >= DUP_MAX_SENDS)
      throw new ApiError('DUPLICATE', DUPLICATE_MESSAGE);
  }
  list.unshift(hash);
  if (list.length > WINDOW) list.length = WINDOW;
}
