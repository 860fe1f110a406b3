import { sql } from 'drizzle-orm';
import { DAY_MS, type DayRange } from '../../shared/analytics-dates';
import type { ServiceCtx } from '../context';
import { addTo, type Histogram } from './percentiles';

/**
 * What the team reports read of the rollup the triggers of migration 0029 keep (`live_report_counts`,
 * `live_report_hist`, see db/schema/live-reports.ts): a range costs days × holders × histogram
 * buckets, however many threads it covers. Zeros left behind by a moved thread are skipped.
 */

/** A range of day numbers `[from, to)` split into whole UTC months `[m0, m1)` and the days around them. */
export function monthsAndEdges(fromDay: number, toDay: number) {
  const monthOf = (day: number) => {
    const d = new Date(day * DAY_MS);
    return d.getUTCFullYear() * 12 + d.getUTCMonth();
  };
  const firstDay = (m: number) => Date.UTC(Math.floor(m / 12), m % 12, 1) / DAY_MS;
  let m0 = monthOf(fromDay);
  if (firstDay(m0) < fromDay) m0++;
  const m1 = monthOf(toDay);
  if (m0 >= m1) return { months: [0, 0], days: [[fromDay, toDay]] as const };
  return {
    months: [m0, m1],
    days: [
      [fromDay, firstDay(m0)],
      [firstDay(m1), toDay],
    ] as const,
  };
}

/**
 * Numbers packed as one JSON array per group: the local driver costs far more per row than SQLite
 * does per value, so a year's thousands of rows come back as a few strings.
 */
const packed = (...cols: string[]) => sql.raw(`'[' || group_concat(${cols.join(" || ',' || ")}) || ']'`);
const unpack = (flat: string | null): number[] => (flat ? (JSON.parse(flat) as number[]) : []);

/**
 * Per holder over the range: took, answered, resolved and CSAT; the account's row (`*`) also has
 * `opened` per day (`days`: day, opened, day, opened...).
 */
export async function readCounts(ctx: ServiceCtx, pid: string, from: number, to: number) {
  const rows = await ctx.db.all<{
    holder: string;
    took: number;
    answered: number;
    resolved: number;
    csat_n: number;
    csat_sum: number;
    days: string | null;
  }>(sql`
    select holder, sum(took) as took, sum(answered) as answered, sum(resolved) as resolved,
      sum(csat_n) as csat_n, sum(csat_sum) as csat_sum, case when holder = '*' then ${packed('day', 'opened')} end as days
    from live_report_counts where pid = ${pid} and day >= ${from} and day < ${to} group by holder`);
  return rows.map((r) => ({
    holder: r.holder,
    took: Number(r.took),
    answered: Number(r.answered),
    resolved: Number(r.resolved),
    csatN: Number(r.csat_n),
    csatSum: Number(r.csat_sum),
    days: unpack(r.days),
  }));
}

type Metric = 'first' | 'resolve';

/** Each day's histograms of the account (`*`): first response by the created day, resolution by the closed day. */
export async function readDayHistograms(ctx: ServiceCtx, pid: string, from: number, to: number) {
  const rows = await ctx.db.all<{ metric: Metric; flat: string }>(sql`
    select metric, ${packed('period', 'bucket', 'n')} as flat from live_report_hist
    where pid = ${pid} and metric in ('first', 'resolve') and grain = 'd' and holder = '*'
      and period >= ${from} and period < ${to} and n > 0
    group by metric`);
  const out = { first: new Map<number, Histogram>(), resolve: new Map<number, Histogram>() };
  for (const r of rows) {
    const a = unpack(r.flat);
    for (let i = 0; i < a.length; i += 3) addTo(out[r.metric], a[i]!, a[i + 1]!, a[i + 2]!);
  }
  return out;
}

/**
 * The histograms of the whole range for the account (`*`: first response and resolution) and each of
 * `holders` (first response): whole months from the `m` rows, the days around them from the `d` rows.
 */
export async function readRangeHistograms(ctx: ServiceCtx, pid: string, r: DayRange, holders: string[]) {
  const { months, days } = monthsAndEdges(r.from / DAY_MS, r.to / DAY_MS);
  const who = sql.join(
    ['*', ...holders].map((h) => sql`${h}`),
    sql`, `,
  );
  const part = (grain: 'd' | 'm', [a, b]: readonly [number, number]) => sql`
    select metric, holder, bucket, n from live_report_hist
    where pid = ${pid} and metric in ('first', 'resolve') and grain = ${grain} and holder in (${who})
      and period >= ${a} and period < ${b} and n > 0`;
  const parts = [part('m', [months[0]!, months[1]!]), ...days.map((d) => part('d', d))];
  const rows = await ctx.db.all<{ metric: Metric; holder: string; flat: string }>(sql`
    select metric, holder, ${packed('bucket', 'n')} as flat from (${sql.join(parts, sql` union all `)})
    group by metric, holder`);
  const account = new Map<Metric, Histogram>();
  const firstBy = new Map<string, Histogram>();
  for (const row of rows) {
    const a = unpack(row.flat);
    for (let i = 0; i < a.length; i += 2)
      if (row.holder === '*') addTo(account, row.metric, a[i]!, a[i + 1]!);
      else addTo(firstBy, row.holder, a[i]!, a[i + 1]!);
  }
  return { account, firstBy };
}
