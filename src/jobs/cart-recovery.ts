import type { ServiceCtx } from '../services/context';
import { runDueRecovery } from '../services/staff/cart-due';

/** How often the cart-recovery sequence looks for steps that are due. */
export const CART_RECOVERY_EVERY_MS = 60_000;

/**
 * Sends the cart-recovery steps as they fall due, every minute (and shortly after start). Each step
 * is claimed by a unique key per user and step with its e-mail, so several runners or a restart
 * never send a step twice. Returns a stop function.
 */
export function startCartRecovery(ctx: ServiceCtx, log?: (e: Record<string, unknown>) => void): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    void runDueRecovery(ctx, log)
      .catch((err: unknown) => log?.({ level: 'error', msg: 'cart recovery failed', err: String(err) }))
      .finally(() => (running = false));
  };
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, CART_RECOVERY_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
