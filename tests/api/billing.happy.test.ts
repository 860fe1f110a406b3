import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

describe('billing: checkout, renewals, changes', () => {
  it('buys a phone package on the sandbox checkout; limits follow the subscription', async () => {
    const id = await b.buy('569723', 2);
    const p = await b.product();
    expect(p.settings).toMatchObject({ phone_limit: 2, agent_limit: 0, subscription_package: 'api' });
    expect(p.activeSubs).toHaveLength(1);
    expect(p.activeSubs[0].data).toMatchObject({
      subscription_id: id,
      status: 'active',
      quantity: 2,
      unit_price: 29,
      next_payment_amount: 58,
      attempt_number: 0,
    });
    const history = await b.call('getPaymentHistory', { subscription_id: id });
    expect(history.body.data.response).toMatchObject([{ is_paid: 1, amount: 58 }]);
    const receipt = await t.app.request(history.body.data.response[0].receipt_url);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain('$58.00');
  });

  it('a declined card answers 402 with the message and records the footprint; the checkout stays payable', async () => {
    const checkout = await b.checkout('569723');
    const declined = await b.pay(checkout, CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined. Please try another card.');
    expect((await b.call('checkSubscription', { checkout_id: checkout })).body).toMatchObject({ status: 'declined' });
    const ok = await b.pay(checkout, CARDS.ok);
    expect(ok.status).toBe(200);
    expect((await b.call('checkSubscription', { checkout_id: checkout })).body).toMatchObject({
      status: 'paid',
      message: 'Purchase is successful!',
      subscription_id: ok.body.subscription_id,
    });
  });

  it('renews monthly, goes past due on a failing card, pauses after the fourth attempt, restarts', async () => {
    const id = await b.buy('569723', 1, CARDS.failsLater);
    await b.clock(31);
    expect(await b.sub(id)).toMatchObject({ status: 'past_due', attempt_number: 1 });
    await b.clock(3);
    expect(await b.sub(id)).toMatchObject({ status: 'past_due', attempt_number: 2 });
    await b.clock(6);
    expect(await b.sub(id)).toMatchObject({ status: 'paused', attempt_number: 4 });
    expect((await b.product()).settings.phone_limit).toBe(0);
    const restart = await b.call('reactiveSubscription', { subscription_id: id });
    expect(restart.body).toMatchObject({ success: true, message: 'Subscription reactivated successfully!' });
    expect(await b.sub(id)).toMatchObject({ status: 'active', attempt_number: 0 });
    const history = await b.call('getPaymentHistory', { subscription_id: id });
    expect(history.body.data.response.map((p: any) => p.is_paid)).toEqual([1, 0, 0, 0, 0, 1]);
  });

  it('raises with a prorated charge equal to the preview, reduces at the period end disabling the chosen phones', async () => {
    const id = await b.buy('569723', 2);
    await b.clock(10);
    const preview = await b.call('checkpreview', { subscription_id: id, quantity: 3, selectedOldQuantity: 2 });
    expect(preview.status).toBe(200);
    const immediate = preview.body.response.immediate_payment.amount;
    expect(immediate).toBeGreaterThan(0);
    expect(immediate).toBeLessThan(30);
    expect(preview.body.response.next_payment.amount).toBe(90);
    const up = await b.call('updateSubscription', { subscription_id: id, quantity: 3, old_quantity: 2 });
    expect(up.body).toMatchObject({ success: true, message: 'Update process is successful!' });
    expect((await b.product()).settings.phone_limit).toBe(3);
    const paid = (await b.call('getPaymentHistory', { subscription_id: id })).body.data.response;
    expect(paid[0].amount).toBe(immediate);

    const phones = [await api.addPhone(), await api.addPhone(), await api.addPhone()];
    const tooFew = await b.call('updateSubscription', { subscription_id: id, quantity: 1, old_quantity: 3 });
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.message).toBe(
      'Current number of enabled phones are more than the new amount you set. Please disable some phones before updating the phone limit!',
    );
    const down = await b.call('updateSubscription', {
      subscription_id: id,
      quantity: 1,
      old_quantity: 3,
      phone_ids: [phones[1], phones[2]],
    });
    expect(down.status).toBe(200);
    expect(await b.sub(id)).toMatchObject({
      quantity: 3,
      scheduled_quantity: 1,
      pending_update: true,
      phone_ids: [phones[1], phones[2]],
    });
    await b.clock(25);
    expect(await b.sub(id)).toMatchObject({ quantity: 1, pending_update: false });
    expect((await b.product()).settings.phone_limit).toBe(1);
    expect((await api.phone(phones[0]!)).status).not.toBe('disabled');
    expect((await api.phone(phones[1]!)).status).toBe('disabled');
    expect((await api.phone(phones[2]!)).status).toBe('disabled');
  });

  it('takes one trial: three days, then over; cannot be taken again', async () => {
    const started = await b.call('createFreeTrial', { type: 'wapi-trial-api' });
    expect(started.status).toBe(200);
    let p = await b.product();
    expect(p.trial).toBe(true);
    expect(p.settings.phone_limit).toBe(1);
    expect((await b.call('changetrial', { type: 'wapi-trial-live' })).body.message).toBe(
      'Your trial subscription type change.',
    );
    expect((await b.product()).settings.agent_limit).toBe(1);
    await b.clock(3);
    p = await b.product();
    expect(p.trial).toBe(false);
    expect(p.settings.phone_limit).toBe(0);
    expect(p.deletedSubs).toHaveLength(1);
    expect((await b.call('createFreeTrial', { type: 'wapi-trial-api' })).status).toBe(409);
  });

  it('cancels with feedback: 20 characters for reasons that ask; base blocked while another is active', async () => {
    const base = await b.buy('569723', 1);
    const addon = await b.buy('wapi-agent', 1);
    const blocked = await b.call('cancelSubscription', { subscription_id: base, feedbackOption: 'expensive' });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe("You can't unsubscribe before cancelling other subscriptions.");
    const short = await b.call('cancelSubscription', {
      subscription_id: addon,
      feedbackOption: 'technical',
      feedbackText: 'too short',
    });
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('Explain your reason for cancellation in at least 20 characters');
    const ok = await b.call('cancelSubscription', {
      subscription_id: addon,
      feedbackOption: 'technical',
      feedbackText: 'The webhooks kept arriving late for us.',
    });
    expect(ok.body.message).toBe('Unsubscription is successful!');
    // Paid days are kept: the add-on ends at its period end, and no longer holds the base back.
    expect(await b.sub(addon)).toMatchObject({
      status: 'active',
      cancel_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect((await b.call('cancelSubscription', { subscription_id: base, feedbackOption: 'later' })).status).toBe(200);
    await b.clock(31);
    expect((await b.product()).deletedSubs).toHaveLength(2);
  });
});
