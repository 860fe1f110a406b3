import { eq, sql } from 'drizzle-orm';
import { sandboxClock } from '../../../db/schema';
import type { ServiceCtx } from '../context';

export const DAY_MS = 86_400_000;

/** The same day `n` calendar months later (UTC), clamped to the month's last day (Jan 31 + 1 = Feb 28). */
export function addMonths(ms: number, n: number): number {
  const d = new Date(ms);
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + n,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return target.getTime();
}

/** `YYYY-MM-DD` (UTC). */
export function dayString(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Cents to dollars with two decimals, as the console shows them. */
export function dollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Billing time: the wall clock, moved ahead by the sandbox clock where that clock exists. */
export async function billingNow(ctx: ServiceCtx): Promise<number> {
  if (!ctx.config.sandboxClock) return ctx.now();
  const row = await ctx.db
    .select({ offset: sandboxClock.offsetMs })
    .from(sandboxClock)
    .where(eq(sandboxClock.id, 1))
    .get();
  return ctx.now() + (row?.offset ?? 0);
}

/** Moves the sandbox clock ahead; answers the new billing time. */
export async function moveClock(ctx: ServiceCtx, ms: number): Promise<number> {
  await ctx.db
    .insert(sandboxClock)
    .values({ id: 1, offsetMs: ms })
    .onConflictDoUpdate({ target: sandboxClock.id, set: { offsetMs: sql`${sandboxClock.offsetMs} + ${ms}` } });
  return billingNow(ctx);
}

/**
 * What a quantity change costs (1-console §4 "Changes"): a raise is charged now, prorated by the days
 * left in the period (unit x added x days left / days in period); the next payment is the new quantity
 * x unit. The preview and the charge both come from here.
 */
export function quote(
  sub: { quantity: number; periodStart: number; nextBillDate: number | null },
  unit: number,
  newQuantity: number,
  now: number,
) {
  const end = sub.nextBillDate ?? now;
  const next = { amount: newQuantity * unit, date: end };
  if (newQuantity <= sub.quantity || end <= now) return { immediate: null, next };
  const daysLeft = Math.ceil((end - now) / DAY_MS);
  const daysInPeriod = Math.max(1, Math.round((end - sub.periodStart) / DAY_MS));
  const amount = Math.round((unit * (newQuantity - sub.quantity) * Math.min(daysLeft, daysInPeriod)) / daysInPeriod);
  return { immediate: { amount, date: now }, next };
}
