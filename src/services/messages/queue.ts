import { and, count, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../db/schema';
import { phoneChanged } from '../cache';
import type { ServiceCtx } from '../context';

/** Statuses of a message still owed to WhatsApp: waiting, or handed to the engine. */
const PENDING = ['queued', 'sending'] as const;

/** How many messages each phone still has to send. */
export async function queueCounts(ctx: ServiceCtx, phoneIds: number[]): Promise<Map<number, number>> {
  if (phoneIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: messages.phoneId, n: count() })
    .from(messages)
    .where(and(inArray(messages.phoneId, phoneIds), inArray(messages.status, [...PENDING])))
    .groupBy(messages.phoneId)
    .all();
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** How many messages one phone still has to send. */
export async function queueLength(ctx: ServiceCtx, phoneId: number): Promise<number> {
  return (await queueCounts(ctx, [phoneId])).get(phoneId) ?? 0;
}

/** Drops the messages still waiting (not those already handed to the engine); answers how many. */
export async function purgeQueue(ctx: ServiceCtx, phone: { id: number; pid: string }): Promise<number> {
  const res = await ctx.db
    .update(messages)
    .set({ status: 'purged', updatedAt: ctx.now() })
    .where(and(eq(messages.phoneId, phone.id), eq(messages.status, 'queued')));
  phoneChanged(ctx, phone);
  return res.rowsAffected;
}

/**
 * A campaign's messages still waiting in their phones' queues, dropped (paused or cancelled: what
 * is in flight finishes), as a statement for the campaign's batch. The recipients that named them
 * are put back or cancelled after it in the same transaction (services/campaigns/control.ts).
 */
export function purgeCampaignStmt(campaignId: string, now: number) {
  return {
    sql: "update messages set status = 'purged', updated_at = ? where status = 'queued' and id in (select msg_id from campaign_recipients where campaign_id = ? and status = 'queued' and msg_id is not null)",
    args: [now, campaignId],
  };
}
