import { sql } from 'drizzle-orm';
import { DAY_MS, type DayRange } from '../../shared/analytics-dates';
import type { ServiceCtx } from '../context';

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

/** Per day (account row `*`): opened; per holder over the range: took, answered, resolved and CSAT. */
export function readCounts(ctx: ServiceCtx, pid: string, from: number, to: number) {
  return ctx.db.all<{
    day: number | null;
    holder: string;
    opened: number;
    took: number;
    answered: number;
    resolved: number;
    csat_n: number;
    csat_sum: number;
  }>(sql`
    select case when holder = '*' then day end as day, holder, sum(opened) as opened, sum(took) as took,
      sum(answered) as answered, sum(resolved) as resolved, sum(csat_n) as csat_n, sum(csat_sum) as csat_sum
    from live_report_counts where pid = ${pid} and day >= ${from} and day < ${to} group by 1, 2`);
}

/**
 * Each day's median first response and resolution (the account's `*` histograms), computed in SQL
 * as `percentile(h, 0.5)` does: the smallest bucket whose running count reaches half the day's.
 */
export function readDayMedians(ctx: ServiceCtx, pid: string, from: number, to: number) {
  return ctx.db.all<{ metric: 'first' | 'resolve'; period: number; median: number }>(sql`
    select metric, period, min(bucket) as median from (
      select metric, period, bucket,
        sum(n) over (partition by metric, period order by bucket) as seen,
        sum(n) over (partition by metric, period) as total
      from live_report_hist
      where pid = ${pid} and metric in ('first', 'resolve') and grain = 'd' and holder = '*'
        and period >= ${from} and period < ${to} and n > 0)
    where 2 * seen >= total group by metric, period`);
}

/**
 * The histograms of the whole range for the account (`*`: first response and resolution) and each of
 * `holders` (first response): whole months from the `m` rows, the days around them from the `d` rows.
 */
export function readRangeHistograms(ctx: ServiceCtx, pid: string, r: DayRange, holders: string[]) {
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
  return ctx.db.all<{ metric: 'first' | 'resolve'; holder: string; bucket: number; n: number }>(sql`
    select metric, holder, bucket, sum(n) as n from (${sql.join(parts, sql` union all `)})
    group by metric, holder, bucket`);
}
