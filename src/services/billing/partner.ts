import { and, asc, eq, lt } from 'drizzle-orm';
import { phones, phoneStatusLog, type ProductRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import { PARTNER_DAY_PRICE, PARTNER_MAX_DAYS } from '../../shared/billing/plans';
import type { ServiceCtx } from '../context';
import { DAY_MS, dollars } from './time';

/** The month's first instant and the next month's (UTC), from `YYYY-MM`. */
function monthBounds(month: string): [number, number] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  if (m < 1 || m > 12) throw new ApiError('VALIDATION', 'month must be YYYY-MM.');
  return [Date.UTC(y, m - 1, 1), Date.UTC(y, m, 1)];
}

/** Days of [from, to) on which the phone was active at any moment, by its recorded status history. */
export function liveDays(history: readonly { status: string; at: number }[], from: number, to: number): number {
  let days = 0;
  for (let start = from; start < to; start += DAY_MS) {
    const end = start + DAY_MS;
    const before = history.filter((h) => h.at < start).at(-1);
    const during = history.filter((h) => h.at >= start && h.at < end);
    if (before?.status === 'active' || during.some((h) => h.status === 'active')) days++;
  }
  return days;
}

/**
 * Partner billing of a month (`getPartnerLogs`): each phone costs a dollar per live day (a day it
 * was connected at any moment), capped at 30; the total is the sum.
 */
export async function partnerLogs(ctx: ServiceCtx, product: ProductRow, month: string) {
  const [from, to] = monthBounds(month);
  // Up to the end of today: days still to come are not live yet.
  const end = Math.min(to, Math.floor(ctx.now() / DAY_MS) * DAY_MS + DAY_MS);
  const rows = await ctx.db
    .select()
    .from(phones)
    .where(and(eq(phones.pid, product.id), eq(phones.sandbox, false), lt(phones.createdAt, to)))
    .all();
  const results = [];
  for (const p of rows) {
    const history = await ctx.db
      .select({ status: phoneStatusLog.status, at: phoneStatusLog.at })
      .from(phoneStatusLog)
      .where(and(eq(phoneStatusLog.phoneId, p.id), lt(phoneStatusLog.at, to)))
      .orderBy(asc(phoneStatusLog.at), asc(phoneStatusLog.id))
      .all();
    const days = Math.min(PARTNER_MAX_DAYS, liveDays(history, from, end));
    const inMonth = history.filter((h) => h.at >= from);
    const last = history.at(-1);
    results.push({
      phone_id: p.id,
      number: p.number,
      live_days_total: days,
      price: dollars(days * PARTNER_DAY_PRICE),
      logs: inMonth.slice(-200).map((h) => ({ status: h.status, at: new Date(h.at).toISOString() })),
      last_log: last ? { status: last.status, date: new Date(last.at).toISOString() } : null,
    });
  }
  return { month, results, total: dollars(results.reduce((a, r) => a + r.live_days_total * PARTNER_DAY_PRICE, 0)) };
}
