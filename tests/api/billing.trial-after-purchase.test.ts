import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MSG } from '../../src/shared/billing/messages';
import { billingCustomer, type Billing } from '../support/billing';
import type { TestApp } from '../support/test-app';

// Issue 38: a customer who has bought a plan is not offered the free trial again, and the server starts none.

let t: TestApp;
let b: Billing;
beforeEach(async () => {
  ({ t, b } = await billingCustomer());
});
afterEach(() => t.close());

describe('billing: no free trial once a plan was bought', () => {
  it('refuses the trial after the bought plan has ended, with words that say why', async () => {
    const id = await b.buy('wapi-api', 1);
    expect((await b.call('cancelSubscription', { subscription_id: id, feedbackOption: 'later' })).status).toBe(200);
    await b.clock(31);
    expect(await b.sub(id)).toMatchObject({ status: 'deleted' });
    const res = await b.call('createFreeTrial', { type: 'wapi-trial-api' });
    expect([res.status, res.body.message, res.body.error?.code]).toEqual([409, BILLING_MSG.trialBought, 'CONFLICT']);
    expect((await b.product()).activeSubs).toEqual([]);
  });

  it('a checkout opened but never paid is not a purchase: the trial still starts', async () => {
    await b.checkout('wapi-api', 1);
    expect((await b.call('createFreeTrial', { type: 'wapi-trial-api' })).status).toBe(200);
  });
});
