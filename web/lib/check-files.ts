/**
 * The Multi Number Checker's spreadsheets (3-developer §5, §9), through SheetJS loaded only when a
 * file is read or written: numbers from column A of the first sheet, the example file and the
 * result files.
 */
import { normalizePhone } from './phone-numbers';
import { EXAMPLE_NUMBERS, numbersFromColumn } from './phone-tools';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const sheetjs = () => import('@e965/xlsx');

/**
 * A cell's value as the digits it holds: a number cell gives its whole value (905301112232, not its
 * display text `9.05301E+11`), a formula its cached result, a text cell its text as typed.
 */
function cellNumber(cell: { t?: string; v?: unknown } | undefined): string {
  const v = cell?.v;
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : String(v);
  return typeof v === 'string' ? v : '';
}

/**
 * Numbers of column A of the first sheet (cells read one by one, no row objects). Values, never the
 * formatted text; `raw` keeps a .csv's fields as the text written (no 0090… turned into a number).
 */
export async function readNumbers(data: ArrayBuffer): Promise<string[]> {
  return (await readCheckFile(data)).numbers;
}

/** A cell with something in it: a number or boolean, or text that is not only spaces. */
function filled(cell: unknown): boolean {
  const v = (cell as { v?: unknown } | undefined)?.v;
  return typeof v === 'string' ? v.trim() !== '' : v !== undefined && v !== null;
}

/**
 * The numbers of column A of the first sheet, and whether that sheet is blank (no cell anywhere with
 * anything in it), so an empty file and a file without numbers are told apart.
 */
export async function readCheckFile(data: ArrayBuffer): Promise<{ numbers: string[]; blank: boolean }> {
  const XLSX = await sheetjs();
  const book = XLSX.read(data, { type: 'array', dense: false, raw: true, cellText: false });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet?.['!ref']) return { numbers: [], blank: true };
  const blank = !Object.keys(sheet).some((key) => !key.startsWith('!') && filled(sheet[key]));
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const column: unknown[] = [];
  for (let r = range.s.r; r <= range.e.r; r++)
    column.push(cellNumber(sheet[XLSX.utils.encode_cell({ r, c: 0 })] as { t?: string; v?: unknown } | undefined));
  // Each as WhatsApp needs it (a leading 00 dropped, a trunk 0 after the country code too); a number
  // the rules do not take is checked as written, so the run reports it rather than skipping it.
  const numbers = numbersFromColumn(column).map((n) => {
    const checked = normalizePhone(n);
    return checked.ok ? checked.digits : n;
  });
  return { numbers, blank };
}

async function workbook(sheetName: string, rows: (string | number)[][]): Promise<Blob> {
  const XLSX = await sheetjs();
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheetName);
  return new Blob([XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer], { type: XLSX_TYPE });
}

/** ExamplePhoneNumbers.xlsx: sheet 'phones', 10 sample numbers. */
export function exampleFile(): Promise<Blob> {
  return workbook(
    'phones',
    EXAMPLE_NUMBERS.map((n) => [n]),
  );
}

/** A result file: columns number and Valid or Invalid. */
export function resultFile(rows: Iterable<[string, boolean]>): Promise<Blob> {
  const out: (string | number)[][] = [['number', 'status']];
  for (const [n, valid] of rows) out.push([n, valid ? 'Valid' : 'Invalid']);
  return workbook('results', out);
}
