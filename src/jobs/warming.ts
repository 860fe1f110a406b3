import { and, eq, lt, lte } from 'drizzle-orm';
import { warmingPhones, type WarmingRow } from '../../db/schema';
import { claimDue } from '../services/claim';
import type { ServiceCtx } from '../services/context';
import { warmingTurn } from '../services/warming/step';
import { runAgain } from '../services/run-again';
import type { Job, JobOptions } from './job';

/** A claimed record is this process's for this long; a crash frees it after that. */
const CLAIM_MS = 60_000;
const POLL_MS = 30_000;
const BATCH = 50;

export interface WarmingOptions extends JobOptions {
  /** The randomness of partners, texts and gaps (tests pass a seeded one). */
  random?: () => number;
}

/** Claims due active records with a lease, so two processes never take the same turn. */
function claimTurns(ctx: ServiceCtx): Promise<WarmingRow[]> {
  const now = ctx.now();
  return claimDue(ctx.db, warmingPhones, {
    due: and(eq(warmingPhones.status, 'active'), lte(warmingPhones.nextAt, now), lt(warmingPhones.leaseUntil, now)),
    order: 'nextAt',
    limit: BATCH,
    leaseUntil: now + CLAIM_MS,
  });
}

/** Takes every due turn once, one after another; returns how many turns were taken. */
export async function runWarmingOnce(o: WarmingOptions): Promise<number> {
  const random = o.random ?? Math.random;
  const batch = await claimTurns(o.ctx);
  for (const w of batch) {
    await warmingTurn(o.ctx, w, random).catch((err: unknown) =>
      o.log?.({ level: 'error', msg: 'warming turn failed', id: w.id, err: String(err) }),
    );
  }
  return batch.length;
}

/** Runs the warming pool every half minute; the records are the state, so a restart resumes them. Returns a stop function. */
export const startWarming: Job = (o) =>
  runAgain({ everyMs: o.pollMs ?? POLL_MS, failMsg: 'warming failed', log: o.log }, async () => {
    await runWarmingOnce(o);
  });
