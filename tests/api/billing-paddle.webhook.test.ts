import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingEvents, checkouts, products } from '../../db/schema';
import { openCheckout } from '../../src/services/billing/checkout-rows';
import {
  billingState,
  completedTransaction,
  deliver,
  eachPaddleWorld,
  notification,
  PRICES,
  signature,
  type PaddleWorld,
} from '../support/paddle';
import { createTestApp } from '../support/test-app';

let w: PaddleWorld;
eachPaddleWorld((world) => (w = world));

const phoneSub = (quantity = 2, custom: Record<string, unknown> | null = null) =>
  w.fake.addSubscription({
    priceId: PRICES['569723'],
    unitPrice: 2900,
    quantity,
    custom: custom ?? { pid: w.pid, uid: w.uid, plan_id: '569723' },
  });

describe('POST /api/billing/paddle/webhook', () => {
  it('applies a signed subscription.created: our subscription, the product limits and the checkout', async () => {
    const chk = await openCheckout(w.ctx, {
      pid: w.pid,
      uid: w.uid,
      provider: 'paddle',
      planId: '569723',
      quantity: 2,
      amount: 5800,
      email: 'buyer@example.com',
    });
    const s = phoneSub(2, { pid: w.pid, uid: w.uid, plan_id: '569723', checkout_id: chk.id });
    const res = await deliver(w.t, notification('subscription.created', s, w.t.clock.now));
    expect(res).toEqual({ status: 200, body: { success: true, result: 'applied' } });
    const { sub } = await billingState(w.t, s.id);
    expect(sub).toMatchObject({
      pid: w.pid,
      uid: w.uid,
      provider: 'paddle',
      planId: '569723',
      status: 'active',
      quantity: 2,
      unitPrice: 2900,
      email: 'buyer@example.com',
    });
    expect(sub!.nextBillDate).toBe(Date.parse(s.next_billed_at!));
    expect(sub!.periodStart).toBe(Date.parse(s.current_billing_period!.starts_at));
    const product = await w.t.db.select().from(products).where(eq(products.id, w.pid)).get();
    expect(product!.settings.phone_limit).toBe(2);
    expect(await w.t.db.select().from(checkouts).where(eq(checkouts.id, chk.id)).get()).toMatchObject({
      status: 'paid',
      subscriptionId: s.id,
    });
  });

  it('finds product and user from the checkout by transaction id when custom_data has none', async () => {
    const chk = await openCheckout(w.ctx, {
      pid: w.pid,
      uid: w.uid,
      provider: 'paddle',
      planId: '569723',
      quantity: 1,
      amount: 2900,
      email: 'b@example.com',
    });
    const s = phoneSub(1, {});
    await w.t.db.update(checkouts).set({ providerRef: s.transaction_id! }).where(eq(checkouts.id, chk.id));
    expect((await deliver(w.t, notification('subscription.created', s, w.t.clock.now))).body.result).toBe('applied');
    expect((await billingState(w.t, s.id)).sub).toMatchObject({ pid: w.pid, uid: w.uid, planId: '569723' });
  });

  it('maps paused, past due and canceled, and ignores subscriptions that are not ours', async () => {
    const s = phoneSub();
    const t0 = w.t.clock.now;
    await deliver(w.t, notification('subscription.created', s, t0));
    await deliver(w.t, notification('subscription.past_due', { ...s, status: 'past_due' }, t0 + 1000));
    expect((await billingState(w.t, s.id)).sub).toMatchObject({ status: 'past_due', attemptNumber: 1 });
    await deliver(
      w.t,
      notification('subscription.paused', { ...s, status: 'paused', next_billed_at: null }, t0 + 2000),
    );
    expect((await billingState(w.t, s.id)).sub).toMatchObject({ status: 'paused', nextBillDate: null });
    const canceledAt = new Date(t0 + 3000).toISOString();
    await deliver(
      w.t,
      notification(
        'subscription.canceled',
        { ...s, status: 'canceled', canceled_at: canceledAt, next_billed_at: null, current_billing_period: null },
        t0 + 3000,
      ),
    );
    expect((await billingState(w.t, s.id)).sub).toMatchObject({
      status: 'deleted',
      endedAt: t0 + 3000,
      periodStart: Date.parse(s.current_billing_period!.starts_at),
    });
    const foreign = w.fake.addSubscription({
      priceId: 'pri_01someoneelse0000000000000',
      unitPrice: 100,
      quantity: 1,
      custom: null,
    });
    expect((await deliver(w.t, notification('subscription.created', foreign, t0))).body.result).toBe('ignored');
    expect((await deliver(w.t, notification('customer.updated', foreign, t0))).body.result).toBe('ignored');
  });

  it('records a completed payment once, although transaction.paid and transaction.completed both carry it', async () => {
    const s = phoneSub();
    await deliver(w.t, notification('subscription.created', s, w.t.clock.now));
    const txn = completedTransaction(s.id, 5800, 'subscription_recurring');
    expect((await deliver(w.t, notification('transaction.paid', txn, w.t.clock.now))).body.result).toBe('applied');
    expect((await deliver(w.t, notification('transaction.completed', txn, w.t.clock.now))).body.result).toBe('applied');
    const { payments } = await billingState(w.t, s.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ txnId: txn.id, kind: 'renewal', amount: 5800, isPaid: true, pid: w.pid });
    await deliver(
      w.t,
      notification(
        'transaction.payment_failed',
        { ...txn, id: 'txn_01failed00000000000000000', status: 'past_due' },
        w.t.clock.now,
      ),
    );
    expect((await billingState(w.t, s.id)).payments.filter((p) => !p.isPaid)).toHaveLength(1);
  });

  it('answers 409 for a payment whose subscription is not known yet, and applies it when delivered again later', async () => {
    const s = phoneSub();
    const body = notification('transaction.completed', completedTransaction(s.id, 5800, 'web'), w.t.clock.now);
    expect((await deliver(w.t, body)).status).toBe(409);
    expect((await w.t.db.select().from(billingEvents).all()).length).toBe(0);
    await deliver(w.t, notification('subscription.created', s, w.t.clock.now));
    expect((await deliver(w.t, body)).body.result).toBe('applied');
    expect((await billingState(w.t, s.id)).payments).toHaveLength(1);
  });

  it('changes nothing twice for a duplicated or replayed event', async () => {
    const s = phoneSub();
    const body = notification('subscription.created', s, w.t.clock.now);
    const header = signature(body, Math.floor(w.t.clock.now / 1000));
    expect((await deliver(w.t, body, header)).body.result).toBe('applied');
    const before = await billingState(w.t, s.id);
    w.t.clock.advance(2000);
    expect(await deliver(w.t, body, header)).toEqual({ status: 200, body: { success: true, result: 'duplicate' } });
    expect((await deliver(w.t, body)).body.result).toBe('duplicate');
    expect(await billingState(w.t, s.id)).toEqual(before);
    w.t.clock.advance(4000);
    expect((await deliver(w.t, body, header)).status).toBe(401);
    expect(await billingState(w.t, s.id)).toEqual(before);
  });

  it('ignores an older snapshot arriving after a newer one', async () => {
    const s = phoneSub(2);
    const t0 = w.t.clock.now;
    await deliver(w.t, notification('subscription.created', s, t0));
    const newer = { ...s, items: [{ ...s.items[0]!, quantity: 5 }] };
    const older = { ...s, items: [{ ...s.items[0]!, quantity: 3 }] };
    expect((await deliver(w.t, notification('subscription.updated', newer, t0 + 60_000))).body.result).toBe('applied');
    const before = await billingState(w.t, s.id);
    expect((await deliver(w.t, notification('subscription.updated', older, t0 + 30_000))).body.result).toBe('stale');
    const after = await billingState(w.t, s.id);
    expect(after.sub).toEqual(before.sub);
    expect(after.sub!.quantity).toBe(5);
  });

  it('applies one event once when it is delivered 50 times at the same moment', async () => {
    const s = phoneSub();
    await deliver(w.t, notification('subscription.created', s, w.t.clock.now));
    const body = notification(
      'transaction.completed',
      completedTransaction(s.id, 2900, 'subscription_update'),
      w.t.clock.now,
    );
    const results = await Promise.all(Array.from({ length: 50 }, () => deliver(w.t, body)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const outcomes = results.map((r) => r.body.result as string);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(49);
    expect((await billingState(w.t, s.id)).payments).toHaveLength(1);
  });

  it('answers 401 and changes nothing for a forged, stale or missing signature', async () => {
    const s = phoneSub();
    const body = notification('subscription.created', s, w.t.clock.now);
    const now = Math.floor(w.t.clock.now / 1000);
    for (const header of [
      signature(body, now, ['pdl_ntfset_forged_secret_000000']),
      signature(body, now - 6),
      signature(body, now + 6),
      `ts=${now};h1=${'0'.repeat(64)}`,
      'garbage',
      null,
    ]) {
      const res = await deliver(w.t, body, header);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    }
    const tampered = body.replace('"quantity":2', '"quantity":200');
    expect((await deliver(w.t, tampered, signature(body, now))).status).toBe(401);
    expect(await billingState(w.t, s.id)).toEqual({ sub: undefined, events: 0, payments: [] });
  });

  it('refuses a body that is too large or not an event', async () => {
    const big = JSON.stringify({ event_id: 'evt_x', pad: 'x'.repeat(300 * 1024) });
    expect((await deliver(w.t, big)).status).toBe(413);
    expect((await deliver(w.t, '{"hello":1}')).status).toBe(400);
    expect((await deliver(w.t, 'not json')).status).toBe(400);
  });
});

describe('POST /api/billing/paddle/webhook without Paddle', () => {
  it('answers 501', async () => {
    const t = await createTestApp();
    const body = '{}';
    const res = await t.app.request('/api/billing/paddle/webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paddle-signature': signature(body, Math.floor(t.clock.now / 1000)),
      },
      body,
    });
    expect(res.status).toBe(501);
    await t.close();
  });
});
