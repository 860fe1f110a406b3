import { and, asc, eq } from 'drizzle-orm';
import { phones, warmingPhones } from '../../../db/schema';
import { ApiError } from '../../errors';
import type { WarmingRecord } from '../../shared/schemas/tools';
import type { ServiceCtx } from '../context';
import { effectiveStatus, getPhone } from '../phones/phones';
import { dailyCap, dayOf, daysInPool } from './pace';

export const WARMING_ADDED = 'Phone added successfully to warming pool';
export const WARMING_REMOVED = 'Phone removed from warming pool';
const ALREADY_WARMING = 'This phone is already in the warming pool.';
const WHATSAPP_ONLY = 'Only WhatsApp phones can be warmed up.';
const RECORD_NOT_FOUND = 'Warming record not found.';

/** The product's warming pool, oldest first, with each phone's pace for today. */
export async function listWarming(ctx: ServiceCtx, pid: string): Promise<WarmingRecord[]> {
  const rows = await ctx.db
    .select({ w: warmingPhones, p: phones })
    .from(warmingPhones)
    .innerJoin(phones, eq(phones.id, warmingPhones.phoneId))
    .where(eq(warmingPhones.pid, pid))
    .orderBy(asc(warmingPhones.id))
    .all();
  const now = ctx.now();
  return rows.map(({ w, p }) => {
    const days = daysInPool(w.joinedAt, now);
    return {
      id: w.id,
      mainID: p.id,
      status: w.status,
      number: p.number,
      name: p.name,
      sandbox: p.sandbox,
      phone_status: effectiveStatus(p),
      days_in_pool: days,
      daily_cap: dailyCap(days),
      sent_today: w.day === dayOf(now) ? w.sentToday : 0,
      sent_total: w.sentTotal,
      last_error: w.lastError,
    };
  });
}

/** Puts a phone of the product into the pool, active (3-developer §4); another product's phone is not found. */
export async function addToPool(ctx: ServiceCtx, pid: string, phoneId: number): Promise<number> {
  const phone = await getPhone(ctx, pid, phoneId);
  if (phone.type !== 'whatsapp') throw new ApiError('UNSUPPORTED', WHATSAPP_ONLY);
  const now = ctx.now();
  const row = await ctx.db
    .insert(warmingPhones)
    .values({ pid, phoneId: phone.id, status: 'active', joinedAt: now, nextAt: now, day: dayOf(now) })
    .onConflictDoNothing()
    .returning({ id: warmingPhones.id })
    .get();
  if (!row) throw new ApiError('CONFLICT', ALREADY_WARMING);
  return row.id;
}

/** Takes a record out of the pool; another product's record is not found. */
export async function removeFromPool(ctx: ServiceCtx, pid: string, id: number): Promise<void> {
  const gone = await ctx.db
    .delete(warmingPhones)
    .where(and(eq(warmingPhones.id, id), eq(warmingPhones.pid, pid)))
    .returning({ id: warmingPhones.id })
    .get();
  if (!gone) throw new ApiError('NOT_FOUND', RECORD_NOT_FOUND);
}

/** Starts or stops the whole system: every record of the product gets the status (3-developer §4). */
export async function setPoolStatus(ctx: ServiceCtx, pid: string, status: 'active' | 'disabled'): Promise<number> {
  const changed = await ctx.db
    .update(warmingPhones)
    .set(status === 'active' ? { status, nextAt: ctx.now(), lastError: null } : { status })
    .where(eq(warmingPhones.pid, pid))
    .returning({ id: warmingPhones.id })
    .all();
  return changed.length;
}
