/** The team inbox report's texts (ours: issue 42 names the figures, not their words). */
export const REPORT_TEXT = {
  title: 'Team inbox',
  conversations: 'Conversations',
  firstResponse: 'First response',
  resolution: 'Resolution',
  csat: 'CSAT',
  agents: 'Agents',
  perDay: 'Conversations per day',
  times: 'Median times (minutes)',
  noData: 'There is no data for showing.',
} as const;

/** A duration for people: `45 s`, `3 min 20 s`, `2 h 5 min`, `1 d 3 h`; `—` when unknown. */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const pair = (big: number, bigUnit: string, small: number, smallUnit: string) =>
    small ? `${big} ${bigUnit} ${small} ${smallUnit}` : `${big} ${bigUnit}`;
  if (s < 3600) return pair(Math.floor(s / 60), 'min', s % 60, 's');
  if (s < 86_400) return pair(Math.floor(s / 3600), 'h', Math.floor((s % 3600) / 60), 'min');
  return pair(Math.floor(s / 86_400), 'd', Math.floor((s % 86_400) / 3600), 'h');
}

/** A CSAT average out of 5 (`4.3 / 5`); `—` without responses. */
export function rating(average: number | null | undefined): string {
  return average === null || average === undefined ? '—' : `${average.toFixed(1)} / 5`;
}

/** Seconds as minutes with one decimal, for the chart; null stays a gap. */
export function minutes(seconds: number | null): number | null {
  return seconds === null ? null : Math.round(seconds / 6) / 10;
}
