import { and, desc, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';

/** The reference's spam filter: in a conversation, the last 3 unique messages can't be sent more than 3 times. */
export const DUP_UNIQUE = 3;
export const DUP_MAX_SENDS = 3;
/** How far back in a conversation the filter looks. */
const WINDOW = 30;

export const DUPLICATE_MESSAGE = `This message was already sent ${DUP_MAX_SENDS} times to this conversation. Add "skip_filter": true to send it anyway.`;

/** What makes two messages "the same" for the filter. */
export function contentKey(body: Record<string, unknown>): string {
  const { to_number: _t, skip_filter: _s, reply_to: _r, _resolved: _x, ...rest } = body;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

/** Refuses a message that is already among the last unique messages of the chat and was sent 3 times. */
export async function assertNotDuplicate(ctx: ServiceCtx, phoneId: number, chatId: string, body: Record<string, unknown>): Promise<void> {
  const recent = await ctx.db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.phoneId, phoneId), eq(messages.chatId, chatId), eq(messages.direction, 'out'), inArray(messages.status, ['queued', 'sending', 'sent'])))
    .orderBy(desc(messages.seq))
    .limit(WINDOW)
    .all();
  if (recent.length < DUP_MAX_SENDS) return;
  const key = contentKey(body);
  const keys = recent.map((r) => contentKey(r.body));
  const lastUnique = [...new Set(keys)].slice(0, DUP_UNIQUE);
  if (lastUnique.includes(key) && keys.filter((k) => k === key).length >= DUP_MAX_SENDS) {
    throw new ApiError('DUPLICATE', DUPLICATE_MESSAGE);
  }
}
