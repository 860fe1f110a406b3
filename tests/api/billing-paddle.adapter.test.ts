import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingEvents, checkouts, type SubscriptionRow } from '../../db/schema';
import { paddleBilling, REDUCTION_LEAD_MS } from '../../src/adapters/billing/paddle';
import { openCheckout } from '../../src/services/billing/checkout-rows';
import { planCatalogue } from '../../src/shared/billing/plans';
import { billingState, deliver, eachPaddleWorld, notification, PRICES, type PaddleWorld } from '../support/paddle';

let w: PaddleWorld;
eachPaddleWorld((world) => (w = world));

const plan = (id: string) => planCatalogue('wapi').get(id)!;
const calls = () => w.fake.requests.map((r) => `${r.method} ${r.path}`);

/** A Paddle subscription of ours, delivered through the webhook as Paddle would after a checkout. */
async function subscribed(quantity = 3): Promise<SubscriptionRow> {
  const s = w.fake.addSubscription({
    priceId: PRICES['569723'],
    unitPrice: 2900,
    quantity,
    custom: { pid: w.pid, uid: w.uid, plan_id: '569723' },
  });
  expect((await deliver(w.t, notification('subscription.created', s, w.t.clock.now))).body.result).toBe('applied');
  w.t.clock.advance(1000);
  w.fake.requests.length = 0;
  return (await billingState(w.t, s.id)).sub!;
}

