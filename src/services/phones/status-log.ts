import type { PhoneRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { insertRow } from '../group-commit';
import type { Companions } from '../messages/store';
import { statusEvents } from '../webhooks/events';

/**
 * A status change made by the API (disable, enable, redeploy...), as statements that commit with the
 * phone's write: its history row with its time, its log row and its status webhook. Once committed,
 * the console's phone lists and the deliverer hear of it.
 */
export async function statusChange(ctx: ServiceCtx, phone: PhoneRow, status: string, at: number): Promise<Companions> {
  const events = await statusEvents(ctx, phone, status);
  return {
    stmts: [insertRow('insert into phone_status_log (phone_id, status, at)', [phone.id, status, at]), ...events.stmts],
    async committed(results) {
      ctx.bus?.emit('status', { phoneId: phone.id, pid: phone.pid, status, at });
      await events.committed?.(results.slice(1));
    },
  };
}
