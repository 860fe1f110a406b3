import { lt } from 'drizzle-orm';
import { logs } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import type { InStatement } from '@libsql/client';
import { DEFAULT_WAIT_MS, END_OF_TURN, groupCommit, insertRow, type Condition } from '../group-commit';
import { requestWritten } from '../unit-of-work';

type LogType = (typeof logs.$inferInsert)['type'];

// Hand-built SQL: an API call's row is written on the hot path (see tests/bench/messaging.ts).
const HEAD = 'insert into logs (pid, phone_id, type, data, created_at)';
/** A log row (its arguments: pid, phone_id, type, data, created_at). */
export const LOG_INSERT = `${HEAD} values (?, ?, ?, ?, ?)`;

/**
 * A log row as a statement, for a caller that commits it with other writes in one transaction (an
 * incoming message's row); with `onlyIf`, written only when that holds.
 */
export function logRow(
  ctx: Pick<ServiceCtx, 'now'>,
  pid: string,
  phoneId: number | null,
  type: LogType,
  data: Record<string, unknown>,
  onlyIf?: Condition,
): InStatement {
  return insertRow(HEAD, [pid, phoneId, type, JSON.stringify(data), ctx.now()], onlyIf);
}

/**
 * The one writer of the `logs` table: API calls, message and status events, webhook deliveries and
 * failures all land here, through the group commit (one transaction with the writes around them).
 * Resolves once the row is durable.
 */
export function writeLog(
  ctx: ServiceCtx,
  pid: string,
  phoneId: number | null,
  type: LogType,
  data: Record<string, unknown>,
  waitMs = DEFAULT_WAIT_MS,
): Promise<void> {
  const args = [pid, phoneId, type, JSON.stringify(data), ctx.now()];
  return groupCommit(ctx.db).write({ sql: LOG_INSERT, args }, waitMs);
}

/**
 * Logs one call of the messaging API and waits until the request's writes (a sendMessage row) and
 * the log row are durable: both ride the same batch, and a call its caller saw answered is in the
 * log even if the process dies right after. A write the answer depends on fails the request; the log
 * row's own failure is reported and does not.
 */
export async function logApiCall(
  ctx: ServiceCtx,
  pid: string,
  phoneId: number | null,
  failed: boolean,
  data: Record<string, unknown>,
  onError?: (err: unknown) => void,
): Promise<void> {
  const row = writeLog(ctx, pid, phoneId, failed ? 'error' : 'incoming', data, END_OF_TURN).catch((err: unknown) =>
    onError?.(err),
  );
  await Promise.all([requestWritten(ctx), row]);
}

/** Deletes log rows written before `before` (retention). */
export async function sweepLogs(ctx: ServiceCtx, before: number): Promise<void> {
  await ctx.db.delete(logs).where(lt(logs.createdAt, before));
}
