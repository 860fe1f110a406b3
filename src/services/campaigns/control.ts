import type { InStatement } from '@libsql/client';
import type { CampaignRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import { groupCommit } from '../group-commit';
import { purgeCampaignStmt } from '../messages/queue';
import { getCampaign } from './view';
import { campaignEventRows } from './webhook';

type Status = CampaignRow['status'];

/** Recipients whose queued message was just purged: back to `to` (pending on pause, cancelled on cancel). */
function unqueueStmt(id: string, to: 'pending' | 'cancelled', now: number): InStatement {
  const msgId = to === 'pending' ? 'null' : 'msg_id';
  return {
    sql: `update campaign_recipients set status = ?, msg_id = ${msgId}, updated_at = ? where campaign_id = ? and status = 'queued' and (select m.status from messages m where m.id = campaign_recipients.msg_id) = 'purged'`,
    args: [to, now, id],
  };
}

/**
 * Moves a campaign from one of `from` to `to` with its `campaign` event, in one transaction: the
 * event only if the move takes effect (a second pause writes nothing). Pause and cancel drop the
 * campaign's messages still waiting in the phones' queues (what is in flight finishes).
 */
export async function moveCampaign(
  ctx: ServiceCtx,
  c: Pick<CampaignRow, 'id' | 'pid'>,
  from: readonly Status[],
  to: Status,
): Promise<boolean> {
  const now = ctx.now();
  const marks = from.map(() => '?').join(', ');
  const holds = {
    sql: `exists (select 1 from campaigns where id = ? and status in (${marks}))`,
    args: [c.id, ...from],
  };
  const stmts: InStatement[] = [...(await campaignEventRows(ctx, c.pid, c.id, to, holds))];
  const ends = to === 'completed' || to === 'cancelled';
  const starts = to === 'running';
  stmts.push({
    sql: `update campaigns set status = ?${ends ? ', finished_at = ?' : ''}${starts ? ', started_at = coalesce(started_at, ?)' : ''} where id = ? and status in (${marks})${to === 'completed' ? ' and n_pending = 0 and n_queued = 0' : ''}`,
    args: [to, ...(ends || starts ? [now] : []), c.id, ...from],
  });
  if (to === 'paused' || to === 'cancelled') {
    stmts.push(purgeCampaignStmt(c.id, now), unqueueStmt(c.id, to === 'paused' ? 'pending' : 'cancelled', now));
  }
  if (to === 'cancelled') {
    stmts.push({
      sql: "update campaign_recipients set status = 'cancelled', updated_at = ? where campaign_id = ? and status = 'pending'",
      args: [now, c.id],
    });
  }
  // The event rows go first (their condition reads the status before the move); the move is the next statement.
  const results = await groupCommit(ctx.db).run(stmts);
  const moved = results[stmts.length - (to === 'cancelled' ? 4 : to === 'paused' ? 3 : 1)] as { rowsAffected: number };
  if (moved.rowsAffected) {
    ctx.bus?.emit('outbox', {});
    ctx.bus?.emit('campaigns', {});
  }
  return moved.rowsAffected > 0;
}

const FROM: Record<'pause' | 'resume' | 'cancel', { from: Status[]; to: Status }> = {
  pause: { from: ['running', 'scheduled'], to: 'paused' },
  resume: { from: ['paused'], to: 'running' },
  cancel: { from: ['running', 'scheduled', 'paused'], to: 'cancelled' },
};

/** Pause, resume or cancel at the API: 409 when the campaign is not in a state it applies to. */
export async function controlCampaign(ctx: ServiceCtx, pid: string, id: string, action: keyof typeof FROM) {
  const c = await getCampaign(ctx, pid, id);
  const { from, to } = FROM[action];
  if (!from.includes(c.status) || !(await moveCampaign(ctx, c, from, to))) {
    const now = (await getCampaign(ctx, pid, id)).status;
    if (now !== to)
      throw new ApiError(
        'CONFLICT',
        `The campaign is ${now}: it cannot be ${action === 'pause' ? 'paused' : action === 'resume' ? 'resumed' : 'cancelled'}.`,
      );
  }
  return getCampaign(ctx, pid, id);
}
