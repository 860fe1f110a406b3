import { runDue } from '../services/billing/due';
import { billingNow } from '../services/billing/time';
import type { ServiceCtx } from '../services/context';

/** How often renewals, retries, trial ends and period-end reductions are looked for. */
export const BILLING_DUE_EVERY_MS = 60_000;

/**
 * Runs what billing owes every minute (and shortly after start). Every step is an event with an id
 * made from the subscription and its due time, so runners on several machines, or a restart in the
 * middle, apply each renewal once. Returns a stop function.
 */
export function startBillingDue(ctx: ServiceCtx, log?: (e: Record<string, unknown>) => void): () => void {
  const run = () =>
    void billingNow(ctx)
      .then((now) => runDue(ctx, now))
      .catch((err: unknown) => log?.({ level: 'error', msg: 'billing renewals failed', err: String(err) }));
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, BILLING_DUE_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
