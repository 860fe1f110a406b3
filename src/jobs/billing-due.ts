import { runDue } from '../services/billing/due';
import { billingNow } from '../services/billing/time';
import { runAgain } from '../services/run-again';
import type { Job } from './job';

/** How often renewals, retries, trial ends and period-end reductions are looked for. */
const BILLING_DUE_EVERY_MS = 60_000;

/**
 * Runs what billing owes every minute (and shortly after start). Every step is an event with an id
 * made from the subscription and its due time, so runners on several machines, or a restart in the
 * middle, apply each renewal once. Returns a stop function.
 */
export const startBillingDue: Job = ({ ctx, log }) =>
  runAgain(
    { everyMs: BILLING_DUE_EVERY_MS, firstAfterMs: 5_000, failMsg: 'billing renewals failed', log },
    async () => {
      await runDue(ctx, await billingNow(ctx));
    },
  );
