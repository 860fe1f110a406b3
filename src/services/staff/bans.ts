import { and, count, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { numberBans, phones, products, users, type BanReason, type ProductRow } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { ServiceCtx } from '../context';
import { recordAudit, type Actor } from './audit';

/** What customers and staff read about bans. */
export const BAN_MSG = {
  linkBanned: 'This number is banned and cannot be linked. Link another number, or contact support.',
  linkTrialAbuse:
    'This number cannot be linked during a free trial: it was banned for trial abuse. Subscribe to link it, or link another number.',
  trialBanned: 'The free trial is not available: a phone number of this account is banned.',
  trialElsewhere:
    'The free trial is not available: a phone number of this account already had a free trial with another account.',
  set: 'The number is banned.',
  removed: 'The ban is removed.',
  notBanned: 'This number is not banned.',
} as const;

/**
 * Why a phone of product `pid` may not link as `number`, or null when it may: a `banned` number
 * never links; a `trial-abuse` number does not link on a product in its free trial.
 */
export async function linkRefusal(db: Db, pid: string, number: string): Promise<string | null> {
  const ban = await db
    .select({ reason: numberBans.reason })
    .from(numberBans)
    .where(eq(numberBans.number, number))
    .get();
  if (!ban) return null;
  if (ban.reason === 'banned') return BAN_MSG.linkBanned;
  const product = await db.select({ trial: products.trial }).from(products).where(eq(products.id, pid)).get();
  return product?.trial ? BAN_MSG.linkTrialAbuse : null;
}

/**
 * Refuses a free trial (403) to an account one of whose phones' numbers is banned, or was a phone of
 * another account's product that had a trial: a new account per trial with the same WhatsApp number.
 */
export async function refuseTrialAbuse(ctx: ServiceCtx, product: Pick<ProductRow, 'uid'>): Promise<void> {
  const own = await ctx.db
    .selectDistinct({ number: phones.number })
    .from(phones)
    .innerJoin(products, eq(products.id, phones.pid))
    .where(and(eq(products.uid, product.uid), isNotNull(phones.number)))
    .all();
  const numbers = own.map((r) => r.number).filter((n): n is string => Boolean(n));
  if (numbers.length === 0) return;
  if (await ctx.db.select({ n: numberBans.number }).from(numberBans).where(inArray(numberBans.number, numbers)).get())
    throw new ApiError('FORBIDDEN', BAN_MSG.trialBanned);
  const elsewhere = await ctx.db
    .select({ id: phones.id })
    .from(phones)
    .innerJoin(products, eq(products.id, phones.pid))
    .where(and(inArray(phones.number, numbers), ne(products.uid, product.uid), isNotNull(products.trial)))
    .get();
  if (elsewhere) throw new ApiError('FORBIDDEN', BAN_MSG.trialElsewhere);
}

/** Bans a number (or changes its reason); recorded in the audit log. */
export async function setBan(ctx: ServiceCtx, actor: Actor, number: string, reason: BanReason): Promise<void> {
  const at = ctx.now();
  await ctx.db
    .insert(numberBans)
    .values({ number, reason, staffUid: actor?.id ?? null, at })
    .onConflictDoUpdate({ target: numberBans.number, set: { reason, staffUid: actor?.id ?? null, at } });
  await recordAudit(ctx, actor, 'setBan', number, { reason });
}

/** Lifts a number's ban (404 when it has none); recorded in the audit log. */
export async function deleteBan(ctx: ServiceCtx, actor: Actor, number: string): Promise<void> {
  const gone = await ctx.db.delete(numberBans).where(eq(numberBans.number, number)).returning().get();
  if (!gone) throw new ApiError('NOT_FOUND', BAN_MSG.notBanned);
  await recordAudit(ctx, actor, 'deleteBan', number, { reason: gone.reason });
}

/** A page of the banned numbers, newest ban first. */
export async function listBans(ctx: ServiceCtx, q: { page: number; limit: number }) {
  const [rows, total] = await Promise.all([
    ctx.db
      .select({ number: numberBans.number, reason: numberBans.reason, at: numberBans.at, staffEmail: users.email })
      .from(numberBans)
      .leftJoin(users, eq(users.id, numberBans.staffUid))
      .orderBy(desc(numberBans.at))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    ctx.db.select({ n: count() }).from(numberBans).get(),
  ]);
  return {
    result: rows.map((r) => ({
      number: r.number,
      reason: r.reason,
      date: new Date(r.at).toISOString(),
      staff_email: r.staffEmail ?? '',
    })),
    total: total?.n ?? 0,
  };
}
