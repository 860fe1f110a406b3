import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products, subscriptions } from '../../db/schema';
import { applyEvent, snapshotOf } from '../../src/services/billing/events';
import { Billing, CARDS } from '../support/billing';
import { expectError, type Agent } from '../support/agent';
import { customer, type Api } from '../support/phones';
import { eachAdminApp } from '../support/staff';
import type { TestApp } from '../support/test-app';

let t: TestApp;
let admin: Agent;
eachAdminApp((app, agent) => {
  t = app;
  admin = agent;
});

const call = async (path: string, payload?: unknown) => {
  const res =
    payload === undefined
      ? await admin.get(`/api/wapi/admin/${path}`)
      : await admin.postForm(`/api/wapi/admin/${path}`, payload);
  return { status: res.status, body: (await res.json()) as any };
};
const audit = async (action: string) => (await call(`audit?action=${action}`)).body.result as any[];

/** A customer whose phone subscription paused after four failed renewals (the clock is shared, so pause them together). */
async function buyer(email: string): Promise<{ b: Billing; api: Api; pid: string; sub: string }> {
  const c = await customer(t, email);
  const b = new Billing(c.agent);
  return { b, api: c.api, pid: c.pid, sub: await b.buy('569723', 1, CARDS.failsLater) };
}

/** The card on file stops paying, as the provider would report it. */
async function cardNowDeclines(id: string) {
  const sub = (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)).get())!;
  await applyEvent(
    { db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache },
    {
      id: `evt_test_${id}`,
      type: 'subscription.updated',
      occurredAt: sub.eventAt,
      subscription: { ...snapshotOf(sub), card: '4000000000000002' },
    },
  );
}

/** An enterprise (custom plan) subscription, as the provider reports one paid through a staff custom link. */
async function enterpriseDeal(pid: string) {
  const p = (await t.db.select().from(products).where(eq(products.id, pid)).get())!;
  const at = t.clock.now;
  const sub = {
    id: `sub_test_${pid}`,
    pid,
    uid: p.uid,
    provider: 'sandbox' as const,
    planId: 'wapi-custom-api',
    status: 'active' as const,
    quantity: 10,
    unitPrice: 2000,
    currency: 'USD',
    periodStart: at,
    nextBillDate: at + 30 * 86_400_000,
    scheduledQuantity: null,
    scheduledPhoneIds: null,
    attemptNumber: 0,
    nextRetryDate: null,
    card: '4242424242424242',
    email: 'enterprise@example.com',
    trialType: null,
    feedback: null,
    endedAt: null,
  };
  await applyEvent(
    { db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache },
    { id: `evt_test_${pid}`, type: 'subscription.created', occurredAt: at, subscription: sub },
  );
}

