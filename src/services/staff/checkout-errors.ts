import { and, count, desc, eq, lte } from 'drizzle-orm';
import { checkouts } from '../../../db/schema';
import type { ServiceCtx } from '../context';

/** How long a checkout may stay open before it counts as a suspected error. */
const SUSPECTED_AFTER_MS = 60 * 60 * 1000;

/**
 * Suspected opens (4-admin §2 "Checkout Error"): checkouts a shopper opened that after an hour have
 * neither been paid, declined nor closed, so the checkout most likely failed to show. Newest first,
 * read through the (status, createdAt) index.
 */
export async function listSuspectedOpens(ctx: ServiceCtx, q: { page: number; limit: number }) {
  const where = and(eq(checkouts.status, 'open'), lte(checkouts.createdAt, ctx.now() - SUSPECTED_AFTER_MS));
  const [rows, total] = await Promise.all([
    ctx.db
      .select({ email: checkouts.email, at: checkouts.createdAt, uid: checkouts.uid, plan: checkouts.planId })
      .from(checkouts)
      .where(where)
      .orderBy(desc(checkouts.createdAt))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    ctx.db.select({ n: count() }).from(checkouts).where(where).get(),
  ]);
  return {
    result: rows.map((r) => ({ email: r.email, date: new Date(r.at).toISOString(), uid: r.uid, plan: r.plan })),
    total: total?.n ?? 0,
  };
}
