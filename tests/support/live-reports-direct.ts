import { sql, type SQL } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../db/client';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { DAY_MS, daysOf } from '../../src/shared/analytics-dates';
import { addTo, bucketSql, merged, percentile, type Histogram } from '../../src/services/inbox/percentiles';

/**
 * The team reports computed straight from `live_threads`, as reports.ts did before the rollup
 * (migration 0029): the independent answer the rollup's must equal. Agents keyed by holder.
 */
export async function directReport(db: Db, pid: string, from: number, to: number) {
  const opened = sql`pid = ${pid} and created_at >= ${from} and created_at < ${to}`;
  const closed = sql`pid = ${pid} and closed_at >= ${from} and closed_at < ${to}`;
  const first = '(first_response_at - created_at) / 1000';
  const resolve = '(closed_at - created_at) / 1000';
  const hist = async (key: string, seconds: string, where: SQL) => {
    const rows = await db.all<{ k: string | number; b: number; n: number }>(sql`
      select ${sql.raw(key)} as k, ${sql.raw(bucketSql(seconds))} as b, count(*) as n
      from live_threads where ${where} group by 1, 2`);
    const out = new Map<string, Histogram>();
    for (const r of rows) addTo(out, String(r.k), Number(r.b), Number(r.n));
    return out;
  };
  const perDay = await db.all<{ day: number; n: number }>(
    sql`select ${sql.raw(`created_at / ${DAY_MS}`)} as day, count(*) as n from live_threads where ${opened} group by 1`,
  );
  const answered = sql`${opened} and first_response_at is not null`;
  const firstBy = await hist('first_responder', first, answered);
  const firstOn = await hist(`created_at / ${DAY_MS}`, first, answered);
  const resolveBy = await hist('closer', resolve, closed);
  const resolveOn = await hist(`closed_at / ${DAY_MS}`, resolve, closed);
  const csat = await db.all<{ who: string | null; n: number; sum: number }>(sql`
    select closer as who, count(*) as n, sum(csat_rating) as sum
    from live_threads where ${closed} and csat_rating is not null group by 1`);
  const took = await db.all<{ who: string; n: number }>(sql`
    select p.value as who, count(*) as n from live_threads t, json_each(t.participants) p
    where t.pid = ${pid} and t.created_at >= ${from} and t.created_at < ${to} group by 1`);
  const ratings = csat.reduce((s, c) => ({ n: s.n + Number(c.n), sum: s.sum + Number(c.sum) }), { n: 0, sum: 0 });
  const round = (x: number) => Math.round(x * 100) / 100;
  const stats = (h: Histogram) => ({ median_s: percentile(h, 0.5), p90_s: percentile(h, 0.9) });
  const holders = new Set([...took.map((t) => t.who), ...firstBy.keys(), ...resolveBy.keys()]);
  const agents = new Map(
    [...holders].map((h) => {
      const c = csat.find((r) => r.who === h);
      return [
        h,
        {
          conversations: Number(took.find((t) => t.who === h)?.n ?? 0),
          first_response_median_s: percentile(firstBy.get(h), 0.5),
          resolved: [...(resolveBy.get(h)?.values() ?? [])].reduce((s, n) => s + n, 0),
          csat_average: c && Number(c.n) ? round(Number(c.sum) / Number(c.n)) : null,
        },
      ];
    }),
  );
  return {
    conversations: perDay.reduce((s, d) => s + Number(d.n), 0),
    first_response: stats(merged(firstBy)),
    resolution: stats(merged(resolveBy)),
    csat: { responses: ratings.n, average: ratings.n ? round(ratings.sum / ratings.n) : null },
    agents,
    series: daysOf({ from, to }).map((d) => {
      const key = String(Math.floor(Date.parse(`${d}T00:00:00Z`) / DAY_MS));
      return {
        day: d,
        conversations: Number(perDay.find((p) => String(p.day) === key)?.n ?? 0),
        first_response_median_s: percentile(firstOn.get(key), 0.5),
        resolution_median_s: percentile(resolveOn.get(key), 0.5),
      };
    }),
  };
}

/** The rollup's rows that count (zeros left by moved threads skipped), in key order. */
export async function rollupRows(db: Db) {
  return {
    counts: await db.all(sql`select * from live_report_counts
      where opened <> 0 or took <> 0 or answered <> 0 or resolved <> 0 or csat_n <> 0 or csat_sum <> 0
      order by pid, day, holder`),
    hist: await db.all(sql`select * from live_report_hist where n <> 0
      order by pid, metric, grain, holder, period, bucket`),
  };
}

const MIGRATION = readFileSync(join(MIGRATIONS_DIR, '0029_reports_rollup.sql'), 'utf8');

/** Migration 0029's SQL (its triggers and backfill). */
export const rollupMigration = (): string => MIGRATION;

/** The rollup as migration 0029's backfill computes it from the threads there now (the rollup is refilled). */
export async function backfilled(db: Db) {
  await db.run(sql`delete from live_report_counts`);
  await db.run(sql`delete from live_report_hist`);
  const fill = MIGRATION.slice(MIGRATION.indexOf('-- The rollup of the threads already there.'));
  for (const stmt of fill.split('--> statement-breakpoint')) await db.run(sql.raw(stmt));
  return rollupRows(db);
}
