import { beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MSG } from '../../src/shared/billing/messages';
import { Billing, billingCustomer, CARDS, setSettings } from '../support/billing';
import type { Api } from '../support/phones';
import type { TestApp } from '../support/test-app';

// Issue 21, the gap it left: a PHONE19 (PHONE15) add-on is priced on the 45 (90) phones the account
// has besides it (1-console §9). Cancelling or reducing another subscription that holds those phones
// must not leave the add-on at its discounted price; a cancel at the period end counts as gone.

const PHONE = '569723';
const API = '737242';
const PHONE19 = '775196';
const PHONE15 = '777392';

let t: TestApp;
let api: Api;
let b: Billing;
beforeEach(async () => {
  ({ t, api, b } = await billingCustomer());
  await setSettings(t, api.pid, { phone19: true, phone15: true });
});

const payments = async (id: string) =>
  ((await b.call('getPaymentHistory', { subscription_id: id })).body.data.response as { amount: number }[]).map(
    (p) => p.amount,
  );

describe('a discounted add-on keeps the phones its price needs', () => {
  it('the base PHONE subscription cancelled under an ending PHONE15: the PHONE15 cancel cannot be undone, and nothing is charged at 15', async () => {
    const base = await b.buy(PHONE, 90);
    const discounted = await b.buy(PHONE15, 2);
    expect(await payments(discounted)).toEqual([30]);
    // The base cannot go while the add-on runs (1-console §8).
    expect((await b.call('cancelSubscription', { subscription_id: base, feedbackOption: 'later' })).body.message).toBe(
      BILLING_MSG.otherSubscriptions,
    );
    // The add-on ending, the base may end too.
    expect((await b.call('cancelSubscription', { subscription_id: discounted, feedbackOption: 'later' })).status).toBe(
      200,
    );
    expect((await b.call('cancelSubscription', { subscription_id: base, feedbackOption: 'later' })).status).toBe(200);
    // Taking the add-on's cancel back would keep it at 15 with none of the 90 phones left besides it.
    const undo = await b.call('undoCancel', { subscription_id: discounted });
    expect([undo.status, undo.body.success, undo.body.message, undo.body.error?.code]).toEqual([
      403,
      false,
      BILLING_MSG.phone15Needs,
      'FORBIDDEN',
    ]);
    expect(await b.sub(discounted)).toMatchObject({ status: 'active', next_payment_amount: null });
    await b.clock(31);
    expect(await b.sub(discounted)).toMatchObject({ status: 'deleted' });
    expect(await b.sub(base)).toMatchObject({ status: 'deleted' });
    expect(await payments(discounted)).toEqual([30]);
  });

  it("undoes a PHONE15 cancel once the base's cancel is taken back: the rule, not a blanket refusal", async () => {
    const base = await b.buy(PHONE, 90);
    const discounted = await b.buy(PHONE15, 2);
    expect((await b.call('cancelSubscription', { subscription_id: discounted, feedbackOption: 'later' })).status).toBe(
      200,
    );
    expect((await b.call('cancelSubscription', { subscription_id: base, feedbackOption: 'later' })).status).toBe(200);
    expect((await b.call('undoCancel', { subscription_id: base })).status).toBe(200);
    expect((await b.call('undoCancel', { subscription_id: discounted })).status).toBe(200);
    expect(await b.sub(discounted)).toMatchObject({ status: 'active', next_payment_amount: 30 });
  });

  it('refuses cancelling a PHONE19 add-on whose phones a PHONE15 stands on, naming the PHONE15 to cancel first', async () => {
    await b.buy(API, 50);
    const phone19 = await b.buy(PHONE19, 45);
    const phone15 = await b.buy(PHONE15, 2);
    const refused = await b.call('cancelSubscription', { subscription_id: phone19, feedbackOption: 'later' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      message: BILLING_MSG.phone15Held,
      error: { code: 'FORBIDDEN', subscription_id: phone15, plan: 'PHONE15' },
    });
    expect(await b.sub(phone19)).toMatchObject({ status: 'active', cancel_at: null });
    expect(await b.sub(phone15)).toMatchObject({ status: 'active', next_payment_amount: 30 });
    // The PHONE15 cancelled first, the PHONE19 may go.
    expect((await b.call('cancelSubscription', { subscription_id: phone15, feedbackOption: 'later' })).status).toBe(
      200,
    );
    expect((await b.call('cancelSubscription', { subscription_id: phone19, feedbackOption: 'later' })).status).toBe(
      200,
    );
  });

  it('counts a cancel at the period end as gone when another subscription is reduced', async () => {
    const base = await b.buy(API, 91);
    const phone19 = await b.buy(PHONE19, 45);
    const phone15 = await b.buy(PHONE15, 2);
    // 91 phones stay besides the PHONE15 without the PHONE19: its cancel is allowed.
    expect((await b.call('cancelSubscription', { subscription_id: phone19, feedbackOption: 'later' })).status).toBe(
      200,
    );
    // Then 50 would be left besides it once the PHONE19 ends.
    const reduce = await b.call('updateSubscription', { subscription_id: base, quantity: 50, old_quantity: 91 });
    expect([reduce.status, reduce.body.message, reduce.body.error?.subscription_id]).toEqual([
      403,
      BILLING_MSG.phone15Held,
      phone15,
    ]);
    const preview = await b.call('checkpreview', { subscription_id: base, quantity: 50 });
    expect([preview.status, preview.body.message]).toEqual([403, BILLING_MSG.phone15Held]);
    expect(await b.sub(base)).toMatchObject({ quantity: 91 });
    expect((await b.call('updateSubscription', { subscription_id: base, quantity: 90, old_quantity: 91 })).status).toBe(
      200,
    );
  });

  it('sells no PHONE15 on phones already cancelled at their period end', async () => {
    const base = await b.buy(PHONE, 90);
    expect((await b.call('cancelSubscription', { subscription_id: base, feedbackOption: 'later' })).status).toBe(200);
    const buy = await b.call('custompaddlelink', { plan_id: PHONE15, quantity: 2 });
    expect([buy.status, buy.body.message, buy.body.error?.code]).toEqual([403, BILLING_MSG.phone15Needs, 'FORBIDDEN']);
    expect((await b.call('undoCancel', { subscription_id: base })).status).toBe(200);
    expect((await b.call('custompaddlelink', { plan_id: PHONE15, quantity: 2 })).status).toBe(200);
  });
});

