import { and, count, eq, inArray } from 'drizzle-orm';
import { campaignRecipients, engineAuth, phoneProtection, phones, type CampaignRow } from '../../../db/schema';
import { DEFAULT_TIER_RATE } from '../../engines/cloud/graph';
import { TIER_RATE_KEY } from '../../engines/cloud/tier';
import type { ServiceCtx } from '../context';
import { budgetFiguresQuery, DAY_MS, protectionNowOf } from '../messages/send-queue';

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
 * `held`: recipients queued on a phone whose new-chat budget is spent (the claim holds them), and the
 * ETA: each phone's share of what is left at its rate, a protected phone's beyond today's budget in
 * the following UTC days at its day's limit; the campaign ends with its slowest phone.
 */
export async function paceOf(ctx: ServiceCtx, c: CampaignRow): Promise<{ held: number; eta: number | null }> {
  const left = c.nPending + c.nQueued;
  if (!left || c.status === 'completed' || c.status === 'cancelled') return { held: 0, eta: null };
  const now = ctx.now();
  const start = Math.max(now, c.scheduleAt);
  const all = await paces(ctx, c.phoneIds);
  let held = 0;
  let eta = start;
  const share = Math.ceil(left / Math.max(1, all.length));
  for (const p of all) {
    if (p.left <= 0) {
      const row = await ctx.db
        .select({ n: count() })
        .from(campaignRecipients)
        .where(
          and(
            eq(campaignRecipients.campaignId, c.id),
            eq(campaignRecipients.phoneId, p.phoneId),
            eq(campaignRecipients.status, 'queued'),
          ),
        )
        .get();
      held += row?.n ?? 0;
    }
    let end = start + (share / p.rate) * 1000;
    if (share > p.left && Number.isFinite(p.perDay) && p.perDay > 0) {
      const days = Math.ceil((share - p.left) / p.perDay);
      const lastDay = share - p.left - (days - 1) * p.perDay;
      end = (Math.floor(start / DAY_MS) + days) * DAY_MS + (lastDay / p.rate) * 1000;
    }
    eta = Math.max(eta, end);
  }
  return { held: Math.min(held, c.nQueued), eta: Math.round(eta) };
}
