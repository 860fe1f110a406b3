import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, products } from '../../db/schema';
import { createTrial } from '../../src/services/billing/trials';
import { openCheckout } from '../../src/services/billing/checkout-rows';
import {
  billingState,
  completedTransaction,
  deliver,
  eachPaddleWorld,
  notification,
  PRICES,
  type PaddleWorld,
} from '../support/paddle';

let w: PaddleWorld;
eachPaddleWorld((world) => (w = world));

/** Issue 22 through Paddle's webhooks: the same rules as the sandbox, since both go through applyEvent. */
describe('Paddle: what was bought decides', () => {
  it('a Paddle purchase ends the running trial (no trial seat) and mails the receipt with the checkout’s company', async () => {
    const product = (await w.t.db.select().from(products).where(eq(products.id, w.pid)).get())!;
    await createTrial(w.ctx, product, 'buyer@example.com', 'wapi-trial-api');
    w.t.clock.advance(1000);
    const chk = await openCheckout(w.ctx, {
      pid: w.pid,
      uid: w.uid,
      provider: 'paddle',
      planId: '569723',
      quantity: 2,
      amount: 5800,
      email: 'buyer@example.com',
      company: {
        vatNumber: 'DE123456789',
        companyName: 'Acme GmbH',
        companyStreet: 'Hauptstr. 1',
        companyCity: 'Berlin',
        companyCountry: 'DE',
        companyPostCode: '10115',
      },
    });
    const s = w.fake.addSubscription({
      priceId: PRICES['569723'],
      unitPrice: 2900,
      quantity: 2,
      custom: { pid: w.pid, uid: w.uid, plan_id: '569723', checkout_id: chk.id },
    });
    expect((await deliver(w.t, notification('subscription.created', s, w.t.clock.now))).body.result).toBe('applied');
    const after = (await w.t.db.select().from(products).where(eq(products.id, w.pid)).get())!;
    expect(after.trial).toBe(false);
    expect(after.settings.phone_limit).toBe(2);
    // The receipt comes with the payment (issue 38: one per paid transaction), naming the checkout's company.
    const paid = completedTransaction(s.id, 5800, 'web', { checkout_id: chk.id }, s.transaction_id);
    expect((await deliver(w.t, notification('transaction.completed', paid, w.t.clock.now))).body.result).toBe(
      'applied',
    );
    const receipts = (await w.t.db.select().from(mailOutbox).all()).filter((m) => m.subject.startsWith('Your receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Company: Acme GmbH');
    expect(receipts[0]!.text).toContain('VAT number: DE123456789');
    expect(receipts[0]!.text).toContain('Paid: $58.00');
  });

  it('Paddle’s scheduled cancel shows as cancel_at; the canceled webhook at the period end ends it', async () => {
    const s = w.fake.addSubscription({
      priceId: PRICES['569723'],
      unitPrice: 2900,
      quantity: 1,
      custom: { pid: w.pid, uid: w.uid, plan_id: '569723' },
    });
    await deliver(w.t, notification('subscription.created', s, w.t.clock.now));
    w.t.clock.advance(1000);
    const scheduled = {
      ...s,
      updated_at: new Date(w.t.clock.now).toISOString(),
      scheduled_change: { action: 'cancel' as const, effective_at: s.next_billed_at!, resume_at: null },
    };
    await deliver(w.t, notification('subscription.updated', scheduled, w.t.clock.now));
    expect((await billingState(w.t, s.id)).sub).toMatchObject({
      status: 'active',
      cancelAt: Date.parse(s.next_billed_at!),
    });
    w.t.clock.advance(1000);
    const ended = {
      ...scheduled,
      status: 'canceled' as const,
      canceled_at: s.next_billed_at,
      scheduled_change: null,
      updated_at: new Date(w.t.clock.now).toISOString(),
    };
    await deliver(w.t, notification('subscription.canceled', ended, w.t.clock.now));
    expect((await billingState(w.t, s.id)).sub).toMatchObject({ status: 'deleted', cancelAt: null });
    expect((await w.t.db.select().from(mailOutbox).all()).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Your subscription has ended/)]),
    );
  });
});
