/**
 * The one CSV writer of every export we produce (group action logs, inactive groups, campaign
 * results, the staff's sandbox phones; server or console), so they all quote alike and none of them
 * can carry a formula into a spreadsheet (OWASP "CSV injection").
 *
 * - Every cell is quoted (`"`), a quote inside doubled; rows end with CRLF (RFC 4180).
 * - A text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to Excel,
 *   LibreOffice and Google Sheets: it is written with a single quote `'` in front, which they show as
 *   text. Numbers (`-5`) are written as they are: a number is never a formula.
 */

/** The characters a spreadsheet reads a formula from at the start of a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A value as it may sit in a cell: text with a formula start gets a leading `'`. */
export function neutralCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell of a CSV line: neutralised and quoted. */
export function csvCell(value: unknown): string {
  return `"${neutralCell(value).replace(/"/g, '""')}"`;
}

/** A CSV document: every row's cells quoted and neutralised, each row ending with CRLF. */
export function toCsv(rows: Iterable<readonly unknown[]>): string {
  let out = '';
  for (const row of rows) out += `${row.map(csvCell).join(',')}\r\n`;
  return out;
}

/** The content type of what toCsv writes. */
export const CSV_TYPE = 'text/csv;charset=utf-8';
