import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkouts, products, staffAudit } from '../../db/schema';
import { openCheckout } from '../../src/services/billing/checkout-rows';
import { BILLING_MSG } from '../../src/shared/billing/messages';
import { billingState, deliver, eachPaddleWorld, notification, PRICES, type PaddleWorld } from '../support/paddle';

// Issue 21: the purchase's rule holds at payment too. With Paddle the money is already taken when
// the subscription is created, so a plan the account could no longer buy is kept as Paddle bills it
// and flagged for staff in the audit log (`planNotAllowed`).

let w: PaddleWorld;
eachPaddleWorld((world) => (w = world));

const audit = () => w.t.db.select().from(staffAudit).where(eq(staffAudit.action, 'planNotAllowed')).all();

describe('Paddle: a paid checkout whose plan the account could no longer buy', () => {
  it('is created as Paddle charged it and flagged for staff once', async () => {
    // The link for PHONE15 was made when 90 phones were held; none are left at payment.
    const chk = await openCheckout(w.ctx, {
      pid: w.pid,
      uid: w.uid,
      provider: 'paddle',
      planId: '777392',
      quantity: 2,
      amount: 3000,
      email: 'buyer@example.com',
    });
    const s = w.fake.addSubscription({
      priceId: 'pri_01phone15000000000000000',
      unitPrice: 1500,
      quantity: 2,
      custom: { pid: w.pid, uid: w.uid, plan_id: '777392', checkout_id: chk.id },
    });
    const body = notification('subscription.created', s, w.t.clock.now);
    expect((await deliver(w.t, body)).body).toEqual({ success: true, result: 'applied' });
    expect((await billingState(w.t, s.id)).sub).toMatchObject({
      planId: '777392',
      status: 'active',
      quantity: 2,
      unitPrice: 1500,
    });
    expect(await w.t.db.select().from(checkouts).where(eq(checkouts.id, chk.id)).get()).toMatchObject({
      status: 'paid',
      subscriptionId: s.id,
    });
    const flagged = await audit();
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatchObject({
      staffUid: null,
      target: 'buyer@example.com',
      detail: {
        subscription_id: s.id,
        checkout_id: chk.id,
        pid: w.pid,
        plan_id: '777392',
        quantity: 2,
        message: BILLING_MSG.phone15Needs,
      },
    });
    // Delivered again, it changes nothing and flags nothing twice.
    expect((await deliver(w.t, body)).body.result).toBe('duplicate');
    expect(await audit()).toHaveLength(1);
  });

  it('flags nothing for a plan the account may buy', async () => {
    const chk = await openCheckout(w.ctx, {
      pid: w.pid,
      uid: w.uid,
      provider: 'paddle',
      planId: '569723',
      quantity: 2,
      amount: 5800,
      email: 'buyer@example.com',
    });
    const s = w.fake.addSubscription({
      priceId: PRICES['569723'],
      unitPrice: 2900,
      quantity: 2,
      custom: { pid: w.pid, uid: w.uid, plan_id: '569723', checkout_id: chk.id },
    });
    expect((await deliver(w.t, notification('subscription.created', s, w.t.clock.now))).body.result).toBe('applied');
    expect((await w.t.db.select().from(products).where(eq(products.id, w.pid)).get())!.settings.phone_limit).toBe(2);
    expect(await audit()).toHaveLength(0);
  });
});
