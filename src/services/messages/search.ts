import { and, desc, eq, sql } from 'drizzle-orm';
import { messages } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { messageView } from './conversations';

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * A phone's messages whose text (a text's body, a caption, a link's title, a poll's question) holds
 * `query`, case-insensitively (ASCII), newest first; only in one chat when `chatId` is given.
 */
export async function searchMessages(
  ctx: ServiceCtx,
  phoneId: number,
  query: string,
  opts: { limit: number; chatId?: string | undefined },
) {
  // Outgoing rows keep the request (`message`, `text`); incoming ones the webhook's message-data (`text`, `caption`).
  const text = sql`coalesce(case when ${messages.type} in ('text', 'link', 'poll', 'buttons', 'edit') then json_extract(${messages.body}, '$.message') end, '') || ' ' || coalesce(json_extract(${messages.body}, '$.text'), '') || ' ' || coalesce(json_extract(${messages.body}, '$.caption'), '')`;
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.phoneId, phoneId),
        ...(opts.chatId ? [eq(messages.chatId, opts.chatId)] : []),
        sql`${text} like ${`%${likeLiteral(query)}%`} escape '\\'`,
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(opts.limit)
    .all();
  return rows.map((row) => ({ chatId: row.chatId, ...messageView(row, ctx.config.MEDIA_ORIGIN) }));
}
