import { atom, computed } from 'nanostores';
import type { z } from 'zod';
import type { logObj, logsResponse } from '../../../src/shared/schemas/messaging/logs';
import { LOGS_FETCH_LIMIT, LOGS_PAGE_SIZE, logsFetchOf } from '../../lib/developers';
import { errorMessage, msgGet } from '../../lib/messaging-api';

/** A log event (3-developer §3). */
export type LogEvent = z.infer<typeof logObj>;
export type LogType = LogEvent['type'];
export type LogFilter = 'all' | 'incoming' | 'outgoing' | 'error';

/** `GET /logs`: one fetch of up to `pageLimit` events, newest first. */
async function fetchLogs(
  page: number,
  type: LogType | undefined,
  pageLimit: number,
): Promise<{ count: number; list: LogEvent[] }> {
  const q = new URLSearchParams({
    page: String(page),
    order: 'desc',
    pageLimit: String(pageLimit),
    ...(type ? { type } : {}),
  });
  const body = await msgGet<z.infer<typeof logsResponse>>(`/logs?${q}`);
  return { count: Number(body.data.count) || 0, list: body.data.list };
}

export const $logFilter = atom<LogFilter>('all');
export const $logPage = atom(1);
/** Events of the filter, as the server counts them. */
export const $logCount = atom(0);
/** The events of the shown page; null while loading. */
export const $logRows = atom<LogEvent[] | null>(null);
export const $logError = atom('');
const $chosen = atom<LogEvent | null>(null);
/** The chosen event, else the newest one shown. */
export const $shownLog = computed(
  [$chosen, $logRows],
  (chosen, rows) => (chosen && rows?.some((r) => r.id === chosen.id) ? chosen : rows?.[0]) ?? null,
);

// The 500-event fetches already made for the current filter, by fetch page.
const cache = new Map<string, LogEvent[]>();

async function load(): Promise<void> {
  const f = $logFilter.get();
  const { fetchPage, offset } = logsFetchOf($logPage.get());
  const key = `${f}:${fetchPage}`;
  $logError.set('');
  try {
    let list = cache.get(key);
    if (!list) {
      const res = await fetchLogs(fetchPage, f === 'all' ? undefined : f, LOGS_FETCH_LIMIT);
      list = res.list;
      cache.set(key, list);
      $logCount.set(res.count);
    }
    $logRows.set(list.slice(offset, offset + LOGS_PAGE_SIZE));
  } catch (e) {
    $logError.set(errorMessage(e));
    $logRows.set([]);
  }
}

/** The logs page opens on all events, page 1, with nothing fetched yet. */
export function openLogs(): void {
  cache.clear();
  $logFilter.set('all');
  $logPage.set(1);
  $logCount.set(0);
  $logRows.set(null);
  $chosen.set(null);
  void load();
}

/** Fetches the shown page again, and the others when they are shown. */
export function refreshLogs(): void {
  cache.clear();
  $logRows.set(null);
  void load();
}

/** Another filter: its events from page 1. */
export function filterLogs(f: LogFilter): void {
  cache.clear();
  $logFilter.set(f);
  $logPage.set(1);
  $logRows.set(null);
  $chosen.set(null);
  void load();
}

/** Shows another page of the filter's events. */
export function showLogPage(page: number): void {
  $logPage.set(page);
  void load();
}

/** Opens an event in the detail panel. */
export function chooseLog(e: LogEvent): void {
  $chosen.set(e);
}
