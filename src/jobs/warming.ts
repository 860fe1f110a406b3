import { and, asc, eq, lt, lte } from 'drizzle-orm';
import { warmingPhones, type WarmingRow } from '../../db/schema';
import type { ServiceCtx } from '../services/context';
import { warmingTurn } from '../services/warming/step';

/** A claimed record is this process's for this long; a crash frees it after that. */
const CLAIM_MS = 60_000;
const POLL_MS = 30_000;
const BATCH = 50;

export interface WarmingOptions {
  ctx: ServiceCtx;
  log?: (entry: Record<string, unknown>) => void;
  /** The randomness of partners, texts and gaps (tests pass a seeded one). */
  random?: () => number;
  pollMs?: number;
}

/** Claims due active records with a lease, so two processes never take the same turn. */
async function claimDue(ctx: ServiceCtx): Promise<WarmingRow[]> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ id: warmingPhones.id })
    .from(warmingPhones)
    .where(and(eq(warmingPhones.status, 'active'), lte(warmingPhones.nextAt, now), lt(warmingPhones.leaseUntil, now)))
    .orderBy(asc(warmingPhones.nextAt))
    .limit(BATCH)
    .all();
  const claimed: WarmingRow[] = [];
  for (const { id } of due) {
    const row = await ctx.db
      .update(warmingPhones)
      .set({ leaseUntil: now + CLAIM_MS })
      .where(and(eq(warmingPhones.id, id), eq(warmingPhones.status, 'active'), lt(warmingPhones.leaseUntil, now)))
      .returning()
      .get();
    if (row) claimed.push(row);
  }
  return claimed;
}

/** Takes every due turn once, one after another; returns how many turns were taken. */
export async function runWarmingOnce(o: WarmingOptions): Promise<number> {
  const random = o.random ?? Math.random;
  const batch = await claimDue(o.ctx);
  for (const w of batch) {
    await warmingTurn(o.ctx, w, random).catch((err: unknown) => o.log?.({ level: 'error', msg: 'warming turn failed', id: w.id, err: String(err) }));
  }
  return batch.length;
}

/** Runs the warming pool every half minute; the records are the state, so a restart resumes them. Returns a stop function. */
export function startWarming(o: WarmingOptions): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runWarmingOnce(o)
      .catch((err: unknown) => o.log?.({ level: 'error', msg: 'warming failed', err: String(err) }))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, o.pollMs ?? POLL_MS);
  timer.unref?.();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
