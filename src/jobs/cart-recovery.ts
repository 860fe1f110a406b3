import { runDueRecovery } from '../services/staff/cart-due';
import { runAgain } from '../services/run-again';
import type { Job } from './job';

/** How often the cart-recovery sequence looks for steps that are due. */
const CART_RECOVERY_EVERY_MS = 60_000;

/**
 * Sends the cart-recovery steps as they fall due, every minute (and shortly after start). Each step
 * is claimed by a unique key per user and step with its e-mail, so several runners or a restart
 * never send a step twice. Returns a stop function.
 */
export const startCartRecovery: Job = ({ ctx, log }) =>
  runAgain({ everyMs: CART_RECOVERY_EVERY_MS, firstAfterMs: 5_000, failMsg: 'cart recovery failed', log }, async () => {
    await runDueRecovery(ctx, log);
  });
