import { sql } from 'drizzle-orm';
import { daysOf, type DayRange } from '../../shared/analytics-dates';
import type { ChartInfo } from '../../shared/schemas/analytics';
import type { ServiceCtx } from '../context';

/** Group chats have no single customer, so they count as messages but never as users. */
export const NOT_GROUP = sql`chat_id NOT LIKE '%@g.us'`;

/**
 * `chartInfo`: per UTC day, the customers who wrote (distinct chats with an incoming message) and the
 * messages both ways; the totals feed the Total User and Total Message cards. Both queries read only
 * the `messages_pid_time_idx` index.
 */
export async function chartInfo(ctx: ServiceCtx, pid: string, range: DayRange): Promise<ChartInfo> {
  const rows = await ctx.db.all<{ d: string; users: number; incoming: number; outgoing: number }>(sql`
    SELECT date(created_at / 1000, 'unixepoch') AS d,
      count(DISTINCT CASE WHEN direction = 'in' AND ${NOT_GROUP} THEN chat_id END) AS users,
      sum(direction = 'in') AS incoming, sum(direction = 'out') AS outgoing
    FROM messages WHERE pid = ${pid} AND created_at >= ${range.from} AND created_at < ${range.to}
    GROUP BY d`);
  const [total] = await ctx.db.all<{ users: number }>(sql`
    SELECT count(DISTINCT chat_id) AS users FROM messages
    WHERE pid = ${pid} AND created_at >= ${range.from} AND created_at < ${range.to} AND direction = 'in' AND ${NOT_GROUP}`);
  const byDay = new Map(rows.map((r) => [r.d, r]));
  const days = daysOf(range).map((date) => {
    const r = byDay.get(date);
    const incoming = Number(r?.incoming ?? 0);
    const outgoing = Number(r?.outgoing ?? 0);
    return { date, users: Number(r?.users ?? 0), incoming, outgoing, messages: incoming + outgoing };
  });
  return {
    start_date: range.start_date,
    end_date: range.end_date,
    total_users: Number(total?.users ?? 0),
    total_messages: days.reduce((n, d) => n + d.messages, 0),
    days,
  };
}
