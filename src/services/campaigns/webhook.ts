import type { InStatement } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { campaigns, products } from '../../../db/schema';
import { liveWebhookUrl } from '../../shared/live-webhook';
import type { ServiceCtx } from '../context';
import { conditionOf, type Condition, type Expr } from '../group-commit';
import { campaignHeldSql, protectionNowOf } from '../messages/protection-budget';
import { logRow } from '../logs/write';
import { deliveryRow, eventId } from '../webhooks/outbox';

/**
 * The counts as the API shows them, computed in SQL from a campaign row (`c`) and its `held` (an
 * integer expression: `campaignHeldSql`, at most what is left), queued being the rest of what is left.
 */
const countsSql = (held: string) =>
  `json_object('queued', c.n_pending + c.n_queued - min(${held}, c.n_pending + c.n_queued), 'held', min(${held}, c.n_pending + c.n_queued), 'sent', c.n_sent, 'delivered', c.n_delivered, 'read', c.n_read, 'replied', c.n_replied, 'failed', c.n_failed, 'opted_out', c.n_opted_out, 'invalid', c.n_invalid, 'cancelled', c.n_cancelled)`;

/** A campaign's `held` at an event, as SQL: what ban protection holds on its phones (none once it ends). */
async function heldExpr(ctx: ServiceCtx, id: string, status: string): Promise<Condition> {
  if (status === 'completed' || status === 'cancelled') return { sql: '0', args: [] };
  const row = await ctx.db.select({ phoneIds: campaigns.phoneIds }).from(campaigns).where(eq(campaigns.id, id)).get();
  return conditionOf(campaignHeldSql(id, row?.phoneIds ?? [], protectionNowOf(ctx)));
}

/** The product's webhook (campaign events belong to no phone), null when none or the live chat's own. */
async function productWebhook(ctx: ServiceCtx, pid: string): Promise<string | null> {
  const row = await ctx.db.select({ webhook: products.webhook }).from(products).where(eq(products.id, pid)).get();
  const url = row?.webhook || null;
  return url === liveWebhookUrl(ctx.config.publicUrl) ? null : url;
}

/**
 * A campaign's event (start, pause, resume, cancel, completion) as statements that commit after the
 * campaign's status change in the same batch, each only while `onlyIf` holds: its log row and, with
 * a product webhook, `{type: "campaign", data: {id, status, counts}}`, the counts read in the transaction.
 */
export async function campaignEventRows(
  ctx: ServiceCtx,
  pid: string,
  id: string,
  status: string,
  onlyIf?: Condition,
): Promise<InStatement[]> {
  const url = await productWebhook(ctx, pid);
  const payload = { type: 'campaign', product_id: pid, data: { id, status, counts: {} } };
  const event = eventId();
  const rows = [logRow(ctx, pid, null, 'status', { event: 'campaign', id, status }, onlyIf)];
  if (url) {
    const held = await heldExpr(ctx, id, status);
    const counts: Expr = {
      sql: `(select ${countsSql(held.sql)} from campaigns c where c.id = ?)`,
      // The held expression is written twice in the SQL: its arguments go twice.
      args: [...held.args, ...held.args, id],
    };
    const body: Expr = {
      sql: `json_set(?, '$.data.counts', json(${counts.sql}))`,
      args: [JSON.stringify(payload), ...counts.args],
    };
    rows.push(deliveryRow(ctx, { pid, phoneId: null, kind: 'campaign', url, payload, eventId: event }, onlyIf, body));
  }
  return rows;
}
