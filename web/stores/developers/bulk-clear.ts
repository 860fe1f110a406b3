import { atom } from 'nanostores';
import { DEV_MSG } from '../../lib/dev-messages';
import { bulkPhoneIds, isBulkFile, isSpreadsheet, textFirstColumn } from '../../lib/developers';
import { errorMessage } from '../../lib/messaging-api';
import { fetchPhones } from '../phones';
import { purgeQueue } from './queues';

/** The wait between two clears of a bulk clear (3-developer §2.1, §9). */
export const BULK_CLEAR_GAP_MS = 3_000;

/** A bulk clear's outcome for one phone (3-developer §3). */
export interface BulkResult {
  phoneId: number;
  success: boolean;
  message: string;
}

/** Clears one phone's queue (`GET /{phoneId}/purgeQueue`); stories pass their own. */
export type ClearQueue = (phoneId: number) => Promise<{ success?: boolean }>;

export interface BulkState {
  fileName: string;
  parsed: { ids: number[]; invalid: number } | null;
  error: string;
  running: boolean;
  results: BulkResult[];
}
const IDLE: BulkState = { fileName: '', parsed: null, error: '', running: false, results: [] };

/** The ids of the account's phones (only these are valid); null until loaded. */
export const $bulkAccountIds = atom<number[] | null>(null);
export const $bulkAccountError = atom('');
export const $bulk = atom<BulkState>(IDLE);
// A new run (or leaving the tab) ends the one under way.
let runId = 0;

const patch = (p: Partial<BulkState>) => $bulk.set({ ...$bulk.get(), ...p });

/** Loads the ids of the account's phones for the Bulk Clear tab. */
export async function loadBulkAccountIds(): Promise<void> {
  $bulkAccountIds.set(null);
  $bulkAccountError.set('');
  try {
    $bulkAccountIds.set((await fetchPhones()).map((p) => p.id));
  } catch (e) {
    $bulkAccountError.set(errorMessage(e));
  }
}

/** The first column of an imported file; spreadsheets are read with SheetJS, loaded only now. */
async function readFirstColumn(file: File): Promise<unknown[]> {
  if (!isSpreadsheet(file.name)) return textFirstColumn(await file.text());
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.read(await file.arrayBuffer(), { type: 'array' });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) return [];
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false, raw: false }).map((row) => row[0]);
}

/** What a clear call's answer says (3-developer §8): cleared, 'Undefined' without a verdict, or the error. */
export async function clearOutcome(clear: () => Promise<{ success?: boolean }>): Promise<Omit<BulkResult, 'phoneId'>> {
  try {
    const res = await clear();
    if (res.success === undefined) return { success: false, message: DEV_MSG.bulkUndefined };
    return res.success
      ? { success: true, message: DEV_MSG.bulkCleared }
      : { success: false, message: DEV_MSG.bulkError('not cleared') };
  } catch (e) {
    return { success: false, message: DEV_MSG.bulkError(errorMessage(e)) };
  }
}

/** Reads the phone ids of an imported file, checked against the account's phones. */
export async function pickBulkFile(file: File | undefined, accountIds: readonly number[]): Promise<void> {
  patch({ parsed: null, results: [], error: '' });
  if (!file) return;
  patch({ fileName: file.name });
  if (!isBulkFile(file.name)) return patch({ error: DEV_MSG.bulkParseError });
  let column: unknown[];
  try {
    column = await readFirstColumn(file);
  } catch {
    return patch({ error: DEV_MSG.bulkParseError });
  }
  const res = bulkPhoneIds(column, new Set(accountIds));
  if (res.ok) patch({ parsed: { ids: res.ids, invalid: res.invalid } });
  else patch({ error: res.message });
}

/** Clears the queue of every phone of the file, `gapMs` apart, adding each outcome as it comes. */
export async function runBulkClear(clear: ClearQueue = purgeQueue, gapMs = BULK_CLEAR_GAP_MS): Promise<void> {
  const parsed = $bulk.get().parsed;
  if (!parsed) return;
  const run = ++runId;
  patch({ running: true, results: [] });
  for (const [i, phoneId] of parsed.ids.entries()) {
    if (i > 0) await new Promise((r) => setTimeout(r, gapMs));
    if (run !== runId) return;
    const outcome = await clearOutcome(() => clear(phoneId));
    if (run !== runId) return;
    patch({ results: [...$bulk.get().results, { phoneId, ...outcome }] });
  }
  patch({ running: false });
}

/** Starts the tab over and ends a run under way (the tab opens or closes). */
export function resetBulkClear(): void {
  runId++;
  $bulk.set(IDLE);
}
