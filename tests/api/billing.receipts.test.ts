import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { billingCustomer, type Billing, CARDS } from '../support/billing';
import { completedTransaction, deliver, notification, paddleWorld, PRICES, type PaddleWorld } from '../support/paddle';
import type { TestApp } from '../support/test-app';

// Issue 38: every charge mails a receipt (a raise charged now, every renewal, every Paddle transaction),
// once, and the printable receipt names the buyer, company, address and VAT number as the mail does.

const COMPANY = {
  isVat: true,
  vat_number: 'DE123456789',
  vat_company_name: 'Acme GmbH',
  vat_street: 'Hauptstr. 1',
  vat_city: 'Berlin',
  vat_country: 'DE',
  vat_postcode: '10115',
};

async function receipts(t: TestApp) {
  return (await t.db.select().from(mailOutbox).all())
    .filter((m) => m.subject.startsWith('Your receipt'))
    .map((m) => m.text);
}

describe('receipts on the sandbox', () => {
  let t: TestApp;
  let b: Billing;
  beforeEach(async () => {
    ({ t, b } = await billingCustomer());
  });
  afterEach(() => t.close());

  it('mails one receipt per charge: the purchase, a raise charged now (prorated), each renewal', async () => {
    await b.agent.postForm('/api/auth/updateInfo', { name: 'Ada Lovelace' });
    const id = await b.pay(await b.checkout('wapi-api', 2, COMPANY), CARDS.ok).then((r) => r.body.subscription_id);
    await b.clock(10);
    const preview = await b.call('checkpreview', { subscription_id: id, quantity: 3 });
    const now = preview.body.response.immediate_payment.amount as number;
    expect((await b.call('updateSubscription', { subscription_id: id, quantity: 3 })).status).toBe(200);
    await b.clock(25);
    await b.clock(31);
    const history = (await b.call('getPaymentHistory', { subscription_id: id })).body.data.response as {
      amount: number;
      receipt_url: string;
    }[];
    expect(history.map((p) => p.amount)).toEqual([90, 90, now, 59.8]);
    const mailed = await receipts(t);
    expect(mailed).toHaveLength(4);
    // Oldest first: the purchase, the raise, two renewals; each with its amount and its printable receipt.
    const paid = [59.8, now, 90, 90].map((a) => `Paid: $${a.toFixed(2)}`);
    mailed.forEach((text, i) => {
      expect(text).toContain(paid[i]);
      expect(text).toContain('Buyer: Ada Lovelace');
      expect(text).toContain('Company: Acme GmbH');
      expect(text).toContain('VAT number: DE123456789');
      expect(text).toContain('Address: Hauptstr. 1, 10115, Berlin, DE');
      expect(text).toContain(`${t.config.publicUrl}${history[history.length - 1 - i]!.receipt_url}`);
    });
    expect(mailed[1]).toContain('charged for the days left in the period');
    expect(mailed[2]).toContain('Your subscription renewed.');
  });

  it('the printable receipt names the buyer, company, address and VAT number, as the mail does', async () => {
    await b.agent.postForm('/api/auth/updateInfo', { name: 'Ada Lovelace' });
    const id = await b.pay(await b.checkout('wapi-api', 2, COMPANY), CARDS.ok).then((r) => r.body.subscription_id);
    await b.clock(31);
    const history = (await b.call('getPaymentHistory', { subscription_id: id })).body.data.response as {
      receipt_url: string;
    }[];
    expect(history).toHaveLength(2);
    for (const p of history) {
      const page = (await (await t.app.request(p.receipt_url)).text()).replace(/>\s+</g, '><');
      for (const [label, value] of [
        ['Buyer', 'Ada Lovelace'],
        ['Company', 'Acme GmbH'],
        ['VAT number', 'DE123456789'],
        ['Address', 'Hauptstr. 1, 10115, Berlin, DE'],
      ])
        expect(page).toContain(`<dt>${label}</dt><dd>${value}</dd>`);
    }
  });
});

describe('receipts on Paddle', () => {
  let w: PaddleWorld;
  beforeEach(async () => {
    w = await paddleWorld();
  });
  afterEach(async () => {
    await w.t.close();
    await w.fake.close();
  });

  it('mails one receipt per paid transaction (renewal, raise), once for transaction.paid and .completed, none for zero', async () => {
    const s = w.fake.addSubscription({
      priceId: PRICES['569723'],
      unitPrice: 2900,
      quantity: 2,
      custom: { pid: w.pid, uid: w.uid, plan_id: '569723' },
    });
    await deliver(w.t, notification('subscription.created', s, w.t.clock.now));
    const renewal = completedTransaction(s.id, 5800, 'subscription_recurring');
    await deliver(w.t, notification('transaction.paid', renewal, w.t.clock.now));
    await deliver(w.t, notification('transaction.completed', renewal, w.t.clock.now));
    await deliver(
      w.t,
      notification('transaction.completed', completedTransaction(s.id, 1450, 'subscription_update'), w.t.clock.now),
    );
    await deliver(
      w.t,
      notification('transaction.completed', completedTransaction(s.id, 0, 'subscription_recurring'), w.t.clock.now),
    );
    const mailed = await receipts(w.t);
    expect(mailed).toHaveLength(2);
    expect(mailed[0]).toContain('Paid: $58.00');
    expect(mailed[0]).toContain(`/api/billing/paddle/receipt/${renewal.id}`);
    expect(mailed[1]).toContain('Paid: $14.50');
  });
});
