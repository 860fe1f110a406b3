import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { products } from './products';

/**
 * The team reports' rollup of `live_threads` (issue 42), kept by triggers on `live_threads`
 * (migration 0029): every insert, update and delete of a thread moves these rows, so a report over a
 * year reads days × holders × histogram buckets, never the threads. `day` is `floor(ms / 86400000)`
 * (UTC); a holder is `a:<agent id>`, `o:<owner uid>`, or `*` for the whole account. Rows may hold
 * zeros after a thread moves (readers skip them). Both are WITHOUT ROWID in the migration (drizzle
 * cannot declare it): a report scans their primary keys in order.
 */

/**
 * Counts per day and holder. By the thread's created day: `opened` (holder `*`), `took` (each
 * participant), `answered` (the first responder). By its closed day: `resolved` (the closer), and
 * `csat_n` / `csat_sum` of its rating (the closer, and `*` for every closed thread).
 */
export const liveReportCounts = sqliteTable(
  'live_report_counts',
  {
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: integer().notNull(),
    holder: text().notNull(),
    opened: integer().notNull().default(0),
    took: integer().notNull().default(0),
    answered: integer().notNull().default(0),
    resolved: integer().notNull().default(0),
    csatN: integer().notNull().default(0),
    csatSum: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pid, t.day, t.holder] })],
);

/**
 * Histograms of durations in seconds, bucketed by `bucketSql` (src/services/inbox/percentiles.ts):
 * `first` (first response, by the created day; holder `*` and the first responder) and `resolve`
 * (by the closed day; holder `*` only). `grain` `d`: `period` is the day; `m`: the UTC month as
 * year × 12 + month − 1. One holder's periods are contiguous in the key.
 */
export const liveReportHist = sqliteTable(
  'live_report_hist',
  {
    pid: text()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    metric: text({ enum: ['first', 'resolve'] }).notNull(),
    grain: text({ enum: ['d', 'm'] }).notNull(),
    holder: text().notNull(),
    period: integer().notNull(),
    bucket: integer().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pid, t.metric, t.grain, t.holder, t.period, t.bucket] })],
);
