import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Billing } from '../support/billing';
import { customer, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let b: Billing;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  const c = await customer(t);
  api = c.api;
  b = new Billing(c.agent);
});
afterEach(() => t.close());

describe('billing: the preview of a reduction', () => {
  it('answers while the phones to disable are not chosen yet; the update itself still needs them', async () => {
    const id = await b.buy('569723', 2);
    await api.addPhone();
    await api.addPhone();
    const preview = await b.call('checkpreview', { subscription_id: id, quantity: 1, selectedOldQuantity: 2 });
    expect(preview.status).toBe(200);
    expect(preview.body.response.immediate_payment).toBeUndefined();
    // The phone kept keeps the price it was bought at (issue 38): 29.00, not the update price 30.00.
    expect(preview.body.response).toMatchObject({ unit_price: 29, next_payment: { amount: 29 } });
    const update = await b.call('updateSubscription', { subscription_id: id, quantity: 1, old_quantity: 2 });
    expect(update.status).toBe(409);
  });
});
