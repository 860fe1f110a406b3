import { atom, computed } from 'nanostores';
import type { GroupActionLog, GroupSubtype } from '../../../src/shared/schemas/messaging/group-logs';
import { GROUP_SUBTYPES } from '../../../src/shared/group-subtypes';
import { DEV_MSG } from '../../lib/dev-messages';
import { toCsv } from '../../../src/shared/csv';
import { digitsOf, fileDate, formatUtc, pageSlice, saveFile } from '../../lib/developers';
import { msgGet } from '../../lib/messaging-api';
import type { Phone } from '../../lib/phones';
import { fetchPhones } from '../phones';

export type { GroupActionLog, GroupSubtype };
/** The subtype filter's choices: the server's list (a zod-free module, so the bundle stays small). */
export { GROUP_SUBTYPES };

/** Rows per page (ours: the spec gives none for the group logs). */
export const GROUP_LOGS_PAGE_SIZE = 50;
/** The largest page the server gives; CSV exports and the connected-only view read in pages of it. */
const FETCH_ALL_LIMIT = 500;
/** The default subtype filter (3-developer §2.2). */
const DEFAULT_SUBTYPE: GroupSubtype = 'remove';

export interface GroupLogFilters {
  phoneId: string;
  subtype: GroupSubtype;
  search: string;
  connectedOnly: boolean;
}
const DEFAULT_FILTERS: GroupLogFilters = { phoneId: '', subtype: DEFAULT_SUBTYPE, search: '', connectedOnly: false };

/** True when a log row is about one of the account's connected numbers (its participant). */
export function isRelated(row: GroupActionLog, connected: ReadonlySet<string>): boolean {
  return connected.has(digitsOf(row.data.body.message.participant ?? ''));
}

/** The CSV rows of the export: the table's columns and values. */
export function groupLogCsv(rows: readonly GroupActionLog[]): string {
  return toCsv([
    ['Phone ID', 'Number', 'Group Name', 'Group ID', 'Participant', 'Subtype', 'Date'],
    ...rows.map((r) => {
      const b = r.data.body;
      return [
        r.phone,
        b.receiver,
        b.conversation_name,
        b.conversation,
        digitsOf(b.message.participant),
        b.message.subtype.replace(/^group\//, ''),
        formatUtc(r.created_at),
      ];
    }),
  ]);
}

/** `GET /groupActionLogs`: one page of the filtered rows. */
function fetchPage(
  f: GroupLogFilters,
  page: number,
  limit: number,
): Promise<{ total: number; data: GroupActionLog[] }> {
  const params = new URLSearchParams({ subtype: f.subtype, page: String(page), limit: String(limit) });
  if (f.phoneId) params.set('phone_id', f.phoneId);
  if (f.search.trim()) params.set('search', f.search.trim());
  return msgGet(`/groupActionLogs?${params}`);
}

async function fetchAll(f: GroupLogFilters): Promise<GroupActionLog[]> {
  const out: GroupActionLog[] = [];
  for (let page = 1; ; page++) {
    const res = await fetchPage(f, page, FETCH_ALL_LIMIT);
    out.push(...res.data);
    if (res.data.length < FETCH_ALL_LIMIT || out.length >= res.total) return out;
  }
}

export const $groupLogPhones = atom<Phone[]>([]);
export const $groupLogPhonesError = atom('');
/** Numbers of the account's active phones. */
export const $connectedNumbers = computed(
  $groupLogPhones,
  (phones) => new Set(phones.filter((p) => p.status === 'active' && p.number).map((p) => p.number)),
);
export const $groupLogFilters = atom<GroupLogFilters>(DEFAULT_FILTERS);
export const $groupLogPage = atom(1);
/** The shown page's rows and the total; null while the first one loads. */
export const $groupLogResult = atom<{ total: number; rows: GroupActionLog[] } | null>(null);
export const $groupLogError = atom('');
// Answers to an older query are dropped.
let query = 0;

async function load(): Promise<void> {
  const f = $groupLogFilters.get();
  const page = $groupLogPage.get();
  const run = ++query;
  $groupLogError.set('');
  try {
    let result: { total: number; rows: GroupActionLog[] };
    if (f.connectedOnly) {
      const rows = (await fetchAll(f)).filter((r) => isRelated(r, $connectedNumbers.get()));
      result = { total: rows.length, rows: pageSlice(rows, page, GROUP_LOGS_PAGE_SIZE) };
    } else {
      const res = await fetchPage(f, page, GROUP_LOGS_PAGE_SIZE);
      result = { total: res.total, rows: res.data };
    }
    if (run === query) $groupLogResult.set(result);
  } catch {
    if (run !== query) return;
    $groupLogError.set(DEV_MSG.unexpectedError);
    $groupLogResult.set({ total: 0, rows: [] });
  }
}

/** The page opens with the default filters; the phones load beside the first page. */
export function openGroupLogs(): void {
  $groupLogFilters.set(DEFAULT_FILTERS);
  $groupLogPage.set(1);
  $groupLogResult.set(null);
  $groupLogPhones.set([]);
  $groupLogPhonesError.set('');
  void load();
  fetchPhones()
    .then((list) => {
      $groupLogPhones.set(list);
      if ($groupLogFilters.get().connectedOnly) void load();
    })
    .catch(() => $groupLogPhonesError.set(DEV_MSG.failedToLoadPhones));
}

/** Changes filters (the others stay); the rows start at page 1 again. Unchanged filters load nothing. */
export function filterGroupLogs(patch: Partial<GroupLogFilters>): void {
  const before = $groupLogFilters.get();
  const next = { ...before, ...patch };
  if ((Object.keys(next) as (keyof GroupLogFilters)[]).every((k) => next[k] === before[k])) return;
  $groupLogFilters.set(next);
  $groupLogPage.set(1);
  void load();
}

/** Back to the default filters. */
export function clearGroupLogFilters(): void {
  filterGroupLogs(DEFAULT_FILTERS);
}

/** Shows another page of rows. */
export function showGroupLogPage(page: number): void {
  $groupLogPage.set(page);
  void load();
}

/** Saves every row of the filters as a CSV file; a failure shows as the page's error. */
export async function exportGroupLogs(): Promise<void> {
  const f = $groupLogFilters.get();
  try {
    const rows = (await fetchAll(f)).filter((r) => !f.connectedOnly || isRelated(r, $connectedNumbers.get()));
    saveFile(`group-action-logs-${fileDate()}.csv`, groupLogCsv(rows));
  } catch {
    $groupLogError.set(DEV_MSG.unexpectedError);
  }
}