describe('Paddle adapter against a fake of Paddle’s API', () => {
  it('opens a checkout: customer, company address and business, then a transaction with our custom_data', async () => {
    const chk = await openCheckout(w.ctx, {
      pid: w.pid,
      uid: w.uid,
      provider: 'paddle',
      planId: '569723',
      quantity: 4,
      amount: 11600,
      email: 'buyer@example.com',
      company: {
        vatNumber: 'DE123456789',
        companyName: 'Acme GmbH',
        companyStreet: 'Hauptstr. 1',
        companyCity: 'Berlin',
        companyCountry: 'DE',
        companyPostCode: '10115',
      },
    });
    const out = await paddleBilling.createCheckout(w.ctx, chk, plan('569723'));
    expect(calls()).toEqual([
      'GET /customers',
      'POST /customers',
      'POST /customers/' + w.fake.customers[0]!.id + '/addresses',
      'POST /customers/' + w.fake.customers[0]!.id + '/businesses',
      'POST /transactions',
    ]);
    const [list, customer, address, business, txn] = w.fake.requests;
    expect(w.fake.requests.every((r) => r.auth === `Bearer ${w.fake.key}`)).toBe(true);
    expect(list!.query.get('email')).toBe('buyer@example.com');
    expect(customer!.body).toEqual({ email: 'buyer@example.com' });
    expect(address!.body).toEqual({
      country_code: 'DE',
      postal_code: '10115',
      city: 'Berlin',
      first_line: 'Hauptstr. 1',
    });
    expect(business!.body).toEqual({ name: 'Acme GmbH', tax_identifier: 'DE123456789' });
    expect(txn!.body).toMatchObject({
      items: [{ price_id: PRICES['569723'], quantity: 4 }],
      customer_id: w.fake.customers[0]!.id,
      collection_mode: 'automatic',
      custom_data: { pid: w.pid, uid: w.uid, checkout_id: chk.id, plan_id: '569723' },
    });
    expect(txn!.body.address_id).toMatch(/^add_/);
    expect(txn!.body.business_id).toMatch(/^biz_/);
    expect(out.url).toMatch(/^https:\/\/pay\.example\.test\/checkout\?_ptxn=txn_/);
    expect((await w.t.db.select().from(checkouts).where(eq(checkouts.id, chk.id)).get())!.providerRef).toBe(
      out.providerRef,
    );
  });

  it('reuses the Paddle customer with the same email and sends no address without a country', async () => {
    w.fake.customers.push({ id: 'ctm_01existing0000000000000000', email: 'again@example.com' });
    const chk = await openCheckout(w.ctx, {
      pid: w.pid,
      uid: w.uid,
      provider: 'paddle',
      planId: '737242',
      quantity: 1,
      amount: 2990,
      email: 'again@example.com',
    });
    await paddleBilling.createCheckout(w.ctx, chk, plan('737242'));
    expect(calls()).toEqual(['GET /customers', 'POST /transactions']);
    expect(w.fake.requests[1]!.body).toMatchObject({
      customer_id: 'ctm_01existing0000000000000000',
      items: [{ price_id: PRICES['737242'], quantity: 1 }],
    });
  });

  it('refuses a plan without a Paddle price (501) before calling Paddle', async () => {
    const chk = await openCheckout(w.ctx, {
      pid: w.pid,
      uid: w.uid,
      provider: 'paddle',
      planId: 'wapi-live',
      quantity: 1,
      amount: 4990,
      email: 'x@example.com',
    });
    await expect(paddleBilling.createCheckout(w.ctx, chk, plan('wapi-live'))).rejects.toMatchObject({
      code: 'NOT_CONFIGURED',
    });
    expect(calls()).toEqual([]);
  });

  it('charges a raise now, prorated, and applies the quantity Paddle answers', async () => {
    const sub = await subscribed(3);
    await paddleBilling.changeQuantity(w.ctx, sub, { quantity: 5, unitPrice: 2900, immediate: 1500, phoneIds: [] });
    expect(calls()).toEqual([`PATCH /subscriptions/${sub.id}`]);
    expect(w.fake.requests[0]!.body).toEqual({
      items: [{ price_id: PRICES['569723'], quantity: 5 }],
      proration_billing_mode: 'prorated_immediately',
      on_payment_failure: 'prevent_change',
    });
    expect((await billingState(w.t, sub.id)).sub).toMatchObject({ quantity: 5, scheduledQuantity: null });
  });

  it('answers 402 and changes nothing when Paddle declines the raise', async () => {
    const sub = await subscribed(3);
    w.fake.declineNext = true;
    await expect(
      paddleBilling.changeQuantity(w.ctx, sub, { quantity: 5, unitPrice: 2900, immediate: 1500, phoneIds: [] }),
    ).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
    expect((await billingState(w.t, sub.id)).sub!.quantity).toBe(3);
  });

  it('holds a reduction until the period end, then sends it to Paddle without billing', async () => {
    const sub = await subscribed(3);
    await paddleBilling.changeQuantity(w.ctx, sub, {
      quantity: 1,
      unitPrice: 2900,
      immediate: null,
      phoneIds: [101, 102],
    });
    expect(calls()).toEqual([]);
    expect((await billingState(w.t, sub.id)).sub).toMatchObject({ quantity: 3, scheduledQuantity: 1 });
    expect(await paddleBilling.runDue(w.ctx, sub.nextBillDate! - REDUCTION_LEAD_MS - 1000)).toBe(0);
    expect(calls()).toEqual([]);
    expect(await paddleBilling.runDue(w.ctx, sub.nextBillDate! - REDUCTION_LEAD_MS)).toBe(1);
    expect(w.fake.requests[0]!.body).toEqual({
      items: [{ price_id: PRICES['569723'], quantity: 1 }],
      proration_billing_mode: 'do_not_bill',
    });
    expect((await billingState(w.t, sub.id)).sub).toMatchObject({
      quantity: 1,
      scheduledQuantity: null,
      scheduledPhoneIds: null,
    });
    const sent = (await w.t.db.select().from(billingEvents).all()).filter((e) => e.id.startsWith('paddle_api_'));
    expect(sent.map((e) => e.payload)).toEqual([
      expect.objectContaining({ type: 'subscription.updated', disablePhoneIds: [101, 102] }),
    ]);
    expect(await paddleBilling.runDue(w.ctx, sub.nextBillDate!)).toBe(0);
  });

  it('keeps a scheduled reduction across Paddle’s later subscription.updated', async () => {
    const sub = await subscribed(3);
    await paddleBilling.changeQuantity(w.ctx, sub, { quantity: 2, unitPrice: 2900, immediate: null, phoneIds: [] });
    w.t.clock.advance(1000);
    await deliver(
      w.t,
      notification(
        'subscription.updated',
        { ...w.fake.subscriptions.get(sub.id)!, updated_at: new Date(w.t.clock.now).toISOString() },
        w.t.clock.now,
      ),
    );
    expect((await billingState(w.t, sub.id)).sub).toMatchObject({ quantity: 3, scheduledQuantity: 2 });
  });

  it('changes plan from the next payment, without billing', async () => {
    const sub = await subscribed(2);
    await paddleBilling.changePlan(w.ctx, sub, plan('737242'), 2990);
    expect(w.fake.requests[0]!.body).toEqual({
      items: [{ price_id: PRICES['737242'], quantity: 2 }],
      proration_billing_mode: 'do_not_bill',
    });
    expect((await billingState(w.t, sub.id)).sub!.planId).toBe('737242');
  });

  it('cancels at the end of the paid period keeping the feedback; undoing removes the scheduled change', async () => {
    const sub = await subscribed(2);
    await paddleBilling.cancel(w.ctx, {
      ...sub,
      feedback: { option: 'expensive', text: 'Too expensive for our team' },
    });
    expect(calls()).toEqual([`POST /subscriptions/${sub.id}/cancel`]);
    expect(w.fake.requests[0]!.body).toEqual({ effective_from: 'next_billing_period' });
    const ending = (await billingState(w.t, sub.id)).sub!;
    expect(ending).toMatchObject({
      status: 'active',
      cancelAt: sub.nextBillDate,
      feedback: { option: 'expensive', text: 'Too expensive for our team' },
    });
    w.t.clock.advance(1000);
    await paddleBilling.undoCancel(w.ctx, ending);
    expect(w.fake.requests[1]).toMatchObject({
      method: 'PATCH',
      path: `/subscriptions/${sub.id}`,
      body: { scheduled_change: null },
    });
    expect((await billingState(w.t, sub.id)).sub).toMatchObject({ status: 'active', cancelAt: null });
  });

  it('cancels a past-due subscription now (no paid period left to keep)', async () => {
    const sub = await subscribed(2);
    await paddleBilling.cancel(w.ctx, { ...sub, status: 'past_due' });
    expect(w.fake.requests[0]!.body).toEqual({ effective_from: 'immediately' });
    expect((await billingState(w.t, sub.id)).sub).toMatchObject({ status: 'deleted', endedAt: w.t.clock.now });
  });

  it('resumes a paused subscription now with a new period, and answers false when the charge is declined', async () => {
    const sub = await subscribed(2);
    const paused = { ...w.fake.subscriptions.get(sub.id)!, status: 'paused' as const };
    w.fake.subscriptions.set(sub.id, paused);
    await deliver(w.t, notification('subscription.paused', paused, w.t.clock.now));
    w.t.clock.advance(1000);
    w.fake.declineNext = true;
    expect(await paddleBilling.resume(w.ctx, (await billingState(w.t, sub.id)).sub!)).toBe(false);
    expect((await billingState(w.t, sub.id)).sub!.status).toBe('paused');
    expect(await paddleBilling.resume(w.ctx, (await billingState(w.t, sub.id)).sub!)).toBe(true);
    expect(w.fake.requests.at(-1)!.body).toEqual({
      effective_from: 'immediately',
      on_resume: 'start_new_billing_period',
    });
    expect((await billingState(w.t, sub.id)).sub).toMatchObject({ status: 'active', periodStart: w.t.clock.now });
  });

  it('answers the checkout URL of the payment-method update transaction', async () => {
    const sub = await subscribed(1);
    expect(await paddleBilling.paymentMethodUrl(w.ctx, sub)).toMatch(
      /^https:\/\/pay\.example\.test\/checkout\?_ptxn=txn_/,
    );
    expect(calls()).toEqual([`GET /subscriptions/${sub.id}/update-payment-method-transaction`]);
  });

  it('turns Paddle’s refusals and outages into the one error shape (503)', async () => {
    const sub = await subscribed(1);
    w.fake.failWith = 500;
    await expect(paddleBilling.cancel(w.ctx, sub)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    w.fake.failWith = null;
    await expect(paddleBilling.cancel(w.ctx, { ...sub, id: 'sub_01unknown000000000000000000' })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect((await billingState(w.t, sub.id)).sub!.status).toBe('active');
  });
});
