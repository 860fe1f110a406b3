import { and, eq, gt, sql } from 'drizzle-orm';
import { rateLimits } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';

export interface Limit {
  /** What is limited, e.g. `login:ip:<address>`. */
  key: string;
  max: number;
  windowMs: number;
}

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Counts one hit against each limit (fixed windows in the DB, so every process and isolate shares
 * them) and throws RATE_LIMITED when any is over. Every limit is counted even when an earlier one
 * trips, so the work done does not depend on which key is over.
 */
export async function hitLimits(ctx: ServiceCtx, limits: Limit[]): Promise<void> {
  const now = ctx.now();
  let over = false;
  for (const l of limits) {
    const windowStart = now - (now % l.windowMs);
    const row = await ctx.db
      .insert(rateLimits)
      .values({ key: l.key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.windowStart} = ${windowStart} THEN ${rateLimits.count} + 1 ELSE 1 END`,
          windowStart,
        },
      })
      .returning({ count: rateLimits.count })
      .get();
    if (row && row.count > l.max) over = true;
  }
  if (over) throw new ApiError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
}

/**
 * Takes back one hit per limit in the current window, for an attempt that turned out not to count
 * (a successful login does not use up the allowance of failures).
 */
export async function takeBackHits(ctx: ServiceCtx, limits: Limit[]): Promise<void> {
  const now = ctx.now();
  for (const l of limits) {
    const windowStart = now - (now % l.windowMs);
    await ctx.db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(and(eq(rateLimits.key, l.key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.count, 0)));
  }
}
