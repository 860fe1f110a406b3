import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MSG } from '../../src/shared/billing/messages';
import { billingCustomer, type Billing } from '../support/billing';
import type { Api } from '../support/phones';
import type { TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let b: Billing;
beforeEach(async () => {
  ({ t, api, b } = await billingCustomer());
});
afterEach(() => t.close());

const DAY = /^\d{4}-\d{2}-\d{2}$/;

describe('the section-7 calls the other billing tests leave out', () => {
  it('answers the product with its limits, flags, trial state and subscription entries', async () => {
    const fresh = await b.product();
    expect(fresh.settings).toMatchObject({
      phone_limit: expect.any(Number),
      agent_limit: 0,
      instagram_limit: 0,
      subscription_package: null,
      partner: false,
      update_limited: false,
    });
    expect(fresh).toMatchObject({ trial: null, activeSubs: [], deletedSubs: [] });
    const id = await b.buy('569723', 2);
    const p = await b.product();
    expect(p.settings).toMatchObject({
      phone_limit: 2,
      agent_limit: 0,
      instagram_limit: 0,
      subscription_package: 'api',
    });
    expect(p.activeSubs[0]).toMatchObject({
      created_at: expect.any(String),
      custom_data: { subscription_plan_id: '569723' },
    });
    expect(p.activeSubs[0].data).toMatchObject({
      subscription_id: id,
      subscription_plan_id: '569723',
      user_id: expect.any(Number),
      product_id: api.pid,
      status: 'active',
      quantity: 2,
      next_bill_date: expect.stringMatching(DAY),
      next_payment_amount: 58,
      pending_update: false,
      phone_ids: [],
      nobuttons: false,
    });
  });

  it('takes the multi-API trial, deletes it, and never takes one again', async () => {
    expect((await b.call('createFreeTrial', { type: 'wapi-trial-multi-api' })).body).toMatchObject({
      success: true,
      message: BILLING_MSG.processOk,
    });
    let p = await b.product();
    expect(p.trial).toBe(true);
    expect(p.activeSubs[0].data).toMatchObject({
      subscription_plan_id: 'wapi-trial-multi-api',
      trialType: 'wapi-trial-multi-api',
      trial_ends: expect.stringMatching(DAY),
    });
    expect(p.settings.phone_limit).toBe(3);
    const deleted = await b.call('deleteFreeTrial', {});
    expect(deleted.body).toMatchObject({ success: true, message: BILLING_MSG.processOk });
    p = await b.product();
    expect(p).toMatchObject({ trial: false, activeSubs: [] });
    expect(p.deletedSubs).toHaveLength(1);
    expect(p.settings.phone_limit).toBe(0);
    expect((await b.call('createFreeTrial', { type: 'wapi-trial-api' })).status).toBe(409);
    for (const call of ['deleteFreeTrial', 'changetrial'] as const) {
      const res = await b.call(call, { type: 'wapi-trial-api' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(BILLING_MSG.trialError);
    }
  });

  it('previews and applies a plan change from the next payment', async () => {
    const id = await b.buy('569723', 2);
    const preview = await b.call('checkpreview', { subscription_id: id, plan_id: '775032' });
    expect(preview.body).toMatchObject({
      success: true,
      response: { next_payment: { amount: 59.8, date: expect.stringMatching(DAY) } },
    });
    expect(preview.body.response.immediate_payment).toBeUndefined();
    expect((await b.call('updateplanid', { subscription_id: id, plan_id: '775032' })).body).toMatchObject({
      success: true,
      message: BILLING_MSG.processOk,
    });
    expect(await b.sub(id)).toMatchObject({ subscription_plan_id: '775032', quantity: 2, next_payment_amount: 59.8 });
    expect((await b.call('updateplanid', { subscription_id: id, plan_id: 'wapi-trial-api' })).body.message).toBe(
      BILLING_MSG.trialNotSold,
    );
  });

  it('cancels through cancelSubscription2, reloads through refreshSubscription, links the card update page', async () => {
    const id = await b.buy('569723', 1);
    const details = await b.call('getsubsdetails', { subscription_id: id });
    const url: string = details.body.response[0].update_url;
    expect(url).toMatch(/^\/sandbox\/checkout\/chk_/);
    const page = await t.app.request(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Update payment method');
    expect(await (await b.agent.get('/api/wapi/refreshSubscription')).json()).toMatchObject({
      success: true,
      message: BILLING_MSG.processOk,
    });
    expect((await b.call('refreshSubscription', {})).body).toMatchObject({
      success: true,
      message: BILLING_MSG.processOk,
    });
    expect((await b.call('cancelSubscription2', { subscription_id: id, feedbackOption: 'later' })).body).toMatchObject({
      success: true,
      message: BILLING_MSG.unsubscribeOk,
    });
    expect(await b.sub(id)).toMatchObject({
      status: 'active',
      next_bill_date: null,
      next_payment_amount: null,
      cancel_at: expect.any(String),
    });
    await b.clock(31);
    expect((await b.product()).deletedSubs[0].data).toMatchObject({
      subscription_id: id,
      status: 'deleted',
      next_bill_date: null,
    });
  });

  it('takes no trial again once its trial was unsubscribed', async () => {
    await b.call('createFreeTrial', { type: 'wapi-trial-live' });
    const trial = (await b.product()).activeSubs[0].data.subscription_id;
    expect((await b.call('cancelSubscription', { subscription_id: trial, feedbackOption: 'later' })).body.message).toBe(
      BILLING_MSG.unsubscribeOk,
    );
    expect(await b.product()).toMatchObject({ trial: false, activeSubs: [] });
    const again = await b.call('createFreeTrial', { type: 'wapi-trial-live' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BILLING_MSG.trialTaken);
  });
});
