import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { billingCustomer, type Billing, CARDS } from '../support/billing';
import type { Api } from '../support/phones';
import type { TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let b: Billing;
beforeEach(async () => {
  ({ t, api, b } = await billingCustomer());
});
afterEach(() => t.close());

/** Issue 22, "Billing that says what it does": a paying customer's days on the sandbox clock. */
describe('billing: the package and the trial follow what was bought', () => {
  it('API then Live Chat makes a live-chat package (all running subscriptions together), whatever the order', async () => {
    await b.buy('wapi-api', 1);
    expect((await b.product()).settings.subscription_package).toBe('api');
    await b.buy('wapi-live', 1);
    expect((await b.product()).settings).toMatchObject({
      subscription_package: 'live',
      phone_limit: 2,
      agent_limit: 1,
    });
  });

  it('a purchase ends the running trial: no trial seat, no banner state, nothing disabled when its days would have run out', async () => {
    expect((await b.call('createFreeTrial', { type: 'wapi-trial-api' })).status).toBe(200);
    expect((await b.product()).trial).toBe(true);
    await b.buy('wapi-api', 2);
    const p = await b.product();
    expect(p.trial).toBe(false);
    expect(p.settings.phone_limit).toBe(2);
    expect(p.activeSubs.filter((s: any) => s.data.trialType)).toHaveLength(0);
    expect(p.deletedSubs.filter((s: any) => s.data.trialType)).toHaveLength(1);
    const phones = [await api.addPhone(), await api.addPhone()];
    await b.clock(4);
    for (const id of phones) expect((await api.phone(id)).status).not.toBe('disabled');
  });

  it('a reduction disables only the phones chosen for it', async () => {
    const id = await b.buy('wapi-api', 3);
    const phones = [await api.addPhone(), await api.addPhone(), await api.addPhone()];
    expect(
      (
        await b.call('updateSubscription', {
          subscription_id: id,
          quantity: 2,
          old_quantity: 3,
          phone_ids: [phones[0]],
        })
      ).status,
    ).toBe(200);
    await b.clock(31);
    expect((await api.phone(phones[0]!)).status).toBe('disabled');
    expect((await api.phone(phones[1]!)).status).not.toBe('disabled');
    expect((await api.phone(phones[2]!)).status).not.toBe('disabled');
  });
});

describe('billing: cancel keeps what was paid', () => {
  it('ends at the period end with the date shown, renews again when the cancel is undone, ends with no charge when it is not', async () => {
    const id = await b.buy('wapi-api', 1);
    const phone = await api.addPhone();
    await b.clock(10);
    const end = (await b.sub(id)).next_bill_date;
    expect((await b.call('cancelSubscription', { subscription_id: id, feedbackOption: 'later' })).status).toBe(200);
    expect(await b.sub(id)).toMatchObject({
      status: 'active',
      cancel_at: end,
      next_bill_date: null,
      next_payment_amount: null,
    });
    expect((await b.product()).settings.phone_limit).toBe(1);
    expect((await b.call('cancelSubscription', { subscription_id: id, feedbackOption: 'later' })).status).toBe(409);
    expect(
      (await b.call('updateSubscription', { subscription_id: id, quantity: 2, old_quantity: 1 })).body.message,
    ).toBe('This subscription ends at the end of its paid period. Undo the cancel to change it.');

    expect((await b.call('undoCancel', { subscription_id: id })).body).toMatchObject({ success: true });
    expect(await b.sub(id)).toMatchObject({ status: 'active', cancel_at: null, next_bill_date: end });
    expect((await b.call('undoCancel', { subscription_id: id })).status).toBe(409);
    await b.clock(21);
    const paid = () => b.call('getPaymentHistory', { subscription_id: id }).then((r) => r.body.data.response.length);
    expect(await paid()).toBe(2);

    expect((await b.call('cancelSubscription', { subscription_id: id, feedbackOption: 'later' })).status).toBe(200);
    expect((await api.phone(phone)).status).not.toBe('disabled');
    await b.clock(31);
    expect(await b.sub(id)).toMatchObject({ status: 'deleted' });
    expect(await paid()).toBe(2);
    expect((await api.phone(phone)).status).toBe('disabled');
  });

  it('undoCancel answers 404 for a subscription not the customer’s and 422 for a malformed body', async () => {
    expect((await b.call('undoCancel', { subscription_id: 'sub_sbx_nothere' })).status).toBe(404);
    expect((await b.call('undoCancel', {})).status).toBe(422);
  });
});

describe('billing: prices as charged, plans by their names', () => {
  it('the quantity preview names the unit price it charges ($30.00, not the card’s $29.90), and the charge is that price', async () => {
    const id = await b.buy('wapi-api', 1);
    const preview = await b.call('checkpreview', { subscription_id: id, quantity: 3, selectedOldQuantity: 1 });
    expect(preview.body.response).toMatchObject({ unit_price: 30, next_payment: { amount: 90 } });
    expect(preview.body.response.immediate_payment.amount).toBe(60);
  });

  it('the plan-change preview bills the quantity a scheduled reduction leaves', async () => {
    const id = await b.buy('wapi-api', 3);
    expect((await b.call('updateSubscription', { subscription_id: id, quantity: 1, old_quantity: 3 })).status).toBe(
      200,
    );
    const preview = await b.call('checkpreview', { subscription_id: id, plan_id: 'wapi-phone-six-monthly' });
    expect(preview.status).toBe(200);
    expect(preview.body.response).toMatchObject({ unit_price: 159, next_payment: { amount: 159 } });
  });

  it('names plans as a customer reads them', async () => {
    await b.buy('wapi-phone-six-monthly', 2);
    await b.buy('wapi-agent', 1);
    const names = (await b.product()).activeSubs.map((s: any) => s.name).sort();
    expect(names).toEqual(['6-month phone plan · 2 Phones', 'Agent add-on · 1 Agent']);
  });
});

describe('billing: the customer is mailed', () => {
  const mails = async () =>
    (await t.db.select().from(mailOutbox).all()).map((m) => ({ subject: m.subject, text: m.text, to: m.to }));
  const subjects = async () => (await mails()).map((m) => m.subject.replace(/ · .*$/, ''));

  it('the receipt names the buyer, company and VAT number from the checkout; the company lands in Settings', async () => {
    await b.agent.postForm('/api/auth/updateInfo', { name: 'Ada Lovelace' });
    const checkout = await b.checkout('wapi-api', 2, {
      isVat: true,
      vat_number: 'DE123456789',
      vat_company_name: 'Acme GmbH',
      vat_street: 'Hauptstr. 1',
      vat_city: 'Berlin',
      vat_country: 'DE',
      vat_postcode: '10115',
    });
    expect((await b.pay(checkout, CARDS.ok)).status).toBe(200);
    const receipt = (await mails()).find((m) => m.subject.startsWith('Your receipt'))!;
    expect(receipt.text).toContain('Buyer: Ada Lovelace');
    expect(receipt.text).toContain('Company: Acme GmbH');
    expect(receipt.text).toContain('VAT number: DE123456789');
    expect(receipt.text).toContain('Paid: $59.80');
    const user = ((await (await b.agent.get('/api/auth/user')).json()) as any).data;
    expect(user.company).toBe('Acme GmbH');
    expect(user.extra.company).toMatchObject({
      name: 'Acme GmbH',
      vatNumber: 'DE123456789',
      city: 'Berlin',
      country: 'DE',
      postcode: '10115',
      street: 'Hauptstr. 1',
    });
  });

  it('payment failed with the attempts left (past due), paused', async () => {
    await b.buy('wapi-api', 1, CARDS.failsLater);
    await b.clock(31);
    const failed = (await mails()).find((m) => m.subject.startsWith('Payment failed'))!;
    expect(failed.subject).toMatch(/^Payment failed: 3 attempts left/);
    expect(failed.text).toContain('past due');
    await b.clock(9);
    expect(await subjects()).toEqual(
      expect.arrayContaining([
        'Payment failed: 2 attempts left',
        'Payment failed: 1 attempt left',
        'Your subscription is paused',
      ]),
    );
  });

  it('trial ending in a day, trial ended; phones disabled at the period end; subscription ended', async () => {
    await b.call('createFreeTrial', { type: 'wapi-trial-api' });
    await b.clock(2.5);
    expect(await subjects()).toContain('Your free trial ends tomorrow');
    await b.clock(1);
    expect(await subjects()).toContain('Your free trial has ended');
    expect((await subjects()).filter((s) => s === 'Your free trial ends tomorrow')).toHaveLength(1);

    const id = await b.buy('wapi-api', 2);
    const phones = [await api.addPhone(), await api.addPhone()];
    await b.call('updateSubscription', { subscription_id: id, quantity: 1, old_quantity: 2, phone_ids: [phones[1]] });
    await b.clock(31);
    const disabled = (await mails()).find((m) => m.subject.startsWith('Phones disabled'))!;
    expect(disabled.text).toContain(`#${phones[1]}`);
    await b.call('cancelSubscription', { subscription_id: id, feedbackOption: 'later' });
    await b.clock(31);
    expect(await subjects()).toContain('Your subscription has ended');
  });
});
