import { describe, expect, it } from 'vitest';
import { registered } from '../support/agent';
import { Billing } from '../support/billing';
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

/** A Paddle subscription of the world's customer with one paid renewal of `cents`; answers both ids. */
async function paidRenewal(cents: number) {
  const s = w.fake.addSubscription({
    priceId: PRICES['569723'],
    unitPrice: 2900,
    quantity: 2,
    custom: { pid: w.pid, uid: w.uid, plan_id: '569723' },
  });
  await deliver(w.t, notification('subscription.created', s, w.t.clock.now));
  const txn = completedTransaction(s.id, cents, 'subscription_recurring');
  expect((await deliver(w.t, notification('transaction.completed', txn, w.t.clock.now))).body.result).toBe('applied');
  return { sub: s.id, txn: txn.id };
}

describe('receipts of Paddle payments in the payment history', () => {
  it("links each paid payment to a fresh link to Paddle's invoice PDF", async () => {
    const { sub, txn } = await paidRenewal(5800);
    const history = await new Billing(w.agent).call('getPaymentHistory', { subscription_id: sub });
    expect(history.body.data.response).toMatchObject([
      { is_paid: 1, amount: 58, receipt_url: `/api/billing/paddle/receipt/${txn}` },
    ]);
    const res = await w.agent.get(history.body.data.response[0].receipt_url);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`https://pay.example.test/invoices/${txn}.pdf?disposition=inline`);
    expect(w.fake.requests.filter((r) => r.path === `/transactions/${txn}/invoice`)).toHaveLength(1);
  });

  it('has no receipt for a zero-value payment, and shows none to another account or a stranger', async () => {
    const { sub } = await paidRenewal(0);
    expect(
      (await new Billing(w.agent).call('getPaymentHistory', { subscription_id: sub })).body.data.response,
    ).toMatchObject([{ is_paid: 1, receipt_url: null }]);
    const { txn } = await paidRenewal(5800);
    const other = (await registered(w.t)).agent;
    expect((await other.get(`/api/billing/paddle/receipt/${txn}`)).status).toBe(404);
    expect((await w.t.app.request(`/api/billing/paddle/receipt/${txn}`)).status).toBe(401);
    expect(w.fake.requests.some((r) => r.path.endsWith('/invoice'))).toBe(false);
  });
});
