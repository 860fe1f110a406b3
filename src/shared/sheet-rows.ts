import type { SendMessageBody } from './schemas/messaging/send';
import { TEXT_MAX } from './schemas/messaging/send';

/**
 * The Google Sheets sender's row format (3-developer §5 "Sheets send"), shared by the server (a sheet
 * read through the Sheets API, or rows of an uploaded .xlsx / .csv) and the console (which checks an
 * upload before sending it): A type (text, media, poll); B recipient number; C message, media URL or
 * poll question; D optional title (text), caption (media) or first poll option; D to F poll options
 * (max 3); G TRUE for a single-choice poll.
 */

/** Rows one run may hold. */
export const SHEET_ROWS_MAX = 5_000;
const SHEET_TYPES = ['text', 'media', 'poll'] as const;

export type SheetRowCheck =
  { kind: 'message'; message: SendMessageBody } | { kind: 'invalid'; error: string } | { kind: 'blank' };

const RECIPIENT = /^\d{7,15}$/;
const GROUP = /^[\d-]{5,40}@g\.us$/;
const DATA_URI_PREFIX = /^data:[\w.+-]+\/[\w.+-]+(;[\w-]+=[^;,]+)*;base64,/;

/** A cell as text: numbers (long phone numbers come as numbers from spreadsheets) without exponent, booleans as TRUE/FALSE. */
function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isInteger(cell) ? BigInt(cell).toString() : String(cell);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell).trim();
}

/** True when a first row is a header (its column A is not a message type). */
export function isHeaderRow(cells: readonly unknown[]): boolean {
  const a = cellText(cells[0]).toLowerCase();
  return a !== '' && !(SHEET_TYPES as readonly string[]).includes(a);
}

function recipient(raw: string): string | null {
  if (GROUP.test(raw)) return raw;
  const digits = raw.replace(/[\s+\-().]/g, '');
  return RECIPIENT.test(digits) ? digits : null;
}

/** Checks one row and turns it into the sendMessage body it stands for. */
export function checkSheetRow(cells: readonly unknown[]): SheetRowCheck {
  const [a, b, c, d, e, f, g] = Array.from({ length: 7 }, (_, i) => cellText(cells[i]));
  if (!a && !b && !c) return { kind: 'blank' };
  const type = a!.toLowerCase();
  if (!(SHEET_TYPES as readonly string[]).includes(type))
    return { kind: 'invalid', error: 'Column A must be text, media or poll.' };
  const to = recipient(b!);
  if (!to)
    return { kind: 'invalid', error: "Column B must be the recipient's number with its country code (digits only)." };
  if (!c)
    return {
      kind: 'invalid',
      error:
        type === 'media'
          ? 'Column C must hold the media URL or base64 data.'
          : type === 'poll'
            ? 'Column C must hold the poll question.'
            : 'Column C must hold the message.',
    };
  if (type === 'text') {
    const message = d ? `*${d}*\n${c}` : c;
    if (message.length > TEXT_MAX)
      return { kind: 'invalid', error: `The message is longer than ${TEXT_MAX} characters.` };
    return { kind: 'message', message: { to_number: to, type: 'text', message } };
  }
  if (type === 'media') {
    if (c.startsWith('data:') ? !DATA_URI_PREFIX.test(c) : !/^https?:\/\/\S+$/i.test(c)) {
      return {
        kind: 'invalid',
        error: 'Column C must be an http(s) media URL, or base64 data starting with a data:MIME;base64, prefix.',
      };
    }
    return { kind: 'message', message: { to_number: to, type: 'media', message: c, ...(d ? { text: d } : {}) } };
  }
  const options = [d, e, f].filter((o): o is string => Boolean(o));
  if (options.length < 2) return { kind: 'invalid', error: 'A poll needs at least two options in columns D to F.' };
  if (c.length > 255 || options.some((o) => o.length > 100))
    return { kind: 'invalid', error: 'A poll question has at most 255 characters and an option at most 100.' };
  return {
    kind: 'message',
    message: { to_number: to, type: 'poll', message: c, options, only_one: g!.toUpperCase() === 'TRUE' },
  };
}
