/**
 * Percentiles of durations from a histogram SQL builds (a year of threads is never read row by row):
 * `BUCKET_SQL(d)` keeps a duration in seconds exact below 100 s and to two significant digits above
 * (3 h 27 min counts as 12 000 s), so a median or p90 is at most 10% under the exact one.
 */
export const bucketSql = (d: string) =>
  `case when ${d} < 100 then ${d} when ${d} < 1000 then ${d} / 10 * 10 when ${d} < 10000 then ${d} / 100 * 100 ` +
  `when ${d} < 100000 then ${d} / 1000 * 1000 when ${d} < 1000000 then ${d} / 10000 * 10000 else ${d} / 100000 * 100000 end`;

/** A histogram: bucket value (seconds) → how many. */
export type Histogram = Map<number, number>;

/** Adds `n` durations of `bucket` to the histogram of `key`. */
export function addTo<K>(all: Map<K, Histogram>, key: K, bucket: number, n: number): void {
  const h = all.get(key) ?? new Map<number, number>();
  h.set(bucket, (h.get(bucket) ?? 0) + n);
  all.set(key, h);
}

/** The `p` percentile (0..1, nearest rank) of a histogram; null when it is empty. */
export function percentile(h: Histogram | undefined, p: number): number | null {
  if (!h || !h.size) return null;
  const sorted = [...h.entries()].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((s, [, n]) => s + n, 0);
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const [value, n] of sorted) if ((seen += n) >= rank) return value;
  return sorted.at(-1)![0];
}

/** Every histogram of the map merged into one. */
export function merged<K>(all: Map<K, Histogram>): Histogram {
  const out: Histogram = new Map();
  for (const h of all.values()) for (const [b, n] of h) out.set(b, (out.get(b) ?? 0) + n);
  return out;
}
