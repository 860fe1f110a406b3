import type { InStatement } from '@libsql/client';
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { campaignRecipients, campaigns, optouts, phones, type CampaignRow, type PhoneRow } from '../../../db/schema';
import type { CampaignMessage } from '../../shared/schemas/campaigns';
import { claimDue } from '../claim';
import type { ServiceCtx } from '../context';
import { groupCommit } from '../group-commit';
import { queuedRowStmt } from '../messages/accept';
import { moveCampaign } from './control';
import { CAMPAIGN_MARK } from './consequences';
import { renderMessage } from './render';

/** Recipients of a campaign a phone holds in its send queue at most: pause stops at once, cancel drops the rest. */
const WINDOW = 100;
/** An official number sends far faster: a deeper window keeps its tier busy. */
const CLOUD_WINDOW = 400;
/** The dispatcher's hold on a campaign during a pass. */
const LEASE_MS = 30_000;

/** Recipients whose message reached a final state the hooks have not told yet (after a crash): their status from the message. */
function settleStmt(id: string, now: number): InStatement {
  const m = 'from messages m where m.id = campaign_recipients.msg_id';
  return {
    sql: `update campaign_recipients set status = (select case m.status when 'sent' then 'sent' else 'failed' end ${m}), error = (select case m.status when 'purged' then 'purged' else m.error end ${m}), updated_at = ? where campaign_id = ? and status = 'queued' and exists (select 1 ${m} and m.status in ('sent', 'failed', 'purged'))`,
    args: [now, id],
  };
}

/** Starts the scheduled campaigns whose time has come, each with its `campaign` event. */
async function startDue(ctx: ServiceCtx): Promise<number> {
  const due = await ctx.db
    .select({ id: campaigns.id, pid: campaigns.pid })
    .from(campaigns)
    .where(and(eq(campaigns.status, 'scheduled'), lte(campaigns.scheduleAt, ctx.now())))
    .limit(20)
    .all();
  for (const c of due) await moveCampaign(ctx, c, ['scheduled'], 'running');
  return due.length;
}

/**
 * One phone's share of a campaign: fills its window from the pending recipients in order. Each
 * recipient's message row and its `queued` mark with the message id commit together, on the
 * condition that it is still pending and the campaign running: after a crash, or with two
 * dispatchers, a recipient never gets a second message. Opted-out numbers are marked, not sent.
 */
async function fillWindow(ctx: ServiceCtx, c: CampaignRow, phone: PhoneRow): Promise<number> {
  const mine = and(eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.phoneId, phone.id));
  const [inFlight] = await ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(campaignRecipients)
    .where(and(mine, eq(campaignRecipients.status, 'queued')))
    .all();
  const room = (phone.engine === 'cloud' ? CLOUD_WINDOW : WINDOW) - (inFlight?.n ?? 0);
  if (room <= 0) return 0;
  const next = await ctx.db
    .select()
    .from(campaignRecipients)
    .where(and(mine, eq(campaignRecipients.status, 'pending')))
    .orderBy(asc(campaignRecipients.seq))
    .limit(room)
    .all();
  if (!next.length) return 0;
  const blocked = new Set(
    (
      await ctx.db
        .select({ number: optouts.number })
        .from(optouts)
        .where(and(eq(optouts.pid, c.pid), inArray(optouts.number, [...new Set(next.map((r) => r.number))])))
        .all()
    ).map((r) => r.number),
  );
  const now = ctx.now();
  const stmts: InStatement[] = [];
  for (const r of next) {
    const still = {
      sql: "exists (select 1 from campaign_recipients where campaign_id = ? and seq = ? and status = 'pending') and exists (select 1 from campaigns where id = ? and status = 'running')",
      args: [c.id, r.seq, c.id],
    };
    if (blocked.has(r.number)) {
      stmts.push({
        sql: `update campaign_recipients set status = 'opted_out', updated_at = ? where campaign_id = ? and seq = ? and status = 'pending'`,
        args: [now, c.id, r.seq],
      });
      continue;
    }
    const rendered = renderMessage(c.message as CampaignMessage, JSON.parse(r.variables));
    const body = { ...rendered, to_number: r.number, [CAMPAIGN_MARK]: c.id };
    const row = queuedRowStmt(phone, body, now, still);
    stmts.push(row.stmt, {
      sql: "update campaign_recipients set status = 'queued', msg_id = ?, updated_at = ? where campaign_id = ? and seq = ? and status = 'pending' and exists (select 1 from messages where id = ?)",
      args: [row.id, now, c.id, r.seq, row.id],
    });
  }
  await groupCommit(ctx.db).run(stmts);
  ctx.bus?.emit('queued', { phoneId: phone.id, pid: phone.pid });
  ctx.nudge?.(phone.id);
  return next.length;
}

/** One campaign's pass: settle what finished, fill each phone's window, complete it when nothing is left. */
async function dispatchCampaign(ctx: ServiceCtx, c: CampaignRow): Promise<number> {
  await ctx.db.$client.execute(settleStmt(c.id, ctx.now()));
  const rows = await ctx.db.select().from(phones).where(inArray(phones.id, c.phoneIds)).all();
  let filled = 0;
  for (const phone of rows) filled += await fillWindow(ctx, c, phone);
  const fresh = await ctx.db.select().from(campaigns).where(eq(campaigns.id, c.id)).get();
  if (fresh && fresh.status === 'running' && fresh.nPending === 0 && fresh.nQueued === 0)
    await moveCampaign(ctx, fresh, ['running'], 'completed');
  return filled;
}

/**
 * The dispatcher's pass: starts the scheduled campaigns that are due, then takes the running ones
 * (each held by a lease, so two processes never fill the same campaign at once) and fills their
 * phones' windows. Everything it knows is in the database: a restart resumes where it stopped.
 * Answers how many recipients it queued (more may be waiting).
 */
export async function dispatchCampaigns(ctx: ServiceCtx): Promise<number> {
  await startDue(ctx);
  const now = ctx.now();
  const held = await claimDue(ctx.db, campaigns, {
    due: and(eq(campaigns.status, 'running'), lt(campaigns.leaseUntil, now)),
    order: 'createdAt',
    limit: 10,
    leaseUntil: now + LEASE_MS,
  });
  let filled = 0;
  for (const c of held) {
    try {
      filled += await dispatchCampaign(ctx, c);
    } finally {
      await ctx.db.update(campaigns).set({ leaseUntil: 0 }).where(eq(campaigns.id, c.id));
    }
  }
  return filled;
}
