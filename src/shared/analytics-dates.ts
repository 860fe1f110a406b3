/**
 * The analytics date rules (2-phones §2.3, §9), shared by the server and the console's pickers:
 * whole UTC days written `YYYY-MM-DD`, the last 7 days by default, no future day, start before end.
 */

/** The default range: the last 7 days, today included. */
const ANALYTICS_DEFAULT_DAYS = 7;
/** The longest range one call reads: a year and a day, so a full leap year fits. */
const ANALYTICS_MAX_DAYS = 366;
/** One UTC day in milliseconds. */
export const DAY_MS = 86_400_000;

export const ANALYTICS_DATE_MSG = {
  format: 'Dates are written YYYY-MM-DD.',
  future: 'Dates cannot be in the future.',
  order: 'The start date must not be after the end date.',
  tooLong: `A range covers at most ${ANALYTICS_MAX_DAYS} days.`,
} as const;

/** A range of whole UTC days: `from` inclusive, `to` exclusive, in epoch milliseconds. */
export interface DayRange {
  start_date: string;
  end_date: string;
  from: number;
  to: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of a time as `YYYY-MM-DD`. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Midnight UTC of a `YYYY-MM-DD` day, or null when the text is not a real calendar day. */
export function parseDay(day: string): number | null {
  if (!DAY.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || dayOf(ms) !== day ? null : ms;
}

/** The default range ending today (`now` in epoch milliseconds). */
export function defaultRange(now: number): { start_date: string; end_date: string } {
  return { start_date: dayOf(now - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS), end_date: dayOf(now) };
}

/**
 * The range a request asks for, each missing end filled from the default; answers the rule it breaks
 * (a message of ANALYTICS_DATE_MSG) instead when it is not a valid range.
 */
export function resolveRange(
  input: { start_date?: string; end_date?: string },
  now: number,
): DayRange | { error: string; field: 'start_date' | 'end_date' } {
  const fallback = defaultRange(now);
  const end_date = input.end_date || fallback.end_date;
  const endMs = parseDay(end_date);
  if (endMs === null) return { error: ANALYTICS_DATE_MSG.format, field: 'end_date' };
  const start_date =
    input.start_date || (input.end_date ? dayOf(endMs - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS) : fallback.start_date);
  const startMs = parseDay(start_date);
  if (startMs === null) return { error: ANALYTICS_DATE_MSG.format, field: 'start_date' };
  const today = parseDay(dayOf(now))!;
  if (endMs > today) return { error: ANALYTICS_DATE_MSG.future, field: 'end_date' };
  if (startMs > endMs) return { error: ANALYTICS_DATE_MSG.order, field: 'start_date' };
  if ((endMs - startMs) / DAY_MS + 1 > ANALYTICS_MAX_DAYS)
    return { error: ANALYTICS_DATE_MSG.tooLong, field: 'start_date' };
  return { start_date, end_date, from: startMs, to: endMs + DAY_MS };
}

/** Every day of a range, in order (the charts show days without messages as 0). */
export function daysOf(range: { from: number; to: number }): string[] {
  const out: string[] = [];
  for (let t = range.from; t < range.to; t += DAY_MS) out.push(dayOf(t));
  return out;
}

/** A time as the timeline shows it: `DD.MM.YY HH:mm` (UTC). */
export function timelineDate(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(2, 4)} ${iso.slice(11, 16)}`;
}
