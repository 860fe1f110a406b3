/**
 * Messages and pure rules of the tools that need a phone (3-developer §2.11, §5, §8, §9): Warming Up
 * Numbers, Profile Picture Checker, Number Checker and Multi Number Checker. Strings the spec quotes
 * are written exactly as it spells them.
 */
import { countOf } from '../../src/shared/format';

export const TOOLS_MSG = {
  warmingEmpty: 'No channels in warming pool. Add one to get started.',
  warmingLoading: 'Loading data...',
  selectPhone: 'Please select a phone',
  fetchFailed: (reason: string) => `Failed to fetch data: ${reason}`,
  initialFailed: (reason: string) => `Failed to load initial data: ${reason}`,
  phoneAdded: 'Phone added successfully to warming pool',
  addFailed: (message?: string) => `Failed to add warming data: ${message || 'Unknown error'}`,
  phoneRemoved: 'Phone removed from warming pool',
  removeFailed: (reason: string) => `Failed to remove phone: ${reason}`,
  toggleFailed: 'Failed to toggle system status',
  checkNeedsBoth: 'Please select a phone and enter a number to check.',
  pictureFound: 'Profile picture found!',
  instanceStatus: 'An error occurred while checking the number. Please check your instance status.',
  noPicture: 'No profile picture found.',
  usingWhatsApp: (n: string) => `The number ${n} is using WhatsApp.`,
  notUsingWhatsApp: (n: string) => `The number ${n} is not using WhatsApp.`,
  unexpectedStatus: (status?: unknown) => `Unexpected status: ${status ?? 'Unknown'}`,
  checkFailed: 'Failed to check the number. Please try again.',
  curlCopied: 'cURL code copied to clipboard!',
  onlyExcel: 'Please upload only Excel files (.xlsx, .xls, .csv)',
  noNumbersInFile: 'No valid phone numbers found in the Excel file. Please check the format.',
  noNumbersIn: (kind: CheckFileKind) => `No valid phone numbers found in the ${kind} file. Please check the format.`,
  fileEmpty: (kind: CheckFileKind) =>
    `The ${kind} file is empty: put the phone numbers in column A${kind === 'Excel' ? ' of the first sheet' : ''}, one a row.`,
  fileTooBig: (kind: CheckFileKind, bytes: number) =>
    `The ${kind} file is ${megabytes(bytes)}: the checker reads files of up to ${megabytes(MULTI_FILE_MAX_BYTES)}. Split the numbers into smaller files.`,
  numbersLoaded: (n: number) => `${countOf(n, 'number')} loaded successfully`,
  needPhoneAndNumbers: 'Please select a phone and upload numbers',
  allChecked: 'All numbers checked successfully',
  checkingFailed: 'Error occurred while checking numbers',
  excelError: (reason: string) => `Error processing Excel file: ${reason}`,
  readError: 'Error reading the file',
  downloaded: 'Results downloaded successfully',
  downloadError: (reason: string) => `Error downloading results: ${reason}`,
  phoneListError: 'Error fetching phone list',
  noResults: 'No results to download',
  waitingBanner: 'Waiting for next batch please do not close the page',
} as const;

/** Toast times (3-developer §9): 3 s for copies, 6 s for the multi checker. */
export const COPY_TOAST_MS = 3_000;
export const MULTI_TOAST_MS = 6_000;
/** Multi check constants (3-developer §9). */
export const MULTI = {
  defaultBatch: 150,
  defaultInterval: 20,
  minInterval: 1,
  maxInterval: 120,
  unparseableInterval: 5,
  checkGapMs: 1_000,
} as const;
export const RESULT_FILES = {
  valid: 'valid_whatsapp_numbers.xlsx',
  invalid: 'invalid_whatsapp_numbers.xlsx',
  all: 'whatsapp_check_results.xlsx',
} as const;
export const EXAMPLE_FILE = 'ExamplePhoneNumbers.xlsx';
export const EXAMPLE_NUMBERS = [
  '905301234567',
  '905301234568',
  '905301234569',
  '905301234570',
  '905301234571',
  '905301234572',
  '905301234573',
  '905301234574',
  '905301234575',
  '905301234576',
];