describe('the purchase rule at payment', () => {
  it('the sandbox refuses to charge a checkout whose plan the account could no longer buy, and takes it once it can again', async () => {
    const base = await b.buy(PHONE, 90);
    const checkout = await b.checkout(PHONE15, 2);
    // The link was made with 90 phones besides; they are cancelled before the card step.
    expect((await b.call('cancelSubscription', { subscription_id: base, feedbackOption: 'later' })).status).toBe(200);
    const refused = await b.pay(checkout, CARDS.ok);
    expect([refused.status, refused.body.success, refused.body.message, refused.body.error?.code]).toEqual([
      403,
      false,
      BILLING_MSG.phone15Needs,
      'FORBIDDEN',
    ]);
    const product = await b.product();
    expect(product.activeSubs.map((s: any) => s.data.subscription_id)).toEqual([base]);
    expect((await b.call('checkSubscription', { checkout_id: checkout })).body).toMatchObject({
      status: 'open',
      subscription_id: null,
    });
    expect((await b.call('undoCancel', { subscription_id: base })).status).toBe(200);
    const paid = await b.pay(checkout, CARDS.ok);
    expect(paid.status).toBe(200);
    expect(await payments(paid.body.subscription_id)).toEqual([30]);
  });
  it('the sandbox refuses a PHONE15 checkout once the phone15 setting is taken off after the link was made', async () => {
    await b.buy(PHONE, 90);
    const checkout = await b.checkout(PHONE15, 1);
    await setSettings(t, api.pid, { phone15: false });
    const refused = await b.pay(checkout, CARDS.ok);
    expect([refused.status, refused.body.message]).toEqual([403, BILLING_MSG.phone15Needs]);
    expect((await b.product()).activeSubs).toHaveLength(1);
  });
});
