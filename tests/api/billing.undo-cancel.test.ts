import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema';
import { Billing } from '../support/billing';
import { customer } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 38: undoing a cancel gives back exactly what was there before it. A reduction scheduled before the
// cancel (3 → 2) was dropped by the cancel, so the renewal after the undo charged 3 phones.

type Op = 'reduce' | 'raise' | 'cancel' | 'undo';
const OPS: Op[] = ['reduce', 'raise', 'cancel', 'undo'];

function orders(items: Op[]): Op[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) => orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]));
}

/** What the walk should leave: the subscription as a customer would expect it after each step that is allowed. */
interface Model {
  quantity: number;
  scheduled: number | null;
  ending: boolean;
  /** Cents per phone. The API plan is bought at 29.90; a raise buys at 30.00 (the preview says so). */
  unit: number;
}

function step(m: Model, op: Op): { model: Model; allowed: boolean } {
  if (op === 'undo') return m.ending ? { model: { ...m, ending: false }, allowed: true } : { model: m, allowed: false };
  // Nothing changes a subscription set to end (BILLING_MSG.endingNoChange), but undoing the end.
  if (m.ending) return { model: m, allowed: false };
  if (op === 'cancel') return { model: { ...m, ending: true }, allowed: true };
  if (op === 'reduce') return { model: { ...m, scheduled: m.quantity - 1 }, allowed: true };
  return { model: { ...m, quantity: m.quantity + 1, scheduled: null, unit: 3000 }, allowed: true };
}

let t: TestApp;
/** A fresh customer of the one app: many sign up here, so the sign-up limit is cleared first. */
async function shopper(email: string): Promise<Billing> {
  await t.db.delete(rateLimits);
  return new Billing((await customer(t, email)).agent);
}

beforeAll(async () => {
  t = await createTestApp({}, { phones: true });
});
afterAll(() => t.close());

describe('undo cancel over a period end (sandbox)', () => {
  it('every order of reduce / raise / cancel / undo charges at the period end what the customer last agreed to', async () => {
    const shoppers: Billing[] = [];
    for (const [i] of orders(OPS).entries()) shoppers.push(await shopper(`walk${i}@example.com`));
    const walks = await Promise.all(
      orders(OPS).map(async (order, i) => {
        const b = shoppers[i]!;
        const id = await b.buy('wapi-api', 3);
        let m: Model = { quantity: 3, scheduled: null, ending: false, unit: 2990 };
        let raises = 0;
        for (const op of order) {
          const sub = await b.sub(id);
          const res =
            op === 'reduce'
              ? await b.call('updateSubscription', { subscription_id: id, quantity: sub.quantity - 1 })
              : op === 'raise'
                ? await b.call('updateSubscription', { subscription_id: id, quantity: sub.quantity + 1 })
                : op === 'cancel'
                  ? await b.call('cancelSubscription', { subscription_id: id, feedbackOption: 'expensive' })
                  : await b.call('undoCancel', { subscription_id: id });
          const next = step(m, op);
          if (op === 'raise' && next.allowed) raises++;
          expect([order.join(' > '), op, res.status === 200]).toEqual([order.join(' > '), op, next.allowed]);
          m = next.model;
        }
        return { order, id, b, m, raises };
      }),
    );
    await walks[0]!.b.clock(31);
    for (const { order, id, b, m, raises } of walks) {
      const sub = await b.sub(id);
      const history = (await b.call('getPaymentHistory', { subscription_id: id })).body.data.response as {
        amount: number;
        is_paid: number;
      }[];
      if (m.ending) {
        // Ended at the period end: the checkout and any raise, nothing more.
        expect([order.join(' > '), sub.status, history.length]).toEqual([order.join(' > '), 'deleted', 1 + raises]);
        continue;
      }
      const billed = m.scheduled ?? m.quantity;
      // The newest payment is the renewal at the period end: the quantity and the price the customer last agreed to.
      expect([
        order.join(' > '),
        sub.status,
        sub.quantity,
        history.length,
        history[0]!.amount,
        history[0]!.is_paid,
      ]).toEqual([order.join(' > '), 'active', billed, 2 + raises, (billed * m.unit) / 100, 1]);
    }
  }, 60_000);

  it('the repro: 3 phones, reduced to 2, cancelled with feedback, undone: the schedule is back and the renewal charges 2 at 29.90', async () => {
    const b = await shopper('repro@example.com');
    const id = await b.buy('wapi-api', 3);
    expect((await b.call('updateSubscription', { subscription_id: id, quantity: 2 })).status).toBe(200);
    const before = await b.sub(id);
    expect(before).toMatchObject({ quantity: 3, new_quantity: 2, pending_update: true, next_payment_amount: 59.8 });
    const cancel = await b.call('cancelSubscription', {
      subscription_id: id,
      feedbackOption: 'needs',
      feedbackText: 'It does not do what we need yet.',
    });
    expect(cancel.status).toBe(200);
    // While it ends, the entry shows the end only.
    expect(await b.sub(id)).toMatchObject({ cancel_at: expect.any(String), pending_update: false, new_quantity: null });
    expect((await b.call('undoCancel', { subscription_id: id })).status).toBe(200);
    const after = await b.sub(id);
    expect(after).toMatchObject({
      quantity: 3,
      new_quantity: 2,
      scheduled_quantity: 2,
      pending_update: true,
      unit_price: 29.9,
      next_payment_amount: 59.8,
      next_bill_date: before.next_bill_date,
      cancel_at: null,
    });
    await b.clock(31);
    const history = (await b.call('getPaymentHistory', { subscription_id: id })).body.data.response;
    expect(history.map((p: { amount: number }) => p.amount)).toEqual([59.8, 89.7]);
    expect(await b.sub(id)).toMatchObject({ status: 'active', quantity: 2, scheduled_quantity: null });
  });
});
