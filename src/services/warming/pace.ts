/**
 * How fast a warming phone writes (3-developer §2.11, issue 12): a new number starts with a few
 * messages a day and earns more with every day in the pool, spread over the day with human-looking
 * gaps, because sudden volume from a fresh number is what gets it blocked.
 */

export const DAY_MS = 86_400_000;
/** Messages a phone may send on its first day in the pool, and what each further day adds. */
const CAP_FIRST_DAY = 5;
const CAP_PER_DAY = 5;
/** The most a warming phone ever sends in a day. */
export const CAP_MAX = 40;
/** The messages of a day are spread over this many hours. */
const ACTIVE_HOURS = 14;
/** Never two warming messages from one phone closer than this. */
export const MIN_GAP_MS = 4 * 60_000;
/** When the pool has no partner yet (or the phone is not active), look again after this. */
export const IDLE_RETRY_MS = 15 * 60_000;

/** The UTC day (days since the epoch) a moment falls in. */
export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** Whole days a phone has been in the pool. */
export function daysInPool(joinedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - joinedAt) / DAY_MS));
}

/** How many warming messages a phone may send on a day, from its days in the pool. */
export function dailyCap(days: number): number {
  return Math.min(CAP_FIRST_DAY + CAP_PER_DAY * Math.max(0, days), CAP_MAX);
}

/** The wait before a phone's next message: its day's cap spread over the active hours, jittered ±40 %. */
export function nextGap(cap: number, random: () => number): number {
  const even = (ACTIVE_HOURS * 3_600_000) / Math.max(1, cap);
  return Math.max(MIN_GAP_MS, Math.round(even * (0.6 + 0.8 * random())));
}

/** When a phone that used up its cap writes again: early the next UTC day, at a varying minute. */
export function nextDayStart(now: number, random: () => number): number {
  return (dayOf(now) + 1) * DAY_MS + Math.round(random() * 2 * 3_600_000);
}
