import { atom } from 'nanostores';
import { apiGet } from '../../lib/api';
import { MSG } from '../../lib/messages';
import type { Range } from '../analytics';

/** A median and 90th percentile in seconds; null when nothing was measured. */
interface Spread {
  median_s: number | null;
  p90_s: number | null;
}

/** One agent's row of the team report. */
export interface ReportAgent {
  id: string;
  name: string;
  conversations: number;
  first_response_median_s: number | null;
  resolved: number;
  csat_average: number | null;
}

/** One UTC day of the report's series. */
interface ReportDay {
  day: string;
  conversations: number;
  first_response_median_s: number | null;
  resolution_median_s: number | null;
}

/** The team inbox report of a range (`GET /api/live/reports?from=&to=`, issue 42). */
export interface InboxReport {
  conversations: number;
  first_response: Spread;
  resolution: Spread;
  csat: { responses: number; average: number | null };
  agents: ReportAgent[];
  series?: ReportDay[];
}

/** The report of the analytics range; null until loaded (or when the account has no live chat). */
export const $inboxReport = atom<InboxReport | null>(null);
/** The server's message after a failed load, else empty. */
export const $inboxReportError = atom('');
/** True while the account has no inbox to report on (the server answered 403 or 404). */
export const $inboxReportNone = atom(false);

/** Loads the report of a range (whole UTC days). */
export async function loadInboxReport(range: Range): Promise<void> {
  $inboxReportError.set('');
  const q = new URLSearchParams({ from: range.start_date, to: range.end_date });
  try {
    $inboxReport.set((await apiGet<{ data: InboxReport }>(`/api/live/reports?${q}`)).data);
    $inboxReportNone.set(false);
  } catch (e) {
    const status = (e as { status?: number }).status;
    if (status === 403 || status === 404) $inboxReportNone.set(true);
    else $inboxReportError.set(e instanceof Error && e.message ? e.message : MSG.loadFailed);
  }
}
