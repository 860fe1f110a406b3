import { count, desc, eq } from 'drizzle-orm';
import { phones, phoneStatusLog, products, users } from '../../../db/schema';
import { ApiError } from '../../errors';
import { settle } from '../billing/limits';
import type { ServiceCtx } from '../context';
import { recordAudit, type Actor } from './audit';
import { all, contains } from './phone-rows';

/** A page of the phones' status changes, newest first (the Phones Events screen; `getPhoneStatuses`). */
export async function phoneStatusEvents(
  ctx: ServiceCtx,
  q: { phone_id?: number; email?: string; page: number; limit: number },
) {
  const where = all(
    q.phone_id !== undefined && eq(phoneStatusLog.phoneId, q.phone_id),
    q.email && contains(users.email, q.email),
  );
  const rows = ctx.db
    .select({
      id: phoneStatusLog.id,
      phoneId: phoneStatusLog.phoneId,
      pid: phones.pid,
      email: users.email,
      status: phoneStatusLog.status,
      message: phoneStatusLog.message,
      at: phoneStatusLog.at,
    })
    .from(phoneStatusLog)
    .innerJoin(phones, eq(phones.id, phoneStatusLog.phoneId))
    .innerJoin(products, eq(products.id, phones.pid))
    .innerJoin(users, eq(users.id, products.uid))
    .where(where);
  const counted = ctx.db
    .select({ n: count() })
    .from(phoneStatusLog)
    .innerJoin(phones, eq(phones.id, phoneStatusLog.phoneId))
    .innerJoin(products, eq(products.id, phones.pid))
    .innerJoin(users, eq(users.id, products.uid))
    .where(where);
  const [page, total] = await Promise.all([
    rows
      .orderBy(desc(phoneStatusLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    counted.get(),
  ]);
  return {
    result: page.map((r) => ({
      id: r.id,
      phone_id: r.phoneId,
      pid: r.pid,
      email: r.email,
      status: r.status,
      message: r.message,
      date: new Date(r.at).toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/**
 * Brings every product of user `uid` in line with its subscriptions again (limits, package, trial
 * state): the Missed Phones screen's refresh button. Recorded in the audit log.
 */
export async function refreshSubscriptions(ctx: ServiceCtx, actor: Actor, uid: number): Promise<number> {
  const owned = await ctx.db.select({ id: products.id }).from(products).where(eq(products.uid, uid)).all();
  if (owned.length === 0) throw new ApiError('NOT_FOUND', 'This user has no products.');
  for (const p of owned) await settle(ctx, p.id, []);
  await recordAudit(ctx, actor, 'refreshSubscription', String(uid), { products: owned.map((p) => p.id) });
  return owned.length;
}
