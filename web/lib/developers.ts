/**
 * Pure rules of the developer pages, the group pages and the phone detail page (3-developer §2, §5,
 * §9; 2-phones §9): date format, paging, webhook warnings, the bulk queue-clear file rules, CSV.
 */
import { CSV_TYPE } from '../../src/shared/csv';
import { DEV_MSG } from './dev-messages';

/** How long the snackbars of the developer pages stay (3-developer §9). */
export const SNACKBAR_MS = 3_000;

/** A date as the spec shows it: UTC `YYYY-MM-DD HH:mm:ss`. Numbers below 1e12 are Unix seconds. */
export function formatUtc(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '–';
  const ms = typeof value === 'number' ? (value < 1e12 ? value * 1000 : value) : Date.parse(value);
  if (!Number.isFinite(ms)) return String(value);
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

/** Today as `YYYY-MM-DD` (UTC), for the names of downloaded files. */
export function fileDate(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** How many pages `total` rows fill at `perPage` a page (at least 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The rows of one page (1-based). */
export function pageSlice<T>(rows: readonly T[], page: number, perPage: number): T[] {
  return rows.slice((page - 1) * perPage, page * perPage);
}

/** Logs are fetched 500 at a time and shown 50 a page (3-developer §9). */
export const LOGS_FETCH_LIMIT = 500;
export const LOGS_PAGE_SIZE = 50;

/** Which 500-event fetch holds a shown page, and where the page starts inside it. */
export function logsFetchOf(page: number): { fetchPage: number; offset: number } {
  const first = (page - 1) * LOGS_PAGE_SIZE;
  return { fetchPage: Math.floor(first / LOGS_FETCH_LIMIT) + 1, offset: first % LOGS_FETCH_LIMIT };
}

/** True when the spec's warning applies: the URL contains ngrok, free or webhook (3-developer §5). */
export function webhookNeedsWarning(url: string): boolean {
  return /ngrok|free|webhook/i.test(url);
}

/** Header words of the first column that are ignored (3-developer §5). */
const HEADER_WORDS = ['phone id', 'phoneid', 'id'];

export type BulkParse = { ok: true; ids: number[]; invalid: number } | { ok: false; message: string };

/**
 * The phone ids of a bulk queue-clear file's first column (3-developer §5): numeric ids in the
 * account's list are valid (each once); the header words are ignored; other values count as invalid.
 */
export function bulkPhoneIds(firstColumn: readonly unknown[], accountIds: ReadonlySet<number>): BulkParse {
  const ids: number[] = [];
  let invalid = 0;
  for (const cell of firstColumn) {
    const value = String(cell ?? '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (!value || HEADER_WORDS.includes(value.toLowerCase())) continue;
    const id = /^\d{1,12}$/.test(value) ? Number(value) : NaN;
    if (!accountIds.has(id)) invalid++;
    else if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > 0) return { ok: true, ids, invalid };
  if (invalid === 0) return { ok: false, message: DEV_MSG.bulkNoValidIds };
  return { ok: false, message: DEV_MSG.bulkAllInvalid(invalid) };
}

/** The first column of a .csv or .txt file: each line up to its first comma. */
export function textFirstColumn(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.split(',')[0] ?? '');
}

/** The file kinds the bulk clear accepts. */
export const BULK_ACCEPT = '.csv,.txt,.xlsx,.xls';

/** True for a spreadsheet the bulk clear reads with SheetJS (the others are read as text). */
export function isSpreadsheet(name: string): boolean {
  return /\.xlsx?$/i.test(name);
}

/** True for a file name the bulk clear accepts. */
export function isBulkFile(name: string): boolean {
  return /\.(csv|txt|xlsx|xls)$/i.test(name);
}

/** Saves text or a blob as a file through a temporary link. */
export function saveFile(name: string, content: string | Blob, type = CSV_TYPE): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Digits of a number or chat id: `905301234567@c.us` → `905301234567`. */
export function digitsOf(value: string): string {
  return value.split('@')[0]!.split(':')[0]!.replace(/\D/g, '');
}

/** Phones the group pages offer: all but those showing a QR or idle (3-developer §2.3). */
export function groupPagePhones<P extends { status: string }>(phones: readonly P[]): P[] {
  return phones.filter((p) => p.status !== 'qr-screen' && p.status !== 'idle');
}

/** The colour of the booked contacts count (2-phones §9): 0 red, 1 to 30 warning, above 30 green. */
export function bookedContactsTone(count: number): 'danger' | 'warning' | 'success' {
  if (count <= 0) return 'danger';
  return count <= 30 ? 'warning' : 'success';
}

/** The phone's WhatsApp state says it is connected (3-developer §2.9: state CONNECTED). */
export function isConnected(status: { state?: { state?: string } } | null | undefined): boolean {
  return status?.state?.state === 'CONNECTED';
}

/** A chat id for a typed number: digits and `@c.us`; group and chat ids pass unchanged. */
export function chatIdFor(input: string): string {
  const v = input.trim();
  if (v.includes('@')) return v;
  return `${digitsOf(v)}@c.us`;
}
