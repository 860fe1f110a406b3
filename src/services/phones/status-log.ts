import type { PhoneRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import type { InStatement } from '@libsql/client';
import { insertRow, type Condition } from '../group-commit';
import { consequencesOf, type Consequences } from '../events/consequence';
import { STATUS } from '../events/status';

/** A phone's status history row (what the status timeline and the back-office read), as a statement; only if `onlyIf` holds. */
export function statusHistoryRow(
  phoneId: number,
  status: string,
  message: string | null,
  at: number,
  onlyIf?: Condition,
): InStatement {
  return insertRow(
    'insert into phone_status_log (phone_id, status, message, at)',
    [phoneId, status, message, at],
    onlyIf,
  );
}

/**
 * A status change made by the API (disable, enable, redeploy...), as statements that commit with the
 * phone's write: its history row with its time, its log row and its status webhook. Once committed,
 * the console's phone lists and the deliverer hear of it.
 */
export async function statusChange(
  ctx: ServiceCtx,
  phone: PhoneRow,
  status: string,
  at: number,
): Promise<Consequences> {
  const events = await consequencesOf(STATUS, ctx, phone, { status });
  return {
    stmts: [statusHistoryRow(phone.id, status, null, at), ...events.stmts],
    async committed(results) {
      ctx.bus?.emit('status', { phoneId: phone.id, pid: phone.pid, status, at });
      await events.committed?.(results.slice(1));
    },
  };
}
