import { and, eq, inArray, sql } from 'drizzle-orm';
import { engineAuth, phoneProtection, phones, type CampaignRow } from '../../../db/schema';
import { DEFAULT_TIER_RATE } from '../../engines/cloud/graph';
import { TIER_RATE_KEY } from '../../engines/cloud/tier';
import type { ServiceCtx } from '../context';
import { budgetFiguresQuery, campaignHeldSql, DAY_MS, protectionNowOf } from '../messages/protection-budget';

/** What the simulated network sends a second, roughly (no pacing). */
const SIM_PER_S = 20;

interface PhonePace {
  phoneId: number;
  /** Messages a second. */
  rate: number;
  /** New chats it may open now (Infinity: no protection). */
  left: number;
  /** New chats a day once today's budget is spent. */
  perDay: number;
}

/**
 * An official number's messages a second: the tier its session last read from Meta (kept in its auth
 * store), STANDARD until one was read. The sender paces at a little under it; the ETA does not mind.
 */
function cloudRate(stored: string | null): number {
  const n = Number(stored);
  return stored !== null && Number.isFinite(n) && n > 0 ? n : DEFAULT_TIER_RATE;
}

/** Each phone's pace: its rate, and for a protected WhatsApp Web number its budgets. */
async function paces(ctx: ServiceCtx, phoneIds: readonly number[]): Promise<PhonePace[]> {
  if (!phoneIds.length) return [];
  const rows = await ctx.db
    .select({
      id: phones.id,
      engine: phones.engine,
      enabled: phoneProtection.enabled,
      rampMax: phoneProtection.rampMax,
      tier: engineAuth.value,
    })
    .from(phones)
    .leftJoin(phoneProtection, eq(phoneProtection.phoneId, phones.id))
    .leftJoin(engineAuth, and(eq(engineAuth.phoneId, phones.id), eq(engineAuth.key, TIER_RATE_KEY)))
    .where(inArray(phones.id, [...phoneIds]))
    .all();
  const gap = (ctx.config.WA_PACING_MS.min + ctx.config.WA_PACING_MS.max) / 2;
  return Promise.all(
    rows.map(async (r) => {
      const rate = r.engine === 'cloud' ? cloudRate(r.tier) : r.engine === 'sim' ? SIM_PER_S : 1000 / gap;
      if (!r.enabled || r.engine === 'cloud') return { phoneId: r.id, rate, left: Infinity, perDay: Infinity };
      const f = await budgetFiguresQuery(ctx.db, r.id, protectionNowOf(ctx));
      const limit = f?.day_limit ?? r.rampMax ?? Infinity;
      return { phoneId: r.id, rate, left: Math.max(0, limit - (f?.new_today ?? 0)), perDay: limit };
    }),
  );
}

/**
 * A campaign's `held`: recipients that cannot go now although the campaign would send them. While it
 * waits for its `schedule_at`, every recipient not yet sent (the schedule holds them); else those
 * ban protection holds (`campaignHeldSql`: on a phone whose budget is spent, not yet queued or queued
 * to a chat not opened yet). None once it completed or was cancelled.
 */
async function heldOf(ctx: ServiceCtx, c: CampaignRow): Promise<number> {
  if (c.status === 'completed' || c.status === 'cancelled') return 0;
  if (c.status === 'scheduled') return c.nPending + c.nQueued;
  const row = await ctx.db.get<{ n: number }>(
    sql`select ${campaignHeldSql(c.id, c.phoneIds, protectionNowOf(ctx))} as n`,
  );
  return Math.min(Number(row?.n ?? 0), c.nPending + c.nQueued);
}

/**
 * `held` (`heldOf`) and the ETA: each phone's share of what is left at its rate (an official number's
 * tier as its session last read it), a protected phone's beyond today's budget in the following UTC
 * days at its day's limit; the campaign ends with its slowest phone.
 */
export async function paceOf(ctx: ServiceCtx, c: CampaignRow): Promise<{ held: number; eta: number | null }> {
  const left = c.nPending + c.nQueued;
  if (!left || c.status === 'completed' || c.status === 'cancelled') return { held: 0, eta: null };
  const start = Math.max(ctx.now(), c.scheduleAt);
  const [held, all] = await Promise.all([heldOf(ctx, c), paces(ctx, c.phoneIds)]);
  let eta = start;
  const share = Math.ceil(left / Math.max(1, all.length));
  for (const p of all) {
    let end = start + (share / p.rate) * 1000;
    if (share > p.left && Number.isFinite(p.perDay) && p.perDay > 0) {
      const days = Math.ceil((share - p.left) / p.perDay);
      const lastDay = share - p.left - (days - 1) * p.perDay;
      end = (Math.floor(start / DAY_MS) + days) * DAY_MS + (lastDay / p.rate) * 1000;
    }
    eta = Math.max(eta, end);
  }
  return { held, eta: Math.round(eta) };
}
