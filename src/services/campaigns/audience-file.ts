import * as XLSX from '@e965/xlsx';
import { ApiError } from '../../errors';

/**
 * A campaign's audience uploaded as a file (issue 41): a CSV or a spreadsheet (xlsx, xls, ods)
 * read with SheetJS. The first row names the columns; one column is chosen for the number and the
 * others become the recipient's variables (`{{name}}`).
 *
 * Read for 100,000 rows: a dense sheet (rows as arrays, no cell-address objects), values only (no
 * formatted text), the first sheet only, and at most `maxRows` data rows parsed (`sheetRows`), so an
 * oversized file is refused without reading it all.
 */
export interface AudienceFile {
  /** The header row's names, trimmed; a blank one is named after its column letter (`C`), a repeated one gets ` (2)`. */
  columns: string[];
  /** The data rows as text, each as long as `columns`; rows with nothing in them are left out. */
  rows: string[][];
}

export interface AudienceRecipient {
  /** The number cell as written (trimmed): the campaign reads it with libphonenumber-js and counts invalid ones. */
  number: string;
  variables: Record<string, string>;
}

const SPREADSHEET = /\.(xlsx|xlsm|xls|ods)$/i;
const CSV = /\.(csv|txt)$/i;

/** A cell's value as text: a whole number in full (905301112232, not 9.05301E+11), a date as its ISO day. */
function cellText(cell: XLSX.CellObject | undefined): string {
  const v = cell?.v;
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 1e21 ? BigInt(v).toString() : String(v);
  if (v instanceof Date) {
    const iso = v.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  return String(v);
}

/** Header names: trimmed, a blank one named after its column letter, repeats made unique. */
function headerNames(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((raw, i) => {
    const base = raw || XLSX.utils.encode_col(i);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

function parse(bytes: Uint8Array, name: string, sheetRows: number): XLSX.WorkBook {
  const opts = { dense: true, cellDates: true, cellText: false, cellHTML: false, cellStyles: false, sheetRows };
  try {
    if (CSV.test(name)) {
      // Text as written: no type guessing (0090… stays text), the byte-order mark dropped.
      const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
      return XLSX.read(text, { ...opts, type: 'string', raw: true, cellDates: false });
    }
    return XLSX.read(bytes, { ...opts, type: 'array', sheets: 0 });
  } catch {
    throw new ApiError('VALIDATION', `${name} could not be read as a ${CSV.test(name) ? 'CSV' : 'spreadsheet'} file.`, {
      fields: { file: 'unreadable' },
    });
  }
}

/**
 * The columns and rows of `name`'s first sheet. Refuses (422) a file that is neither CSV nor a
 * spreadsheet by its name, one that cannot be read, one without a header row, and one with more than
 * `maxRows` data rows (100,000 by default).
 */
export function readAudienceFile(bytes: Uint8Array, name: string, maxRows = 100_000): AudienceFile {
  if (!CSV.test(name) && !SPREADSHEET.test(name)) {
    throw new ApiError('VALIDATION', 'The audience file must be a .csv, .xlsx, .xls or .ods file.', {
      fields: { file: 'unsupported type' },
    });
  }
  // The header, maxRows rows and one more to tell an oversized file.
  const book = parse(bytes, name, maxRows + 2);
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  const data = (sheet?.['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  let width = 0;
  const texts: string[][] = [];
  for (const row of data) {
    if (!row) continue;
    const cells: string[] = new Array<string>(row.length);
    let filled = false;
    for (let c = 0; c < row.length; c++) {
      const t = cellText(row[c]);
      cells[c] = t;
      if (t) {
        filled = true;
        if (c + 1 > width) width = c + 1;
      }
    }
    if (filled) texts.push(cells);
  }
  const header = texts.shift();
  if (!header) {
    throw new ApiError('VALIDATION', 'The audience file is empty: its first row names the columns.', {
      fields: { file: 'empty' },
    });
  }
  if (texts.length > maxRows) {
    throw new ApiError('VALIDATION', `The audience file has more than ${maxRows} rows.`, {
      fields: { file: 'too many rows' },
    });
  }
  const columns = headerNames(Array.from({ length: width }, (_, c) => header[c] ?? ''));
  const rows = texts.map((cells) => Array.from({ length: width }, (_, c) => cells[c] ?? ''));
  return { columns, rows };
}

/** Each row's number (from `numberColumn`) and its other columns as variables. 422 when no column has that name. */
export function pickAudience(file: AudienceFile, numberColumn: string): AudienceRecipient[] {
  const at = file.columns.indexOf(numberColumn);
  if (at < 0) {
    throw new ApiError('VALIDATION', `The audience file has no column named ${numberColumn}.`, {
      fields: { number_column: 'unknown column' },
    });
  }
  return file.rows.map((row) => {
    const variables: Record<string, string> = {};
    for (let c = 0; c < file.columns.length; c++) if (c !== at) variables[file.columns[c] as string] = row[c] ?? '';
    return { number: row[at] ?? '', variables };
  });
}
