import { atom } from 'nanostores';
import { defaultRange } from '../../src/shared/analytics-dates';
import type {
  ChartInfo,
  ClosedInfo,
  StatusInfo,
  StatusTimeline,
  TakenInfoByAgents,
} from '../../src/shared/schemas/console/analytics';
import { apiPost } from '../lib/api';
import { getConfig } from '../lib/bootstrap';
import { MSG } from '../lib/messages';

/** The range both analytics screens show: whole UTC days, `YYYY-MM-DD`. */
export interface Range {
  start_date: string;
  end_date: string;
}

/** The /analytic screen's figures, all four names of one range. */
export interface AnalyticsData {
  chart: ChartInfo;
  status: StatusInfo;
  closed: ClosedInfo;
  agents: TakenInfoByAgents;
}

/** The range picked on either screen; the last 7 days until the user picks another. */
export const $analyticsRange = atom<Range>(defaultRange(Date.now()));
/** The /analytic figures; null until loaded. */
export const $analytics = atom<AnalyticsData | null>(null);
/** The /analytic/timeline rows; null until loaded. */
export const $timeline = atom<StatusTimeline | null>(null);
/** The server's message after a failed load, else empty. */
export const $analyticsError = atom('');

const ask = <T>(name: string, range: Range) =>
  apiPost<{ data: T }>(`/api/${getConfig().brand}/analytics`, { name, data: range }).then((b) => b.data);

async function guarded(load: () => Promise<void>): Promise<void> {
  $analyticsError.set('');
  try {
    await load();
  } catch (e) {
    $analyticsError.set(e instanceof Error && e.message ? e.message : MSG.loadFailed);
  }
}

/** Loads the four figures of /analytic for a range (and makes it the picked range). */
export function loadAnalytics(range: Range = $analyticsRange.get()): Promise<void> {
  $analyticsRange.set(range);
  return guarded(async () => {
    const [chart, status, closed, agents] = await Promise.all([
      ask<ChartInfo>('chartInfo', range),
      ask<StatusInfo>('statusInfo', range),
      ask<ClosedInfo>('closedInfo', range),
      ask<TakenInfoByAgents>('takenInfoByAgents', range),
    ]);
    $analytics.set({ chart, status, closed, agents });
  });
}

/** Loads the status timelines for a range (and makes it the picked range). */
export function loadTimeline(range: Range = $analyticsRange.get()): Promise<void> {
  $analyticsRange.set(range);
  return guarded(async () => $timeline.set(await ask<StatusTimeline>('statusTimeline', range)));
}
