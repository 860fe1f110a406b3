import { and, asc, eq, gt } from 'drizzle-orm';
import { campaignRecipients, type CampaignRow } from '../../../db/schema';
import { toCsv } from '../../shared/csv';
import type { ServiceCtx } from '../context';

const PAGE = 5_000;

/** Every recipient of a campaign as CSV (number, status, msg id, error, variables), read a page at a time. */
export async function recipientsCsv(ctx: ServiceCtx, c: CampaignRow): Promise<string> {
  const parts = [toCsv([['number', 'status', 'msg_id', 'error', 'variables']])];
  let after = -1;
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, c.id), gt(campaignRecipients.seq, after)))
      .orderBy(asc(campaignRecipients.seq))
      .limit(PAGE)
      .all();
    if (!rows.length) break;
    parts.push(toCsv(rows.map((r) => [r.number, r.status, r.msgId ?? '', r.error ?? '', r.variables])));
    after = rows.at(-1)!.seq;
    if (rows.length < PAGE) break;
  }
  return parts.join('');
}
