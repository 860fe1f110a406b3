import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDue } from '../../src/services/billing/due';
import { billingCustomer, type Billing, CARDS, setSettings } from '../support/billing';
import type { Api } from '../support/phones';
import type { TestApp } from '../support/test-app';
import { billingProviders } from '../../src/adapters/billing';

let t: TestApp;
let api: Api;
let b: Billing;
beforeEach(async () => {
  ({ t, api, b } = await billingCustomer());
});
afterEach(() => t.close());

describe('billing rules and their messages', () => {
  it('refuses bad input with 422 and the one error shape', async () => {
    for (const [call, payload] of [
      ['custompaddlelink', { plan_id: 'nope' }],
      ['custompaddlelink', { plan_id: '569723', quantity: 301 }],
      ['custompaddlelink', { plan_id: '569723', quantity: 0 }],
      ['custompaddlelink', { plan_id: '569723', quantity: 'many' }],
      ['updateSubscription', { quantity: 2 }],
      ['createFreeTrial', { type: 'wapi-trial-forever' }],
    ] as const) {
      const res = await b.call(call, payload);
      expect(res.status, `${call} ${JSON.stringify(payload)}`).toBe(422);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION' } });
    }
    expect((await b.call('custompaddlelink', { plan_id: '569723', quantity: 301 })).body.message).toBe(
      'Quantity must be between 1 and 300.',
    );
  });

  it('asks a company for its postcode where the country needs one', async () => {
    const res = await b.call('custompaddlelink', {
      plan_id: '569723',
      isVat: true,
      vat_number: 'DE1',
      vat_company_name: 'Acme',
      vat_street: 'Str 1',
      vat_city: 'Berlin',
      vat_country: 'DE',
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('(**) Selected country has (*), postcode is required.');
    const ok = await b.call('custompaddlelink', {
      plan_id: '569723',
      isVat: true,
      vat_number: 'TR1',
      vat_company_name: 'Acme',
      vat_street: 'Cad 1',
      vat_city: 'Izmir',
      vat_country: 'TR',
    });
    expect(ok.status).toBe(200);
  });

  it('keeps PHONE19 and PHONE15 to eligible accounts and blocks PHONE edits while PHONE19 exists', async () => {
    expect((await b.call('custompaddlelink', { plan_id: '775196' })).body.message).toBe(
      'The PHONE19 package needs a phone limit of at least 45.',
    );
    const phone = await b.buy('569723', 45);
    await setSettings(t, api.pid, { phone19: true });
    await b.buy('775196', 1);
    const edit = await b.call('updateSubscription', { subscription_id: phone, quantity: 46 });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe("You can't edit PHONE subscription before cancelling PHONE19.");
  });

  it('trial, partner, update_limited and custom plans cannot change the way the spec says', async () => {
    await b.call('createFreeTrial', { type: 'wapi-trial-api' });
    const trial = (await b.product()).activeSubs[0].data.subscription_id;
    expect((await b.call('updateSubscription', { subscription_id: trial, quantity: 2 })).body.message).toBe(
      'Trial subscriptions cannot be increased. Please buy a starter subscription.',
    );
    const sub = await b.buy('569723', 2);
    await setSettings(t, api.pid, { update_limited: true });
    expect((await b.call('updateSubscription', { subscription_id: sub, quantity: 1 })).body.message).toBe(
      'This subscription cannot be reduced below its current quantity.',
    );
    await setSettings(t, api.pid, { partner: true });
    expect((await b.call('checkpreview', { subscription_id: sub, quantity: 3 })).body.message).toBe(
      'Partner accounts cannot increase phones. Please contact your provider.',
    );
    expect((await b.call('updateSubscription', { subscription_id: sub, quantity: 2 })).body.message).toBe(
      'Update process cannot be applied!',
    );
  });

  it('refuses a custom price link to anyone but staff', async () => {
    const res = await b.call('custompaddlelink', { plan_id: '569723', admin: true, custom_price: 10, title: 'Deal' });
    expect(res.status).toBe(403);
  });

  it('refuses a restart of a subscription that is not paused, and a second cancel', async () => {
    const sub = await b.buy('569723');
    expect((await b.call('reactiveSubscription', { subscription_id: sub })).status).toBe(409);
    expect((await b.call('cancelSubscription', { subscription_id: sub, feedbackOption: 'later' })).status).toBe(200);
    expect((await b.call('cancelSubscription', { subscription_id: sub, feedbackOption: 'later' })).status).toBe(409);
  });

  it('enforces the subscription phone limit on add and on enable; ending the subscription disables the phones above it', async () => {
    await b.buy('569723', 1);
    const first = await api.addPhone();
    const second = await api.post('/addPhone', {});
    expect(second.status).toBe(403);
    expect(second.body.message).toBe('Your phone limit is not enough for add new phone.');
    const sub = (await b.product()).activeSubs[0].data.subscription_id;
    await b.call('cancelSubscription', { subscription_id: sub, feedbackOption: 'later' });
    expect((await api.phone(first)).status).not.toBe('disabled');
    await b.clock(31);
    expect((await api.phone(first)).status).toBe('disabled');
    expect((await api.get(`/${first}/enable`)).status).toBe(403);
  });

  it('charges a renewal once when two runners reach it at the same moment', async () => {
    const sub = await b.buy('569723', 2);
    const moved = await b.clock(0);
    const later = Date.parse(moved.now) + 31 * 86_400_000;
    const ctx = { db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache, billing: billingProviders };
    await Promise.all([runDue(ctx, later), runDue(ctx, later)]);
    const history = (await b.call('getPaymentHistory', { subscription_id: sub })).body.data.response;
    expect(history.filter((p: any) => p.is_paid === 1)).toHaveLength(2);
  });

  it('records footprints from the console and from the checkout', async () => {
    expect((await b.agent.postForm('/api/footprint/add', { category: 'checkout-close', label: '569723' })).status).toBe(
      200,
    );
    expect((await b.agent.postForm('/api/footprint/add', { category: 'made-up' })).status).toBe(422);
    const checkout = await b.checkout('569723');
    await b.pay(checkout, CARDS.declined);
    const rows = await t.db.all<{ category: string }>(sql`select category from footprints order by id`);
    expect(rows.map((r) => r.category)).toEqual(['checkout-close', 'checkout-start', 'payment-declined']);
  });
});
