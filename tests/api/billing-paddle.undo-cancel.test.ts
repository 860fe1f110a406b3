import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, rateLimits } from '../../db/schema';
import { paddleBilling, REDUCTION_LEAD_MS } from '../../src/adapters/billing/paddle';
import { Billing } from '../support/billing';
import { billingState, deliver, eachPaddleWorld, notification, PRICES, type PaddleWorld } from '../support/paddle';
import { customer } from '../support/phones';

// Issue 38 on Paddle: a reduction scheduled before a cancel is held through it and goes to Paddle when
// the cancel is undone, so Paddle bills at the period end what the customer last agreed to.

let w: PaddleWorld;
eachPaddleWorld((world) => (w = world));

const calls = () => w.fake.requests.map((r) => `${r.method} ${r.path}`);

/** An API subscription (Paddle price 29.90) of a customer, delivered as Paddle's webhook would after the checkout. */
async function subscribed(pid = w.pid, uid = w.uid, quantity = 3) {
  const s = w.fake.addSubscription({
    priceId: PRICES['737242'],
    unitPrice: 2990,
    quantity,
    custom: { pid, uid, plan_id: '737242' },
  });
  expect((await deliver(w.t, notification('subscription.created', s, w.t.clock.now))).body.result).toBe('applied');
  w.t.clock.advance(1000);
  return (await billingState(w.t, s.id)).sub!;
}

/** A console call, then a second passes (Paddle stamps each change with its own `updated_at`). */
async function act(b: Billing, path: string, payload: Record<string, unknown>) {
  const res = await b.call(path, payload);
  w.t.clock.advance(1000);
  return res;
}

/** What Paddle will bill at the period end as the fake holds the subscription: nothing once a cancel is scheduled. */
function paddleBills(id: string): number {
  const s = w.fake.subscriptions.get(id)!;
  if (s.status === 'canceled' || s.scheduled_change?.action === 'cancel') return 0;
  return s.items.reduce((n, i) => n + i.quantity * Number(i.price.unit_price.amount), 0);
}

type Op = 'reduce' | 'raise' | 'cancel' | 'undo';
function orders(items: Op[]): Op[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) => orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]));
}

describe('undo cancel on Paddle (fake Paddle)', () => {
  it('reduce 3 → 2, cancel, undo: the held reduction is sent to Paddle before the renewal, which bills 2', async () => {
    const sub = await subscribed();
    const b = new Billing(w.agent);
    expect((await act(b, 'updateSubscription', { subscription_id: sub.id, quantity: 2 })).status).toBe(200);
    expect((await act(b, 'cancelSubscription', { subscription_id: sub.id, feedbackOption: 'expensive' })).status).toBe(
      200,
    );
    expect((await billingState(w.t, sub.id)).sub).toMatchObject({ scheduledQuantity: 2, cancelAt: sub.nextBillDate });
    // While the cancel stands the reduction is not sent: Paddle ends the subscription anyway.
    w.fake.requests.length = 0;
    expect(await paddleBilling.runDue(w.ctx, sub.nextBillDate! - REDUCTION_LEAD_MS)).toBe(0);
    expect(calls()).toEqual([]);
    expect((await act(b, 'undoCancel', { subscription_id: sub.id })).status).toBe(200);
    expect((await billingState(w.t, sub.id)).sub).toMatchObject({ quantity: 3, scheduledQuantity: 2, cancelAt: null });
    expect(await b.sub(sub.id)).toMatchObject({ new_quantity: 2, pending_update: true, next_payment_amount: 59.8 });
    expect(await paddleBilling.runDue(w.ctx, sub.nextBillDate! - REDUCTION_LEAD_MS)).toBe(1);
    expect(w.fake.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      body: { items: [{ price_id: PRICES['737242'], quantity: 2 }], proration_billing_mode: 'do_not_bill' },
    });
    expect(paddleBills(sub.id)).toBe(5980);
    expect((await billingState(w.t, sub.id)).sub).toMatchObject({ quantity: 2, scheduledQuantity: null });
  });

  it('undone within the hour before the renewal: the reduction is re-applied on Paddle at once', async () => {
    const sub = await subscribed();
    const b = new Billing(w.agent);
    expect((await act(b, 'updateSubscription', { subscription_id: sub.id, quantity: 2 })).status).toBe(200);
    expect((await act(b, 'cancelSubscription', { subscription_id: sub.id, feedbackOption: 'later' })).status).toBe(200);
    w.t.clock.advance(sub.nextBillDate! - REDUCTION_LEAD_MS / 2 - w.t.clock.now);
    await deliver(w.t, notification('subscription.updated', w.fake.subscriptions.get(sub.id)!, w.t.clock.now));
    w.fake.requests.length = 0;
    expect((await act(b, 'undoCancel', { subscription_id: sub.id })).status).toBe(200);
    expect(w.fake.requests.map((r) => [r.method, r.body])).toEqual([
      ['PATCH', { scheduled_change: null }],
      ['PATCH', { items: [{ price_id: PRICES['737242'], quantity: 2 }], proration_billing_mode: 'do_not_bill' }],
    ]);
    expect(paddleBills(sub.id)).toBe(5980);
    expect((await billingState(w.t, sub.id)).sub).toMatchObject({
      quantity: 2,
      scheduledQuantity: null,
      cancelAt: null,
    });
  });

  it('every order of reduce / raise / cancel / undo: Paddle bills at the period end what the customer last agreed to', async () => {
    const walks = [];
    const expected = new Map<string, number>();
    for (const [i, order] of orders(['reduce', 'raise', 'cancel', 'undo']).entries()) {
      await w.t.db.delete(rateLimits);
      const c = await customer(w.t, `paddle-walk${i}@example.com`);
      const uid = (await w.t.db.select().from(products).where(eq(products.id, c.pid)).get())!.uid;
      walks.push({ order, b: new Billing(c.agent), sub: await subscribed(c.pid, uid) });
    }
    for (const { order, b, sub } of walks) {
      let quantity = 3;
      let scheduled: number | null = null;
      let ending = false;
      for (const op of order) {
        const now = await b.sub(sub.id);
        const res =
          op === 'reduce'
            ? await act(b, 'updateSubscription', { subscription_id: sub.id, quantity: now.quantity - 1 })
            : op === 'raise'
              ? await act(b, 'updateSubscription', { subscription_id: sub.id, quantity: now.quantity + 1 })
              : op === 'cancel'
                ? await act(b, 'cancelSubscription', { subscription_id: sub.id, feedbackOption: 'expensive' })
                : await act(b, 'undoCancel', { subscription_id: sub.id });
        const allowed = op === 'undo' ? ending : !ending;
        expect([order.join(' > '), op, res.status === 200]).toEqual([order.join(' > '), op, allowed]);
        if (!allowed) continue;
        if (op === 'undo') ending = false;
        else if (op === 'cancel') ending = true;
        else if (op === 'reduce') scheduled = quantity - 1;
        else [quantity, scheduled] = [quantity + 1, null];
      }
      expected.set(sub.id, ending ? 0 : (scheduled ?? quantity) * 2990);
    }
    w.t.clock.advance(Math.max(...walks.map((x) => x.sub.nextBillDate!)) - REDUCTION_LEAD_MS - w.t.clock.now);
    await paddleBilling.runDue(w.ctx, w.t.clock.now);
    for (const { order, sub } of walks)
      expect([order.join(' > '), paddleBills(sub.id)]).toEqual([order.join(' > '), expected.get(sub.id)]);
  }, 60_000);
});
