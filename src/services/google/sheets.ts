import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import { asGoogleAccount, googleError } from './accounts';

const NOT_A_SHEET = 'Please enter the Google Sheets link (https://docs.google.com/spreadsheets/d/...).';
/** The columns the sender reads (A type ... G single choice) and the one it writes its results to. */
const READ_RANGE = 'A1:G';
const RESULT_COLUMN = 'H';

/** The spreadsheet id of a sheet's address (the part after /spreadsheets/d/) or of a bare id. */
export function spreadsheetIdOf(input: string): string {
  const fromUrl = /\/spreadsheets\/d\/([a-zA-Z0-9_-]{10,100})/.exec(input)?.[1];
  const id = fromUrl ?? (/^[a-zA-Z0-9_-]{10,100}$/.test(input) ? input : null);
  if (!id) throw new ApiError('VALIDATION', NOT_A_SHEET, { fields: { spreadsheetId: NOT_A_SHEET } });
  return id;
}

function valuesUrl(ctx: ServiceCtx, id: string, range: string): string {
  return `${ctx.config.GOOGLE_SHEETS_URL.replace(/\/+$/, '')}/v4/spreadsheets/${encodeURIComponent(id)}/values/${encodeURIComponent(range)}`;
}

/** The first sheet's columns A to G (Sheets API `spreadsheets.values.get`). */
export async function readSheetRows(ctx: ServiceCtx, pid: string, id: string): Promise<unknown[][]> {
  // Unformatted: a long number comes as the number, not as the sheet shows it (9.05E+11).
  const res = await asGoogleAccount(ctx, pid, `${valuesUrl(ctx, id, READ_RANGE)}?valueRenderOption=UNFORMATTED_VALUE`);
  if (res.status === 404)
    throw new ApiError('NOT_FOUND', 'The spreadsheet was not found, or the linked Google account cannot open it.');
  if (!res.ok) throw new ApiError('UNAVAILABLE', await googleError(res));
  return ((await res.json()) as { values?: unknown[][] }).values ?? [];
}

/** Writes one result per row to column H, from row 1 (`spreadsheets.values.update`); false when Google refused. */
export async function writeSheetResults(ctx: ServiceCtx, pid: string, id: string, column: string[]): Promise<boolean> {
  if (column.length === 0) return true;
  const range = `${RESULT_COLUMN}1:${RESULT_COLUMN}${column.length}`;
  const url = `${valuesUrl(ctx, id, range)}?valueInputOption=RAW`;
  const res = await asGoogleAccount(ctx, pid, url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ range, majorDimension: 'ROWS', values: column.map((v) => [v]) }),
  });
  return res.ok;
}
