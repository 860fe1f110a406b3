import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MSG } from '../../src/shared/billing/messages';
import { Billing, billingCustomer, CARDS, setSettings } from '../support/billing';
import type { Api } from '../support/phones';
import { staffMember } from '../support/staff';
import type { TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let b: Billing;
beforeEach(async () => {
  ({ t, api, b } = await billingCustomer());
});
afterEach(() => t.close());

describe('the rules and messages the other billing tests leave out', () => {
  it('keeps PHONE15 to accounts with the phone15 setting and 90 phones', async () => {
    const refused = await b.call('custompaddlelink', { plan_id: '777392' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('The PHONE15 package needs a phone limit of at least 90.');
    await b.buy('569723', 90);
    expect((await b.call('custompaddlelink', { plan_id: '777392' })).status).toBe(403);
    await setSettings(t, api.pid, { phone15: true });
    expect((await b.call('custompaddlelink', { plan_id: '777392' })).status).toBe(200);
  });

  it('disables the phones above the limit when a subscription pauses, keeping them listed', async () => {
    const id = await b.buy('569723', 1, CARDS.failsLater);
    const phone = await api.addPhone();
    await b.clock(40);
    expect(await b.sub(id)).toMatchObject({ status: 'paused', attempt_number: 4 });
    expect(await api.phone(phone)).toMatchObject({ id: phone, status: 'disabled' });
  });

  it('never lowers an Instagram quantity below the accounts in use', async () => {
    const id = await b.buy('wapi-instagram', 2);
    expect((await b.product()).settings.instagram_limit).toBe(2);
    const accounts = [
      (await api.post('/addInstagram', {})).body.id as number,
      (await api.post('/addInstagram', {})).body.id as number,
    ];
    const refused = await b.call('updateSubscription', { subscription_id: id, quantity: 1, old_quantity: 2 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BILLING_MSG.instagramInUse);
    expect(
      (
        await b.call('updateSubscription', {
          subscription_id: id,
          quantity: 1,
          old_quantity: 2,
          phone_ids: [accounts[1]],
        })
      ).status,
    ).toBe(200);
    await b.clock(31);
    expect((await b.product()).settings.instagram_limit).toBe(1);
    expect((await api.phone(accounts[1]!)).status).toBe('disabled');
  });

  it('prices the phone plan at 25 with phone25, for the checkout and for updates', async () => {
    await setSettings(t, api.pid, { phone25: true });
    const id = await b.buy('569723', 2);
    expect(await b.sub(id)).toMatchObject({ unit_price: 25, next_payment_amount: 50 });
    expect((await b.call('checkpreview', { subscription_id: id, quantity: 3 })).body.response.next_payment.amount).toBe(
      75,
    );
  });

  it('refuses more phones to disable than the reduction, and a second payment of a paid checkout', async () => {
    const checkout = await b.checkout('569723', 3);
    expect((await b.pay(checkout, CARDS.ok)).status).toBe(200);
    const again = await b.pay(checkout, CARDS.ok);
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(BILLING_MSG.checkoutGone);
    const id = (await b.product()).activeSubs[0].data.subscription_id;
    const phones = [await api.addPhone(), await api.addPhone()];
    const tooMany = await b.call('updateSubscription', {
      subscription_id: id,
      quantity: 2,
      old_quantity: 3,
      phone_ids: phones,
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe(BILLING_MSG.phonesToDisable);
  });

  it('sells the enterprise plan only through a staff link, and never raises it from the console', async () => {
    const self = await b.call('custompaddlelink', { plan_id: 'wapi-custom-api', quantity: 2 });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('Only staff can make a custom payment link.');
    const staff = new Billing(await staffMember(t, 'boss@example.com', 'admin'));
    const email = (await (await b.agent.get('/api/auth/user')).json()).data.email as string;
    const link = await staff.call('custompaddlelink', {
      plan_id: 'wapi-custom-api',
      admin: true,
      custom_price: 99,
      title: 'Deal',
      email,
    });
    const id = (await b.pay(link.body.data.response.checkout_id, CARDS.ok)).body.subscription_id as string;
    expect((await b.product()).activeSubs[0]).toMatchObject({
      name: '1 Phone - 0 Agent',
      data: { subscription_id: id },
    });
    const raise = await b.call('updateSubscription', { subscription_id: id, quantity: 2 });
    expect(raise.status).toBe(403);
    expect(raise.body.message).toBe(BILLING_MSG.enterpriseNoRaise);
  });

  it('blocks a PHONE plan change and cancel while PHONE19 exists', async () => {
    const phone = await b.buy('569723', 45);
    await setSettings(t, api.pid, { phone19: true });
    await b.buy('775196', 1);
    const plan = await b.call('updateplanid', { subscription_id: phone, plan_id: '775032' });
    expect(plan.status).toBe(403);
    expect(plan.body.message).toBe(BILLING_MSG.phone19Block);
    const cancel = await b.call('cancelSubscription', { subscription_id: phone, feedbackOption: 'later' });
    expect(cancel.status).toBe(403);
    expect(cancel.body.message).toBe(BILLING_MSG.otherSubscriptions);
    expect((await b.sub(phone)).status).toBe('active');
  });

  it('charges one of two identical raises sent at the same moment, and tells the other the subscription changed', async () => {
    const id = await b.buy('569723', 2);
    await b.clock(10);
    const both = await Promise.all(
      [1, 2].map(() => b.call('updateSubscription', { subscription_id: id, quantity: 3, old_quantity: 2 })),
    );
    expect(both.map((r) => r.status).sort(), JSON.stringify(both.map((r) => r.body))).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toBe(BILLING_MSG.changedMeanwhile);
    const paid = (await b.call('getPaymentHistory', { subscription_id: id })).body.data.response as {
      amount: number;
    }[];
    expect(paid).toHaveLength(2);
    expect((await b.product()).settings.phone_limit).toBe(3);
  });
});
