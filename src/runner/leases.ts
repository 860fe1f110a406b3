import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phoneLeases, phones, products, runners, type PhoneRow, type ProductRow } from '../../db/schema';
import type { Fence } from './fence';

/** Who a runner is, as its row in `runners` says. */
export interface RunnerInfo {
  id: string;
  host: string;
  pid: number;
  startedAt: number;
  /** Where it takes wake-up nudges, null when it serves no HTTP. */
  address: string | null;
}

/** A cleanly stopped runner leaves at once, so the others rebalance without waiting for its heartbeat to age. */
export async function removeRunner(db: Db, id: string): Promise<void> {
  await db.delete(runners).where(eq(runners.id, id));
}

/** A lease this runner holds: the phone and the generation its claim got. */
export interface HeldLease {
  phoneId: number;
  generation: number;
}

/** A runner's view of its leases after one round of keeping them. */
export interface KeptLeases {
  held: HeldLease[];
  /** The rows of the phones it holds. */
  rows: PhoneRow[];
  /** The products those phones belong to (their webhook settings and packages, read in the same trip). */
  products: ProductRow[];
  /** Enabled phones and Instagram accounts in all, and runners alive: each runner's share is their ratio. */
  wanted: number;
  live: number;
}

/**
 * One round trip of lease keeping: the heartbeat, the renewal of this runner's leases (its own rows,
 * expired or not: after a restart it takes them back; a row another runner claimed is no longer its
 * own), the rows of its phones, and the counts that decide its share.
 */
export async function keepLeases(db: Db, runner: RunnerInfo, now: number, leaseMs: number): Promise<KeptLeases> {
  const mine = db.select({ id: phoneLeases.phoneId }).from(phoneLeases).where(eq(phoneLeases.runnerId, runner.id));
  const [, held, rows, wanted, live, owners] = await db.batch([
    db
      .insert(runners)
      .values({ ...runner, heartbeatAt: now })
      .onConflictDoUpdate({
        target: runners.id,
        set: { heartbeatAt: now, host: runner.host, pid: runner.pid, address: runner.address },
      }),
    db
      .update(phoneLeases)
      .set({ leaseUntil: now + leaseMs })
      .where(eq(phoneLeases.runnerId, runner.id))
      .returning({ phoneId: phoneLeases.phoneId, generation: phoneLeases.generation }),
    db.select().from(phones).where(inArray(phones.id, mine)),
    db.select({ n: count() }).from(phones).where(eq(phones.enabled, true)),
    db
      .select({ n: count() })
      .from(runners)
      .where(gt(runners.heartbeatAt, now - leaseMs)),
    db
      .select()
      .from(products)
      .where(inArray(products.id, db.select({ pid: phones.pid }).from(phones).where(inArray(phones.id, mine)))),
  ]);
  return { held, rows, products: owners, wanted: wanted[0]?.n ?? 0, live: Math.max(1, live[0]?.n ?? 1) };
}

/**
 * Renews this runner's leases and its heartbeat, in one round trip (beside a long round of keeping
 * them): a runner busy starting sessions stays alive to the others, which would otherwise count it
 * out of the fair share and claim more than theirs.
 */
export async function renewLeases(db: Db, runnerId: string, now: number, leaseMs: number): Promise<void> {
  await db.batch([
    db.update(runners).set({ heartbeatAt: now }).where(eq(runners.id, runnerId)),
    db
      .update(phoneLeases)
      .set({ leaseUntil: now + leaseMs })
      .where(eq(phoneLeases.runnerId, runnerId)),
  ]);
}

/** Enabled phones nobody holds, or whose holder let the lease expire, oldest first, with their last holder. */
export async function claimablePhones(
  db: Db,
  now: number,
  limit: number,
): Promise<{ id: number; holder: string | null }[]> {
  if (limit <= 0) return [];
  return db
    .select({ id: phones.id, holder: phoneLeases.runnerId })
    .from(phones)
    .leftJoin(phoneLeases, eq(phoneLeases.phoneId, phones.id))
    .where(and(eq(phones.enabled, true), sql`(${phoneLeases.phoneId} is null or ${phoneLeases.leaseUntil} < ${now})`))
    .orderBy(phones.id)
    .limit(limit)
    .all();
}

/**
 * Claims several phones in one round trip (a runner taking over a dead one's share claims dozens at
 * once): each claim keeps its own condition, so a phone another runner got first stays theirs.
 * Answers each phone's new generation, or null where the claim lost.
 */
export async function claimLeases(
  db: Db,
  phoneIds: number[],
  runnerId: string,
  now: number,
  leaseMs: number,
): Promise<(number | null)[]> {
  const [first, ...rest] = phoneIds.map((id) => claimStatement(db, id, runnerId, now, leaseMs));
  if (!first) return [];
  const results = await db.batch([first, ...rest]);
  return results.map((rows) => rows[0]?.generation ?? null);
}

/**
 * Takes a phone's lease if it is free or expired, raising its generation (the fencing token); it
 * returns the generation this runner now holds, or no row when another runner holds a live lease.
 * A fresh row starts at the claimer's clock and a taken one moves past both its old number and that
 * clock, so a lease released (its row deleted) and claimed again by the same runner never repeats a
 * generation an old write could still carry.
 */
function claimStatement(db: Db, phoneId: number, runnerId: string, now: number, leaseMs: number) {
  return db
    .insert(phoneLeases)
    .values({ phoneId, runnerId, leaseUntil: now + leaseMs, acquiredAt: now, generation: now })
    .onConflictDoUpdate({
      target: phoneLeases.phoneId,
      set: {
        runnerId,
        leaseUntil: now + leaseMs,
        acquiredAt: now,
        readyAt: null,
        generation: sql`max(${phoneLeases.generation} + 1, ${now})`,
      },
      setWhere: sql`${phoneLeases.leaseUntil} < ${now} or ${phoneLeases.runnerId} = ${runnerId}`,
    })
    .returning({ generation: phoneLeases.generation });
}

export async function releaseLeases(db: Db, runnerId: string, phoneIds: number[]): Promise<void> {
  if (phoneIds.length === 0) return;
  await db.delete(phoneLeases).where(and(eq(phoneLeases.runnerId, runnerId), inArray(phoneLeases.phoneId, phoneIds)));
}

/** Records that the session started (or stopped), only while the lease is still this runner's at that generation. */
export async function markReady(db: Db, fence: Fence, phoneId: number, now: number | null): Promise<void> {
  await db
    .update(phoneLeases)
    .set({ readyAt: now })
    .where(
      and(
        eq(phoneLeases.phoneId, phoneId),
        eq(phoneLeases.runnerId, fence.runnerId),
        eq(phoneLeases.generation, fence.generation),
      ),
    );
}

/** Removes runners that stopped beating long ago (their leases have expired too). */
export async function forgetDeadRunners(db: Db, now: number, leaseMs: number): Promise<void> {
  await db.delete(runners).where(lt(runners.heartbeatAt, now - 10 * leaseMs));
}
