import { sql } from 'drizzle-orm';
import { DAY_MS, dayOf, daysOf, type DayRange } from '../../shared/analytics-dates';
import type { ChartInfo } from '../../shared/schemas/console/analytics';
import type { ServiceCtx } from '../context';

/** Group chats have no single customer, so they count as messages but never as users. */
export const NOT_GROUP = sql`chat_id NOT LIKE '%@g.us'`;

/** The range as UTC day numbers of the rollup (`message_chat_days.day`). */
export const rollupDays = (range: DayRange) => ({ from: range.from / DAY_MS, to: range.to / DAY_MS });

/**
 * `chartInfo`: per UTC day, the customers who wrote (distinct chats with an incoming message) and the
 * messages both ways; the totals feed the Total User and Total Message cards. Both queries read the
 * per-day rollup (`message_chat_days`), one row per conversation and day.
 */
export async function chartInfo(ctx: ServiceCtx, pid: string, range: DayRange): Promise<ChartInfo> {
  const days = rollupDays(range);
  const rows = await ctx.db.all<{ day: number; users: number; incoming: number; outgoing: number }>(sql`
    SELECT day, sum(direction = 'in' AND ${NOT_GROUP}) AS users, sum(CASE WHEN direction = 'in' THEN n END) AS incoming,
      sum(CASE WHEN direction = 'out' THEN n END) AS outgoing
    FROM message_chat_days WHERE pid = ${pid} AND day >= ${days.from} AND day < ${days.to}
    GROUP BY day`);
  const [total] = await ctx.db.all<{ users: number }>(sql`
    SELECT count(DISTINCT chat_id) AS users FROM message_chat_days
    WHERE pid = ${pid} AND day >= ${days.from} AND day < ${days.to} AND direction = 'in' AND ${NOT_GROUP}`);
  const byDay = new Map(rows.map((r) => [dayOf(Number(r.day) * DAY_MS), r]));
  const list = daysOf(range).map((date) => {
    const r = byDay.get(date);
    const incoming = Number(r?.incoming ?? 0);
    const outgoing = Number(r?.outgoing ?? 0);
    return { date, users: Number(r?.users ?? 0), incoming, outgoing, messages: incoming + outgoing };
  });
  return {
    start_date: range.start_date,
    end_date: range.end_date,
    total_users: Number(total?.users ?? 0),
    total_messages: list.reduce((n, d) => n + d.messages, 0),
    days: list,
  };
}
