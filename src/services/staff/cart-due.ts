import { and, asc, eq, isNull, lte, ne } from 'drizzle-orm';
import { cartRecovery } from '../../../db/schema';
import { CART_TEMPLATES } from '../../shared/cart-recovery';
import type { ServiceCtx } from '../context';
import { firstUnsent, sendRecovery, sentSteps } from './cart-send';
import { JOB_BATCH, syncCarts } from './cart-sync';

const BATCH = 50;
/** How long a cart whose send failed waits before the job tries it again. */
const CART_RETRY_MS = 10 * 60_000;

/**
 * One pass of the recovery sequence: folds new footprint events in, then sends each due cart its
 * first unsent step when that step's time (counted from the failed or closed checkout) has come.
 * Recovered and unsubscribed carts are never due. Answers how many e-mails went out.
 */
export async function runDueRecovery(ctx: ServiceCtx, log?: (e: Record<string, unknown>) => void): Promise<number> {
  await syncCarts(ctx, 50, JOB_BATCH);
  const now = ctx.now();
  const schedule = ctx.config.CART_RECOVERY_SCHEDULE;
  const due = await ctx.db
    .select()
    .from(cartRecovery)
    .where(
      and(lte(cartRecovery.nextDueAt, now), isNull(cartRecovery.unsubscribedAt), ne(cartRecovery.status, 'recovered')),
    )
    .orderBy(asc(cartRecovery.nextDueAt))
    .limit(BATCH)
    .all();
  let sent = 0;
  for (const cart of due) {
    const done = await sentSteps(ctx, cart.uid);
    const k = firstUnsent(done);
    let next: number | null = k < 0 ? null : cart.anchorAt + schedule[k]!;
    if (k >= 0 && next! <= now) {
      try {
        if (
          await sendRecovery(ctx, { uid: cart.uid, email: cart.email, template: CART_TEMPLATES[k]! }, { source: 'job' })
        )
          sent++;
        done.add(CART_TEMPLATES[k]!);
        const after = firstUnsent(done);
        next = after < 0 ? null : cart.anchorAt + schedule[after]!;
      } catch (err) {
        log?.({ level: 'warn', msg: 'cart recovery e-mail failed', uid: cart.uid, err: String(err) });
        next = now + CART_RETRY_MS;
      }
    }
    await ctx.db
      .update(cartRecovery)
      .set({ nextDueAt: next })
      .where(and(eq(cartRecovery.uid, cart.uid), isNull(cartRecovery.unsubscribedAt)));
  }
  return sent;
}
