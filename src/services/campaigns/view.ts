import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { campaignRecipients, campaigns, type CampaignRecipientRow, type CampaignRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { RECIPIENTS_PAGE, type CampaignView } from '../../shared/schemas/campaigns';
import type { ServiceCtx } from '../context';
import { paceOf } from './pace';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A campaign of the product, or 404 (another product's campaign looks missing). */
export async function getCampaign(ctx: ServiceCtx, pid: string, id: string): Promise<CampaignRow> {
  const row = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.pid, pid)))
    .get();
  if (!row) throw new ApiError('NOT_FOUND', 'Campaign not found.');
  return row;
}

/** A campaign as the API answers it: one row's counters, plus the held share and the ETA. */
export async function campaignView(ctx: ServiceCtx, c: CampaignRow): Promise<CampaignView> {
  const { held, eta } = await paceOf(ctx, c);
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    total: c.total,
    duplicates: c.duplicates,
    phone_ids: c.phoneIds,
    message: c.message,
    counts: {
      queued: c.nPending + c.nQueued - held,
      held,
      sent: c.nSent,
      delivered: c.nDelivered,
      read: c.nRead,
      replied: c.nReplied,
      failed: c.nFailed,
      opted_out: c.nOptedOut,
      invalid: c.nInvalid,
      cancelled: c.nCancelled,
    },
    schedule_at: iso(c.scheduleAt)!,
    created_at: iso(c.createdAt)!,
    started_at: iso(c.startedAt),
    finished_at: iso(c.finishedAt),
    eta: iso(eta),
  };
}

/** The product's campaigns, newest first (at most 200). */
export async function listCampaigns(ctx: ServiceCtx, pid: string): Promise<CampaignView[]> {
  const rows = await ctx.db
    .select()
    .from(campaigns)
    .where(eq(campaigns.pid, pid))
    .orderBy(desc(campaigns.createdAt))
    .limit(200)
    .all();
  return Promise.all(rows.map((r) => campaignView(ctx, r)));
}

export function recipientView(r: CampaignRecipientRow) {
  return {
    number: r.number,
    phone_id: r.phoneId,
    status: r.status,
    msg_id: r.msgId,
    error: r.error,
    variables: JSON.parse(r.variables) as Record<string, unknown>,
  };
}

/** A page of recipients in the order given, optionally of one status; `cursor` is the last page's `next_cursor`. */
export async function recipientsPage(
  ctx: ServiceCtx,
  c: CampaignRow,
  status: CampaignRecipientRow['status'] | undefined,
  cursor: string | undefined,
  limit = RECIPIENTS_PAGE,
) {
  const after = cursor === undefined ? -1 : Number(cursor);
  const rows = await ctx.db
    .select()
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, c.id),
        status ? eq(campaignRecipients.status, status) : undefined,
        gt(campaignRecipients.seq, after),
      ),
    )
    .orderBy(asc(campaignRecipients.seq))
    .limit(limit + 1)
    .all();
  const page = rows.slice(0, limit);
  return {
    rows: page,
    next: rows.length > limit ? String(page.at(-1)!.seq) : null,
  };
}
