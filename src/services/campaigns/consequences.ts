import type { InStatement } from '@libsql/client';
import type { MessageRow, PhoneRow } from '../../../db/schema';
import type { Ack, IncomingMessage } from '../../engines/types';
import type { ServiceCtx } from '../context';
import type { Condition } from '../group-commit';
import type { AckGuard, Companions } from '../messages/store';

/**
 * What engine events mean for campaigns (issue 41), as parts the runner's hooks combine (`allOf`):
 * statements that commit with the event's own write, under its condition, so a redelivered or late
 * event moves nothing. The recipient is found by its message id (a partial index), or for a reply by
 * its phone and number.
 */

/** The field of a queued message's stored body that names its campaign (the sender ignores it). */
export const CAMPAIGN_MARK = '_campaign';

/** The recipient states an ack may raise, and where each ack takes them (acks only move forward). */
function ackMove(ack: number): { to: string; from: string[] } | null {
  if (ack >= 5) return null;
  if (ack >= 3) return { to: 'read', from: ['queued', 'sent', 'delivered'] };
  if (ack === 2) return { to: 'delivered', from: ['queued', 'sent'] };
  return { to: 'sent', from: ['queued'] };
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** An ack: the campaign recipient of the message (if any) moves to sent, delivered or read. */
export function campaignAck(_ctx: ServiceCtx, _phone: PhoneRow, a: Ack, guard: () => AckGuard): Companions {
  const move = ackMove(a.ack);
  if (!move) return { stmts: [] };
  const { onlyIf, msgId } = guard();
  const stmt: InStatement = {
    sql: `update campaign_recipients set status = ?, updated_at = ? where msg_id = ${msgId.sql} and status in (${marks(move.from.length)}) and ${onlyIf.sql}`,
    args: [move.to, a.time * 1000 || Date.now(), ...msgId.args, ...move.from, ...onlyIf.args],
  };
  return { stmts: [stmt] };
}

/** A failed send (or a message Meta gave up on): its recipient is `failed`, with the reason. */
export function campaignFailed(ctx: ServiceCtx, row: MessageRow, error: string, onlyIf: Condition): Companions {
  return {
    stmts: [
      {
        sql: `update campaign_recipients set status = 'failed', error = ?, updated_at = ? where msg_id = ? and status in ('queued', 'sent', 'delivered') and ${onlyIf.sql}`,
        args: [error.slice(0, 500), ctx.now(), row.id, ...onlyIf.args],
      },
    ],
    committed: () => ctx.bus?.emit('campaigns', {}),
  };
}

/** A customer wrote back: its recipients on that phone that got their message count as `replied`. */
export function campaignReply(ctx: ServiceCtx, phone: PhoneRow, m: IncomingMessage, isNew: Condition): Companions {
  if (m.key.fromMe || !m.key.chatId.endsWith('@c.us')) return { stmts: [] };
  const number = m.key.chatId.slice(0, -5);
  return {
    stmts: [
      {
        sql: `update campaign_recipients set status = 'replied', updated_at = ? where phone_id = ? and number = ? and status in ('sent', 'delivered', 'read') and ${isNew.sql}`,
        args: [ctx.now(), phone.id, number, ...isNew.args],
      },
    ],
  };
}

/**
 * A message reached a final state (the sender's outcome, already committed): a campaign's sent one moves its
 * queued recipient to `sent` at once (the dispatcher settles any this misses, after a crash), and the
 * dispatcher is told that a window has room.
 */
export async function campaignSent(ctx: ServiceCtx, row: MessageRow, outcome: 'sent' | 'failed'): Promise<void> {
  if (!row.body[CAMPAIGN_MARK]) return;
  if (outcome === 'sent') {
    await ctx.db.$client.execute({
      sql: "update campaign_recipients set status = 'sent', updated_at = ? where msg_id = ? and status = 'queued'",
      args: [ctx.now(), row.id],
    });
  }
  ctx.bus?.emit('campaigns', {});
}