/** The number input keeps digits only (3-developer §5). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * The largest file the multi checker reads: 5 MB, some 300,000 numbers in a CSV (more than a day of
 * checks at one a second), so a bigger one is a mistake or a file to split; it is refused before
 * SheetJS reads it into memory.
 */
export const MULTI_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** What an upload is called in the checker's messages: a .csv is CSV, a .xlsx or .xls Excel. */
export type CheckFileKind = 'CSV' | 'Excel';

export function checkFileKind(name: string): CheckFileKind {
  return /\.csv$/i.test(name) ? 'CSV' : 'Excel';
}

/** A size in MB to one decimal, rounded up (so a file just past the limit never reads as the limit). */
function megabytes(bytes: number): string {
  return `${(Math.ceil(bytes / 1024 / 102.4) / 10).toLocaleString('en')} MB`;
}

/** Why a chosen file is not read, before reading it: not CSV or Excel, empty, or over the size limit. */
export function checkFileProblem(file: { name: string; size: number }): string | null {
  if (!isCheckFile(file.name)) return TOOLS_MSG.onlyExcel;
  const kind = checkFileKind(file.name);
  if (file.size === 0) return TOOLS_MSG.fileEmpty(kind);
  if (file.size > MULTI_FILE_MAX_BYTES) return TOOLS_MSG.fileTooBig(kind, file.size);
  return null;
}

/**
 * Why a read file gives nothing to check: its first sheet has no cell with anything in it (empty),
 * or none of column A's cells holds a digit (no numbers); null when it has numbers.
 */
export function checkNumbersProblem(name: string, read: { numbers: readonly string[]; blank: boolean }): string | null {
  if (read.numbers.length) return null;
  const kind = checkFileKind(name);
  return read.blank ? TOOLS_MSG.fileEmpty(kind) : TOOLS_MSG.noNumbersIn(kind);
}

/** True for a file the multi checker takes. */
export function isCheckFile(name: string): boolean {
  return /\.(xlsx|xls|csv)$/i.test(name);
}

/** Column A of the first sheet as numbers: non-digits stripped, empty entries skipped. */
export function numbersFromColumn(values: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const v of values) {
    const d = digitsOnly(v == null ? '' : String(v));
    if (d) out.push(d);
  }
  return out;
}

/** Batch size: an integer above 0, at most the count of numbers. */
export function clampBatch(value: unknown, count: number): number {
  const n = Math.floor(Number(value));
  const max = Math.max(1, count);
  return Number.isFinite(n) && n > 0 ? Math.min(n, max) : 1;
}

/** The batch size a loaded file starts with: a quarter of its numbers, rounded up. */
export function batchForCount(count: number): number {
  return Math.max(1, Math.ceil(count / 4));
}

/** Interval in minutes: unparseable becomes 5, then clamped to 1..120. */
export function clampInterval(value: unknown): number {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(String(value));
  const n = Number.isFinite(parsed) ? parsed : MULTI.unparseableInterval;
  return Math.min(MULTI.maxInterval, Math.max(MULTI.minInterval, n));
}

/** The countdown of the waiting banner: m:ss. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1_000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The name of the all-results file: '_results.xlsx' on the input file's name when known. */
export function allResultsName(inputName?: string | null): string {
  const base = inputName?.replace(/\.[^.]+$/, '');
  return base ? `${base}_results.xlsx` : RESULT_FILES.all;
}

/** What a number check's answer says (3-developer §8). */
export function numberCheckOutcome(
  number: string,
  status: unknown,
): { tone: 'success' | 'warning' | 'error'; text: string } {
  if (status === 200) return { tone: 'success', text: TOOLS_MSG.usingWhatsApp(number) };
  if (status === 404) return { tone: 'warning', text: TOOLS_MSG.notUsingWhatsApp(number) };
  return { tone: 'error', text: TOOLS_MSG.unexpectedStatus(status) };
}

/** The copyable status check of a number (3-developer §2.11 item 5). */
export function curlSnippet(origin: string, pid: string, phoneId: string, token: string, number: string): string {
  return `curl -X GET "${origin}/api/${pid}/${phoneId}/checknumberstatus?number=${number}@c.us" \\\n  -H "accept: application/json" \\\n  -H "x-api-key: ${token}"`;
}