describe('back-office: paused subscriptions', () => {
  it('lists paused subscriptions, restarts one, restarts the rest in bulk reporting a failure, and audits each', async () => {
    const [ann, bob, cem] = [
      await buyer('ann@example.com'),
      await buyer('bob@example.com'),
      await buyer('cem@example.com'),
    ];
    await ann.b.clock(40);
    await cardNowDeclines(cem.sub);
    const list = await call('paused-subs');
    expect(list.status).toBe(200);
    expect(list.body.result).toHaveLength(3);
    expect(list.body.result.find((r: any) => r.charge_id === ann.sub)).toMatchObject({
      email: 'ann@example.com',
      pid: ann.pid,
      phone_limit_now: 0,
      data: { subscription_plan_id: '569723', amount: 29, new_price: 29 },
      settings: { phone_limit: 1, plan_id: '569723' },
    });

    const one = await call('reactiveSingleSub', { pid: ann.pid, subscription_id: ann.sub });
    expect(one.body).toMatchObject({ success: true, message: 'Subscription reactivated successfully!' });
    expect(await ann.b.sub(ann.sub)).toMatchObject({ status: 'active' });
    expect((await ann.b.product()).settings.phone_limit).toBe(1);
    await expectError(
      await admin.postForm('/api/wapi/admin/reactiveSingleSub', { pid: ann.pid, subscription_id: ann.sub }),
      409,
      'CONFLICT',
    );

    const bulk = await call('reactiveAllPausedSubs', { filter: 'all' });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data.success).toBe(true);
    expect(bulk.body.data.data.successful.map((s: any) => s.email)).toEqual(['bob@example.com']);
    expect(bulk.body.data.data.failed).toEqual([
      { charge_id: cem.sub, pid: cem.pid, email: 'cem@example.com', message: 'Failed to reactivate subscription' },
    ]);
    expect(bulk.body.message).toBe('Restarted 1 of 2 paused subscriptions; 1 failed.');
    expect(await bob.b.sub(bob.sub)).toMatchObject({ status: 'active' });
    expect(await cem.b.sub(cem.sub)).toMatchObject({ status: 'paused' });
    expect((await call('paused-subs')).body.result.map((r: any) => r.charge_id)).toEqual([cem.sub]);

    const restarts = await audit('restartSub');
    expect(restarts.map((e) => [e.target, e.detail.ok, e.staff_email])).toEqual(
      expect.arrayContaining([
        [ann.sub, true, 'boss@example.com'],
        [ann.sub, false, 'boss@example.com'],
        [bob.sub, true, 'boss@example.com'],
        [cem.sub, false, 'boss@example.com'],
      ]),
    );
    expect(await audit('restartAllSubs')).toMatchObject([{ target: 'all', detail: { successful: 1, failed: 1 } }]);

    const none = await call('reactiveAllPausedSubs', { filter: 'zero_limit' });
    expect(none.body.data).toMatchObject({
      success: false,
      data: { successful: [], failed: [{ charge_id: cem.sub }] },
    });
  });

  it("changes a paused subscription's phones and price through the provider; the restart charges and grants them", async () => {
    const ann = await buyer('ann@example.com');
    await ann.b.clock(40);
    const upd = await call('updatePausedSub', {
      charge_id: ann.sub,
      phone_limit: '3',
      new_price: '75',
      plan_id: '569723',
    });
    expect(upd.body).toMatchObject({ success: true });
    expect((await call('paused-subs')).body.result[0]).toMatchObject({
      data: { amount: 29, new_price: 75, quantity: 3 },
      settings: { phone_limit: 3 },
    });
    await call('reactiveSingleSub', { pid: ann.pid, subscription_id: ann.sub });
    expect((await ann.b.product()).settings.phone_limit).toBe(3);
    const paid = (await ann.b.call('getPaymentHistory', { subscription_id: ann.sub })).body.data.response;
    expect(paid[0]).toMatchObject({ is_paid: 1, amount: 75 });
    expect(await audit('updatePausedSub')).toMatchObject([
      { target: ann.sub, detail: { before: { quantity: 1, price: 29 }, after: { quantity: 3, price: 75 } } },
    ]);
    await expectError(
      await admin.postForm('/api/wapi/admin/updatePausedSub', {
        charge_id: ann.sub,
        phone_limit: 2,
        new_price: 10,
        plan_id: '569723',
      }),
      409,
      'CONFLICT',
    );
    await expectError(
      await admin.postForm('/api/wapi/admin/updatePausedSub', {
        charge_id: ann.sub,
        phone_limit: 1.5,
        new_price: 10,
        plan_id: '569723',
      }),
      422,
      'VALIDATION',
    );
    await expectError(
      await admin.postForm('/api/wapi/admin/updatePausedSub', {
        charge_id: 'nope',
        phone_limit: 1,
        new_price: 10,
        plan_id: '569723',
      }),
      404,
      'NOT_FOUND',
    );
    await expectError(
      await admin.postForm('/api/wapi/admin/reactiveAllPausedSubs', { filter: 'some' }),
      422,
      'VALIDATION',
    );
  });
});

