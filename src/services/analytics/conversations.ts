import { sql } from 'drizzle-orm';
import type { DayRange } from '../../shared/analytics-dates';
import { CONVERSATION_STATUSES, type ClosedInfo, type StatusInfo } from '../../shared/schemas/console/analytics';
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
  const rows =
    days.to - days.from > LONG_RANGE_DAYS
      ? await longRangeCounts(ctx, pid, days)
      : await shortRangeCounts(ctx, pid, days);
  return rows.flatMap((r) => {
    const counts = {
      taken: Number(r.taken),
      waiting: Number(r.waiting),
      closed: Number(r.closed),
      none: Number(r.none),
    };
    const other = Number(r.n) - counts.taken - counts.waiting - counts.closed - counts.none;
    return (Object.entries({ ...counts, other }) as [StateRow['state'], number][])
      .filter(([, n]) => n > 0)
      .map(([state, n]) => ({ phone_id: r.phone_id, state, n }));
  });
}

interface PhoneCounts {
  phone_id: number;
  taken: number;
  waiting: number;
  closed: number;
  none: number;
  n: number;
}

/** Per active conversation `a` (with `wrote`) and its live-chat row `lc`: the counts of each state. */
const STATE_COUNTS = [
  sql`count(CASE WHEN lc.state = 'taken' THEN 1 END)`,
  sql`count(CASE WHEN lc.state = 'waiting' THEN 1 END)`,
  sql`count(CASE WHEN lc.state = 'closed' THEN 1 END)`,
  sql`count(CASE WHEN lc.state IS NULL AND a.wrote THEN 1 END)`,
  sql`count(*)`,
] as const;

/** A short range reads its days by the rollup's key and sorts the few conversations. */
async function shortRangeCounts(
  ctx: ServiceCtx,
  pid: string,
  days: { from: number; to: number },
): Promise<PhoneCounts[]> {
  const [taken, waiting, closed, none, n] = STATE_COUNTS;
  // One row per phone with a count per state: grouping by phone alone keeps the sort to the phones.
  return ctx.db.all<PhoneCounts>(sql`
    WITH active AS (
      SELECT phone_id, chat_id, max(direction = 'in') AS wrote FROM message_chat_days
      WHERE pid = ${pid} AND day >= ${days.from} AND day < ${days.to} AND ${NOT_GROUP}
      GROUP BY phone_id, chat_id)
    SELECT a.phone_id, ${taken} AS taken, ${waiting} AS waiting, ${closed} AS closed, ${none} AS none, ${n} AS n
    FROM active a LEFT JOIN live_conversations lc ON lc.phone_id = a.phone_id AND lc.chat_jid = a.chat_id
    GROUP BY a.phone_id`);
}

/**
 * A long range walks each phone's conversations in chat order on the (pid, phone, chat, ...) index
 * (named: SQLite would pick the key), one phone at a time: a phone's counts come from one correlated
 * subquery, so nothing is sorted, not even by phone (a year of 150,000 conversations: a sixth less
 * CPU than grouping them all by phone at the end). The rollup's rows of an account are its phones'
 * (messages carry their phone's pid; a deleted phone's rows go with it), so walking the account's
 * phones reads them all.
 */
async function longRangeCounts(
  ctx: ServiceCtx,
  pid: string,
  days: { from: number; to: number },
): Promise<PhoneCounts[]> {
  const rows = await ctx.db.all<{ phone_id: number; counts: string }>(sql`
    SELECT p.id AS phone_id, (
      SELECT json_array(${sql.join([...STATE_COUNTS], sql`, `)})
      FROM (
        SELECT chat_id, max(direction = 'in') AS wrote FROM message_chat_days INDEXED BY message_chat_days_chat_idx
        WHERE pid = ${pid} AND phone_id = p.id AND day >= ${days.from} AND day < ${days.to} AND ${NOT_GROUP}
        GROUP BY chat_id) a
      LEFT JOIN live_conversations lc ON lc.phone_id = p.id AND lc.chat_jid = a.chat_id) AS counts
    FROM phones p WHERE p.pid = ${pid}`);
  return rows.map((r) => {
    const [taken, waiting, closed, none, n] = JSON.parse(r.counts) as number[];
    return { phone_id: r.phone_id, taken: taken!, waiting: waiting!, closed: closed!, none: none!, n: n! };
  });
}

const LABELS: Record<StateRow['state'], Label> = {
  taken: 'On/Operator',
  waiting: 'Waiting',
  closed: 'Close',
  none: 'No Interaction',
  other: 'Other',
};

/** `statusInfo`: the Status of Conversations table, every label present (0 when none). */
export async function statusInfo(ctx: ServiceCtx, pid: string, range: DayRange): Promise<StatusInfo> {
  const counts = new Map<Label, number>(CONVERSATION_STATUSES.map((s) => [s, 0]));
  for (const r of await activeStates(ctx, pid, range)) {
    const label = LABELS[r.state] ?? 'Other';
    counts.set(label, counts.get(label)! + Number(r.n));
  }
  return {
    start_date: range.start_date,
    end_date: range.end_date,
    statuses: CONVERSATION_STATUSES.map((status) => ({ status, count: counts.get(status)! })),
  };
}

/** Conversations closed in the range, counted on the (pid, state, closed_at) index alone. */
async function closedCount(ctx: ServiceCtx, pid: string, range: DayRange): Promise<number> {
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
    ctx.db.all<{ id: number; number: string | null; name: string }>(
      sql`SELECT id, number, name FROM phones WHERE pid = ${pid}`,
    ),
  ]);
  const label = new Map(phones.map((p) => [p.id, p.number || p.name || `#${p.id}`]));
  const byPhone = new Map<number, ClosedInfo['issues'][number]>();
  for (const r of states) {
    const row = byPhone.get(r.phone_id) ?? {
      phone_id: r.phone_id,
      phone: label.get(r.phone_id) ?? `#${r.phone_id}`,
      taken: 0,
      waiting: 0,
      closed: 0,
      no_interaction: 0,
    };
    if (r.state === 'none') row.no_interaction += Number(r.n);
    else if (r.state === 'taken' || r.state === 'waiting' || r.state === 'closed') row[r.state] += Number(r.n);
    byPhone.set(r.phone_id, row);
  }
  const issues = [...byPhone.values()].sort((a, b) => a.phone_id - b.phone_id);
  return {
    start_date: range.start_date,
    end_date: range.end_date,
    closed,
    waiting: issues.reduce((n, i) => n + i.waiting, 0),
    issues,
  };
}
