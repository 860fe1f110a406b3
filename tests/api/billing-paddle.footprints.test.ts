import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkouts, footprints } from '../../db/schema';
import { openCheckout } from '../../src/services/billing/checkout-rows';
import {
  completedTransaction,
  deliver,
  eachPaddleWorld,
  notification,
  PRICES,
  type PaddleWorld,
} from '../support/paddle';

let w: PaddleWorld;
eachPaddleWorld((world) => (w = world));

const cartEvents = async () =>
  (await w.t.db.select().from(footprints).where(eq(footprints.uid, w.uid)).all()).map((f) => ({
    category: f.category,
    label: f.label,
    extra: f.extra,
  }));

/** A checkout of ours opened at Paddle (as `custompaddlelink` makes it). */
const paddleCheckout = () =>
  openCheckout(w.ctx, {
    pid: w.pid,
    uid: w.uid,
    provider: 'paddle',
    planId: '569723',
    quantity: 2,
    amount: 5800,
    email: 'buyer@example.com',
  });

// The cart recovery reads these footprints: with Paddle, the card step happens on Paddle's page, so
// only its notifications can tell a declined card or a completed purchase.
describe('checkout footprints from Paddle notifications', () => {
  it('records payment-declined once for a failed payment of a checkout transaction, and marks the checkout declined', async () => {
    const chk = await paddleCheckout();
    const failed = {
      ...completedTransaction(null, 5800, 'web', { pid: w.pid, uid: w.uid, checkout_id: chk.id, plan_id: '569723' }),
      status: 'ready',
    };
    const body = notification('transaction.payment_failed', failed, w.t.clock.now);
    expect((await deliver(w.t, body)).body.result).toBe('applied');
    expect((await deliver(w.t, body)).body.result).toBe('duplicate');
    expect(await cartEvents()).toEqual([
      { category: 'payment-declined', label: '569723', extra: { checkout_id: chk.id, amount: 5800 } },
    ]);
    expect((await w.t.db.select().from(checkouts).where(eq(checkouts.id, chk.id)).get())!.status).toBe('declined');
  });

  it('records checkout-success once when the checkout becomes a subscription', async () => {
    const chk = await paddleCheckout();
    const s = w.fake.addSubscription({
      priceId: PRICES['569723'],
      unitPrice: 2900,
      quantity: 2,
      custom: { pid: w.pid, uid: w.uid, plan_id: '569723', checkout_id: chk.id },
    });
    const body = notification('subscription.created', s, w.t.clock.now);
    expect((await deliver(w.t, body)).body.result).toBe('applied');
    expect((await deliver(w.t, body)).body.result).toBe('duplicate');
    expect(await cartEvents()).toEqual([
      {
        category: 'checkout-success',
        label: '569723',
        extra: { checkout_id: chk.id, amount: 5800, subscription_id: s.id },
      },
    ]);
  });

  it('ignores a failed payment that belongs to no checkout of ours', async () => {
    const stray = completedTransaction(null, 100, 'web', null);
    expect((await deliver(w.t, notification('transaction.payment_failed', stray, w.t.clock.now))).body.result).toBe(
      'ignored',
    );
    expect(await cartEvents()).toEqual([]);
  });
});