describe('back-office: subscription packages', () => {
  it('a package edit changes the phone limit the server enforces, holds across a billing change, and is audited', async () => {
    const c = await customer(t, 'ann@example.com');
    const b = new Billing(c.agent);
    await b.buy('569723', 1);
    const add = async () => (await c.api.post('/addPhone', {})).status;
    expect(await add()).toBe(200);
    expect(await add()).toBe(403);
    const rows = (await call('subsList')).body;
    expect(rows.result).toEqual([
      expect.objectContaining({
        owner_email: 'ann@example.com',
        phone_limit: 1,
        phones: 1,
        package: 'api',
        is_reseller: false,
        is_enterprise: false,
        pid: c.pid,
      }),
    ]);

    const set = await call('setPackage', {
      pid: c.pid,
      new_limit: '2',
      new_phone_limit: '3',
      new_instagram_limit: '0',
      subscription_plan_id: '',
    });
    expect(set.body).toMatchObject({ success: true, error: null, result: { phone_limit: 3, agent_limit: 2 } });
    expect([await add(), await add(), await add()]).toEqual([200, 200, 403]);

    // The customer buys one more phone: the staff edit stays on top of the subscription's grant.
    const subId = (await b.product()).activeSubs[0].data.subscription_id;
    expect((await b.call('updateSubscription', { subscription_id: subId, quantity: 2, old_quantity: 1 })).status).toBe(
      200,
    );
    expect((await b.product()).settings).toMatchObject({ phone_limit: 4, agent_limit: 2 });

    const lower = await call('setPackage', { pid: c.pid, new_limit: 0, new_phone_limit: 1, new_instagram_limit: 0 });
    expect(lower.body.result).toMatchObject({ phone_limit: 1, phones: 1 });
    expect(await audit('setPackage')).toMatchObject([
      {
        target: c.pid,
        staff_email: 'boss@example.com',
        detail: { before: { phone_limit: 4 }, after: { phone_limit: 1 } },
      },
      {
        target: c.pid,
        detail: { before: { phone_limit: 1, agent_limit: 0 }, after: { phone_limit: 3, agent_limit: 2 } },
      },
    ]);
  });

  it('refuses reseller and enterprise owners and bad input', async () => {
    const reseller = await customer(t, 'partner@example.com');
    const row = (await t.db.select().from(products).where(eq(products.id, reseller.pid)).get())!;
    await t.db
      .update(products)
      .set({ settings: { ...row.settings, partner: true } })
      .where(eq(products.id, reseller.pid));
    const refused = await admin.postForm('/api/wapi/admin/setPackage', {
      pid: reseller.pid,
      new_limit: 0,
      new_phone_limit: 5,
      new_instagram_limit: 0,
    });
    await expectError(refused, 403, 'FORBIDDEN');

    const big = await customer(t, 'enterprise@example.com');
    await enterpriseDeal(big.pid);
    const list = (await call('subsList?email=enterprise')).body.result;
    expect(list).toMatchObject([{ owner_email: 'enterprise@example.com', is_enterprise: true }]);
    await expectError(
      await admin.postForm('/api/wapi/admin/setPackage', {
        pid: big.pid,
        new_limit: 0,
        new_phone_limit: 5,
        new_instagram_limit: 0,
      }),
      403,
      'FORBIDDEN',
    );

    await expectError(
      await admin.postForm('/api/wapi/admin/setPackage', {
        pid: big.pid,
        new_limit: 1.5,
        new_phone_limit: 5,
        new_instagram_limit: 0,
      }),
      422,
      'VALIDATION',
    );
    await expectError(
      await admin.postForm('/api/wapi/admin/setPackage', {
        pid: big.pid,
        new_limit: 'a',
        new_phone_limit: 5,
        new_instagram_limit: 0,
      }),
      422,
      'VALIDATION',
    );
    await expectError(
      await admin.postForm('/api/wapi/admin/setPackage', {
        pid: big.pid,
        new_limit: -1,
        new_phone_limit: 5,
        new_instagram_limit: 0,
      }),
      422,
      'VALIDATION',
    );
    await expectError(
      await admin.postForm('/api/wapi/admin/setPackage', {
        pid: 'nope',
        new_limit: 1,
        new_phone_limit: 5,
        new_instagram_limit: 0,
      }),
      404,
      'NOT_FOUND',
    );
  });
});
