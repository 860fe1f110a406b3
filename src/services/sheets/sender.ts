import type { PhoneRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { SendMessageBody } from '../../shared/schemas/messaging/send';
import { SHEETS_FAILURE, SHEETS_SUCCESS } from '../../shared/google-messages';
import type { SheetRowResult, SheetSenderAnswer } from '../../shared/schemas/integrations';
import { checkSheetRow, isHeaderRow, SHEET_ROWS_MAX } from '../../shared/sheet-rows';
import type { ServiceCtx } from '../context';
import { acceptMessage } from '../messages/accept';
import { effectiveStatus } from '../phones/phones';

const PHONE_NOT_ACTIVE = 'The phone is not active. Please select an active phone.';
const NO_ROWS = 'The sheet has no rows to send.';

/** A run's outcome plus, per row of the sheet from row 1, the text written back to its result column. */
export interface SheetRun extends Omit<SheetSenderAnswer, 'written_back'> {
  column: string[];
}

interface Checked {
  row: number;
  type: string;
  to: string;
  message?: SendMessageBody;
  error?: string;
}

/** Rows queued at once: their inserts share the write batch. */
const BATCH = 100;

/**
 * Runs `queue` over the rows a batch at a time. A batch never holds two rows for one recipient, so a
 * recipient's messages keep the sheet's order (the order between recipients does not matter).
 */
async function queueInBatches(
  rows: Checked[],
  queue: (r: Checked) => Promise<SheetRowResult>,
): Promise<SheetRowResult[]> {
  const out: SheetRowResult[] = [];
  let batch: Checked[] = [];
  let recipients = new Set<string>();
  const flush = async () => {
    out.push(...(await Promise.all(batch.map(queue))));
    batch = [];
    recipients = new Set();
  };
  for (const r of rows) {
    const to = r.message!.to_number.toString();
    if (batch.length >= BATCH || recipients.has(to)) await flush();
    batch.push(r);
    recipients.add(to);
  }
  await flush();
  return out;
}

/**
 * Sends a campaign from rows in the sheet's column format: every row is checked first and nothing is
 * queued when one is wrong (a partly sent campaign cannot be fixed and run again without sending
 * twice); then each row goes on the phone's send queue as its own message, in order.
 */
export async function sendSheetRows(
  ctx: ServiceCtx,
  phone: PhoneRow,
  rows: readonly (readonly unknown[])[],
): Promise<SheetRun> {
  if (effectiveStatus(phone) !== 'active') throw new ApiError('NOT_ACTIVE', PHONE_NOT_ACTIVE);
  const header = rows.length > 0 && isHeaderRow(rows[0]!);
  const checked: Checked[] = [];
  rows.forEach((cells, i) => {
    if (i === 0 && header) return;
    const check = checkSheetRow(cells);
    if (check.kind === 'blank') return;
    const type = String(cells[0] ?? '')
      .trim()
      .toLowerCase();
    const to = String(cells[1] ?? '').trim();
    checked.push(
      check.kind === 'message'
        ? { row: i + 1, type, to, message: check.message }
        : { row: i + 1, type, to, error: check.error },
    );
  });
  if (checked.length === 0) throw new ApiError('VALIDATION', NO_ROWS, { fields: { rows: NO_ROWS } });
  if (checked.length > SHEET_ROWS_MAX)
    throw new ApiError('VALIDATION', `At most ${SHEET_ROWS_MAX} rows per run.`, { fields: { rows: 'too many' } });
  const invalid = checked.filter((r) => r.error).length;
  const base = (r: Checked) => ({ row: r.row, type: r.type, to_number: r.to });
  const results: SheetRowResult[] =
    invalid > 0
      ? checked.map((r) =>
          r.error ? { ...base(r), status: 'invalid', error: r.error } : { ...base(r), status: 'not sent' },
        )
      : await queueInBatches(checked, async (r) => {
          try {
            const { id } = await acceptMessage(ctx, phone, r.message!);
            return { ...base(r), status: 'queued', message_id: id };
          } catch (err) {
            return { ...base(r), status: 'failed', error: err instanceof Error ? err.message : String(err) };
          }
        });
  const queued = results.filter((r) => r.status === 'queued').length;
  const failed = results.filter((r) => r.status === 'failed').length;
  const column: string[] = Array.from({ length: rows.length }, () => '');
  if (header) column[0] = 'Result';
  for (const r of results)
    column[r.row - 1] =
      r.status === 'queued' ? `queued ${r.message_id}` : `${r.status}${r.error ? `: ${r.error}` : ''}`;
  return {
    success: invalid === 0 && failed === 0,
    message: invalid === 0 && failed === 0 ? SHEETS_SUCCESS : SHEETS_FAILURE,
    queued,
    failed,
    invalid,
    results,
    column,
  };
}
