import { sql } from 'drizzle-orm';
import type { DayRange } from '../../shared/analytics-dates';
import { CONVERSATION_STATUSES, type ClosedInfo, type StatusInfo } from '../../shared/schemas/analytics';
import type { ServiceCtx } from '../context';
import { NOT_GROUP, rollupDays } from './charts';

type Label = (typeof CONVERSATION_STATUSES)[number];

/** Past this many days, the conversations active in a range are read in (phone, chat) order. */
const LONG_RANGE_DAYS = 31;
interface StateRow {
  phone_id: number;
  state: 'taken' | 'waiting' | 'closed' | 'none' | 'other';
  n: number;
}

/**
 * The conversations (phone, customer) with a message in the range (from the per-day rollup), counted per phone by their
 * live-chat state: `none` when no agent ever saw a customer message (no `live_conversations` row),
 * `other` when only the business wrote (an API send the customer never answered).
 */
async function activeStates(ctx: ServiceCtx, pid: string, range: DayRange): Promise<StateRow[]> {
  const days = rollupDays(range);
  // A short range reads its days by the key and sorts the few conversations; a long one walks the
  // account's conversations in (phone, chat) order instead, which needs no sort (SQLite picks the
  // first by itself, so the second is named).
  const source = days.to - days.from > LONG_RANGE_DAYS ? sql.raw('message_chat_days INDEXED BY message_chat_days_chat_idx') : sql.raw('message_chat_days');
  // One row per phone with a count per state: grouping by phone alone keeps the sort to the phones.
  const rows = await ctx.db.all<{ phone_id: number; taken: number; waiting: number; closed: number; none: number; n: number }>(sql`
    WITH active AS (
      SELECT phone_id, chat_id, max(direction = 'in') AS wrote FROM ${source}
      WHERE pid = ${pid} AND day >= ${days.from} AND day < ${days.to} AND ${NOT_GROUP}
      GROUP BY phone_id, chat_id)
    SELECT a.phone_id, count(CASE WHEN lc.state = 'taken' THEN 1 END) AS taken, count(CASE WHEN lc.state = 'waiting' THEN 1 END) AS waiting,
      count(CASE WHEN lc.state = 'closed' THEN 1 END) AS closed, count(CASE WHEN lc.state IS NULL AND a.wrote THEN 1 END) AS none, count(*) AS n
    FROM active a LEFT JOIN live_conversations lc ON lc.phone_id = a.phone_id AND lc.chat_jid = a.chat_id
    GROUP BY a.phone_id`);
  return rows.flatMap((r) => {
    const counts = { taken: Number(r.taken), waiting: Number(r.waiting), closed: Number(r.closed), none: Number(r.none) };
    const other = Number(r.n) - counts.taken - counts.waiting - counts.closed - counts.none;
    return (Object.entries({ ...counts, other }) as [StateRow['state'], number][]).filter(([, n]) => n > 0).map(([state, n]) => ({ phone_id: r.phone_id, state, n }));
  });
}

const LABELS: Record<StateRow['state'], Label> = { taken: 'On/Operator', waiting: 'Waiting', closed: 'Close', none: 'No Interaction', other: 'Other' };

/** `statusInfo`: the Status of Conversations table, every label present (0 when none). */
export async function statusInfo(ctx: ServiceCtx, pid: string, range: DayRange): Promise<StatusInfo> {
  const counts = new Map<Label, number>(CONVERSATION_STATUSES.map((s) => [s, 0]));
  for (const r of await activeStates(ctx, pid, range)) {
    const label = LABELS[r.state] ?? 'Other';
    counts.set(label, counts.get(label)! + Number(r.n));
  }
  return { start_date: range.start_date, end_date: range.end_date, statuses: CONVERSATION_STATUSES.map((status) => ({ status, count: counts.get(status)! })) };
}

/** Conversations closed in the range, counted on the (pid, state, closed_at) index alone. */
export async function closedCount(ctx: ServiceCtx, pid: string, range: DayRange): Promise<number> {
  const [row] = await ctx.db.all<{ n: number }>(sql`
    SELECT count(*) AS n FROM live_conversations
    WHERE pid = ${pid} AND state = 'closed' AND closed_at >= ${range.from} AND closed_at < ${range.to}`);
  return Number(row?.n ?? 0);
}

/** `closedInfo`: the Closed Issues By Agents and Waiting Issues cards, and Issue Details per phone. */
export async function closedInfo(ctx: ServiceCtx, pid: string, range: DayRange): Promise<ClosedInfo> {
  const [states, closed, phones] = await Promise.all([
    activeStates(ctx, pid, range),
    closedCount(ctx, pid, range),
    ctx.db.all<{ id: number; number: string | null; name: string }>(sql`SELECT id, number, name FROM phones WHERE pid = ${pid}`),
  ]);
  const label = new Map(phones.map((p) => [p.id, p.number || p.name || `#${p.id}`]));
  const byPhone = new Map<number, ClosedInfo['issues'][number]>();
  for (const r of states) {
    const row = byPhone.get(r.phone_id) ?? { phone_id: r.phone_id, phone: label.get(r.phone_id) ?? `#${r.phone_id}`, taken: 0, waiting: 0, closed: 0, no_interaction: 0 };
    if (r.state === 'none') row.no_interaction += Number(r.n);
    else if (r.state === 'taken' || r.state === 'waiting' || r.state === 'closed') row[r.state] += Number(r.n);
    byPhone.set(r.phone_id, row);
  }
  const issues = [...byPhone.values()].sort((a, b) => a.phone_id - b.phone_id);
  return { start_date: range.start_date, end_date: range.end_date, closed, waiting: issues.reduce((n, i) => n + i.waiting, 0), issues };
}
