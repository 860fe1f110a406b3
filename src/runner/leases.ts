import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phoneLeases, phones, runners } from '../../db/schema';

/** Records that a runner is alive. */
export async function heartbeat(db: Db, runner: { id: string; host: string; pid: number; startedAt: number }, now: number): Promise<void> {
  await db
    .insert(runners)
    .values({ ...runner, heartbeatAt: now })
    .onConflictDoUpdate({ target: runners.id, set: { heartbeatAt: now, host: runner.host, pid: runner.pid } });
}

/** A cleanly stopped runner leaves at once, so the others rebalance without waiting for its heartbeat to age. */
export async function removeRunner(db: Db, id: string): Promise<void> {
  await db.delete(runners).where(eq(runners.id, id));
}

/** Runners whose heartbeat is younger than the lease time. */
export async function liveRunnerCount(db: Db, now: number, leaseMs: number): Promise<number> {
  const row = await db.select({ n: count() }).from(runners).where(gt(runners.heartbeatAt, now - leaseMs)).get();
  return Math.max(1, row?.n ?? 1);
}

/** Phones that should have a running session: enabled WhatsApp phones. */
export async function wantedPhoneCount(db: Db): Promise<number> {
  const row = await db.select({ n: count() }).from(phones).where(and(eq(phones.enabled, true), eq(phones.type, 'whatsapp'))).get();
  return row?.n ?? 0;
}

/** The phones this runner holds a lease on (its own rows, expired or not: after a restart it takes them back). */
export async function heldLeases(db: Db, runnerId: string): Promise<number[]> {
  const rows = await db.select({ id: phoneLeases.phoneId }).from(phoneLeases).where(eq(phoneLeases.runnerId, runnerId)).all();
  return rows.map((r) => r.id);
}

export async function renewLeases(db: Db, runnerId: string, now: number, leaseMs: number): Promise<void> {
  await db.update(phoneLeases).set({ leaseUntil: now + leaseMs }).where(eq(phoneLeases.runnerId, runnerId));
}

/** Enabled phones nobody holds, or whose holder let the lease expire, oldest first. */
export async function claimablePhones(db: Db, now: number, limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ id: phones.id })
    .from(phones)
    .leftJoin(phoneLeases, eq(phoneLeases.phoneId, phones.id))
    .where(and(eq(phones.enabled, true), eq(phones.type, 'whatsapp'), sql`(${phoneLeases.phoneId} is null or ${phoneLeases.leaseUntil} < ${now})`))
    .orderBy(phones.id)
    .limit(limit)
    .all();
  return rows.map((r) => r.id);
}

/** Takes a phone's lease if it is free or expired; true when this runner now holds it. */
export async function claimLease(db: Db, phoneId: number, runnerId: string, now: number, leaseMs: number): Promise<boolean> {
  const res = await db
    .insert(phoneLeases)
    .values({ phoneId, runnerId, leaseUntil: now + leaseMs, acquiredAt: now })
    .onConflictDoUpdate({
      target: phoneLeases.phoneId,
      set: { runnerId, leaseUntil: now + leaseMs, acquiredAt: now, readyAt: null },
      setWhere: sql`${phoneLeases.leaseUntil} < ${now} or ${phoneLeases.runnerId} = ${runnerId}`,
    });
  return res.rowsAffected > 0;
}

export async function releaseLeases(db: Db, runnerId: string, phoneIds: number[]): Promise<void> {
  if (phoneIds.length === 0) return;
  await db.delete(phoneLeases).where(and(eq(phoneLeases.runnerId, runnerId), inArray(phoneLeases.phoneId, phoneIds)));
}

export async function markReady(db: Db, runnerId: string, phoneId: number, now: number | null): Promise<void> {
  await db.update(phoneLeases).set({ readyAt: now }).where(and(eq(phoneLeases.runnerId, runnerId), eq(phoneLeases.phoneId, phoneId)));
}

/** Removes runners that stopped beating long ago (their leases have expired too). */
export async function forgetDeadRunners(db: Db, now: number, leaseMs: number): Promise<void> {
  await db.delete(runners).where(lt(runners.heartbeatAt, now - 10 * leaseMs));
}

/** A phone's lease as instance_status reports it. */
export async function leaseOf(db: Db, phoneId: number) {
  return db.select().from(phoneLeases).where(eq(phoneLeases.phoneId, phoneId)).get();
}
