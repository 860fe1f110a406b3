import { atom, computed } from 'nanostores';
import type { z } from 'zod';
import type { logsResponse } from '../../src/shared/schemas/messaging/logs';
import type { userProductAnswer } from '../../src/shared/schemas/staff/users';
import { apiPost, call } from '../lib/api';
import { LOGS_FETCH_LIMIT, LOGS_PAGE_SIZE, logsFetchOf } from '../lib/developers';
import { MSG } from '../lib/messages';
import type { LogEvent, LogFilter } from './developers/logs';
import { staffPath } from './staff';

export type OpenedUser = Omit<z.infer<typeof userProductAnswer>, 'success'>;

/** The user whose logs are shown (with their product token), null before the lookup. */
export const $logUser = atom<OpenedUser | null>(null);
/** The lookup's failure ('No User') or a failed logs fetch. */
export const $logUserError = atom('');
export const $userLogFilter = atom<LogFilter>('all');
export const $userLogPage = atom(1);
export const $userLogCount = atom(0);
/** The events of the shown page; null while loading. */
export const $userLogRows = atom<LogEvent[] | null>(null);
const $chosen = atom<LogEvent | null>(null);
/** The chosen event, else the newest one shown. */
export const $userLogShown = computed(
  [$chosen, $userLogRows],
  (chosen, rows) => (chosen && rows?.some((r) => r.id === chosen.id) ? chosen : rows?.[0]) ?? null,
);

// The 500-event fetches made for the current user and filter, by fetch page.
const cache = new Map<string, LogEvent[]>();

/** `GET /api/{pid}/logs` as the user's product: the admin never needs the user's password. */
async function fetchLogs(user: OpenedUser, fetchPage: number, f: LogFilter) {
  const q = new URLSearchParams({
    page: String(fetchPage),
    order: 'desc',
    pageLimit: String(LOGS_FETCH_LIMIT),
    ...(f === 'all' ? {} : { type: f }),
  });
  const body = await call<z.infer<typeof logsResponse>>('GET', `/api/${user.product.id}/logs?${q}`, undefined, {
    token: user.token,
  });
  return { count: Number(body.data.count) || 0, list: body.data.list };
}

async function load(): Promise<void> {
  const user = $logUser.get();
  if (!user) return;
  const f = $userLogFilter.get();
  const { fetchPage, offset } = logsFetchOf($userLogPage.get());
  const key = `${f}:${fetchPage}`;
  try {
    let list = cache.get(key);
    if (!list) {
      const res = await fetchLogs(user, fetchPage, f);
      list = res.list;
      cache.set(key, list);
      $userLogCount.set(res.count);
    }
    $userLogRows.set(list.slice(offset, offset + LOGS_PAGE_SIZE));
  } catch (e) {
    console.error(e);
    $logUserError.set(MSG.loadFailed);
    $userLogRows.set([]);
  }
}

/** Opens a user by uid or e-mail (`userproduct`), then reads their logs from page 1. */
export async function openUserLogs(who: { uid?: number; email?: string }): Promise<void> {
  cache.clear();
  $logUser.set(null);
  $logUserError.set('');
  $userLogFilter.set('all');
  $userLogPage.set(1);
  $userLogCount.set(0);
  $userLogRows.set(null);
  $chosen.set(null);
  try {
    const { token, product } = await apiPost<OpenedUser>(staffPath('userproduct'), who);
    $logUser.set({ token, product });
  } catch (e) {
    $logUserError.set(e instanceof Error && e.message ? e.message : MSG.loadFailed);
    $userLogRows.set([]);
    return;
  }
  await load();
}

/** Another type filter: its events from page 1. */
export function filterUserLogs(f: LogFilter): void {
  cache.clear();
  $userLogFilter.set(f);
  $userLogPage.set(1);
  $userLogRows.set(null);
  $chosen.set(null);
  void load();
}

/** Shows another page of the filter's events. */
export function showUserLogPage(page: number): void {
  $userLogPage.set(page);
  void load();
}

/** Opens an event in the detail pane. */
export function chooseUserLog(e: LogEvent): void {
  $chosen.set(e);
}
