import { phoneStatusLog, type PhoneRow } from '../../../db/schema';
import type { ServiceCtx } from '../context';
import { emitStatus } from '../webhooks/events';

/** Records a status change made by the API (disable, enable, redeploy...) with its time. */
export async function recordStatus(ctx: ServiceCtx, phone: PhoneRow, status: string, at: number): Promise<void> {
  if (phone.status === status && phone.enabled) return;
  await ctx.db.insert(phoneStatusLog).values({ phoneId: phone.id, status, at });
  ctx.bus?.emit('status', { phoneId: phone.id, pid: phone.pid, status, at });
  await emitStatus(ctx, phone, status);
}
