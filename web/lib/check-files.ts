/**
 * The Multi Number Checker's spreadsheets (3-developer §5, §9), through SheetJS loaded only when a
 * file is read or written: numbers from column A of the first sheet, the example file and the
 * result files.
 */
import { EXAMPLE_NUMBERS, numbersFromColumn } from './phone-tools';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const sheetjs = () => import('@e965/xlsx');

/** Numbers of column A of the first sheet (cells read one by one, no row objects). */
export async function readNumbers(data: ArrayBuffer): Promise<string[]> {
  const XLSX = await sheetjs();
  const book = XLSX.read(data, { type: 'array', dense: false });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet?.['!ref']) return [];
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const column: unknown[] = [];
  for (let r = range.s.r; r <= range.e.r; r++) column.push((sheet[XLSX.utils.encode_cell({ r, c: 0 })] as { w?: string; v?: unknown } | undefined)?.w ?? '');
  return numbersFromColumn(column);
}

async function workbook(sheetName: string, rows: (string | number)[][]): Promise<Blob> {
  const XLSX = await sheetjs();
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheetName);
  return new Blob([XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer], { type: XLSX_TYPE });
}

/** ExamplePhoneNumbers.xlsx: sheet 'phones', 10 sample numbers. */
export function exampleFile(): Promise<Blob> {
  return workbook('phones', EXAMPLE_NUMBERS.map((n) => [n]));
}

/** A result file: columns number and Valid or Invalid. */
export function resultFile(rows: Iterable<[string, boolean]>): Promise<Blob> {
  const out: (string | number)[][] = [['number', 'status']];
  for (const [n, valid] of rows) out.push([n, valid ? 'Valid' : 'Invalid']);
  return workbook('results', out);
}
