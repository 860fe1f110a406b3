import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MSG } from '../../src/shared/billing/messages';
import { planCatalogue, type Plan } from '../../src/shared/billing/plans';
import { Billing, billingCustomer, CARDS, setSettings } from '../support/billing';
import type { Api } from '../support/phones';
import { staffMember } from '../support/staff';
import type { TestApp } from '../support/test-app';

// Issue 21, "Plan changes obey the same rules as purchases": every call that changes a subscription's
// plan or price is held to the purchase's rules (1-console §6, §9). The rules are stated here again,
// from the spec, as the oracle the server is checked against.

const CATALOGUE = [...planCatalogue('wapi').values()];
const byId = new Map(CATALOGUE.map((p) => [p.id, p]));
const PHONE = byId.get('569723')!;
/** The seeds give the numeric plan ids as numbers: sent that way here. */
const wire = (id: string): string | number => (/^\d+$/.test(id) ? Number(id) : id);

interface Account {
  kind: 'ordinary' | 'discounted' | 'trial' | 'partner';
  /** The subscription walked through every plan. */
  sub: string;
  from: Plan;
  quantity: number;
  /** Phones the account has besides the walked subscription. */
  besides: number;
  phone19: boolean;
  phone15: boolean;
  partner: boolean;
}

const sameGrants = (a: Plan, b: Plan) =>
  a.grants.phone === b.grants.phone && a.grants.agent === b.grants.agent && a.grants.instagram === b.grants.instagram;

/** The discounted phone add-ons: the flag and the phones already held (1-console §9). */
function discountAllows(a: Account, to: Plan, phones: number): boolean {
  if (to.name === 'PHONE19') return a.phone19 && phones >= 45;
  if (to.name === 'PHONE15') return a.phone15 && phones >= 90;
  return true;
}

/** May the account buy `to` (custompaddlelink, not staff)? */
function purchaseAllowed(a: Account, to: Plan): boolean {
  if (to.trial || to.name === 'CUSTOM') return false;
  if (a.partner && to.grants.phone > 0) return false;
  return discountAllows(a, to, a.besides + a.quantity * a.from.grants.phone);
}

/** May the walked subscription move to `to` (updateplanid, and the plan preview)? */
function changeAllowed(a: Account, to: Plan): boolean {
  if (a.kind === 'trial' || to.id === a.from.id || to.trial || to.name === 'CUSTOM' || a.from.name === 'CUSTOM')
    return false;
  if (!sameGrants(a.from, to)) return false;
  return discountAllows(a, to, a.besides);
}

let t: TestApp;
let api: Api;
let b: Billing;
beforeEach(async () => {
  ({ t, api, b } = await billingCustomer());
});
afterEach(() => t.close());

async function account(kind: Account['kind']): Promise<Account> {
  const base = { kind, quantity: 5, besides: 0, phone19: false, phone15: false, partner: false, from: PHONE };
  if (kind === 'trial') {
    expect((await b.call('createFreeTrial', { type: 'wapi-trial-api' })).status).toBe(200);
    const trial = (await b.product()).activeSubs[0].data;
    return { ...base, sub: trial.subscription_id, from: byId.get(trial.subscription_plan_id)!, quantity: 1 };
  }
  if (kind === 'discounted') {
    await b.buy('569723', 90);
    const sub = await b.buy('569723', 5);
    await setSettings(t, api.pid, { phone19: true, phone15: true });
    return { ...base, sub, besides: 90, phone19: true, phone15: true };
  }
  const sub = await b.buy('569723', 5);
  // An ordinary account has the flags too: only its phone count keeps it from the discounts.
  if (kind === 'ordinary') await setSettings(t, api.pid, { phone19: true, phone15: true });
  if (kind === 'partner') await setSettings(t, api.pid, { partner: true, phone19: true, phone15: true });
  return { ...base, sub, phone19: true, phone15: true, partner: kind === 'partner' };
}

/** A refusal is a 4xx in the one error shape. */
function expectRefused(res: { status: number; body: any }, what: string) {
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(res.body, what).toMatchObject({
    success: false,
    message: expect.any(String),
    error: { code: expect.any(String), message: res.body.message },
  });
}

/** What a subscription will charge next, and for what. */
async function amount(
  id: string,
): Promise<{ subscription_plan_id: string; quantity: number; next_payment_amount: number | null; status: string }> {
  const { subscription_plan_id, quantity, next_payment_amount, status } = await b.sub(id);
  return { subscription_plan_id, quantity, next_payment_amount, status };
}

describe('plan changes obey the purchase rules', () => {
  for (const kind of ['ordinary', 'discounted', 'trial', 'partner'] as const) {
    it(`walks every plan-changing call against every plan id for a${kind === 'ordinary' ? 'n' : ''} ${kind} account`, async () => {
      const a = await account(kind);
      const start = await amount(a.sub);
      const limit = async () => (await b.product()).settings.phone_limit as number;
      const startLimit = await limit();
      const moved: string[] = [];
      for (const to of CATALOGUE) {
        const what = `${kind}: ${a.from.id} → ${to.id}`;
        const before = await amount(a.sub);

        // The purchase: the reference the other calls are held to.
        const buy = await b.call('custompaddlelink', { plan_id: wire(to.id), quantity: 1 });
        if (purchaseAllowed(a, to)) expect(buy.status, `buy ${what}: ${JSON.stringify(buy.body)}`).toBe(200);
        else expectRefused(buy, `buy ${what}`);

        const allowed = changeAllowed(a, to);
        const preview = await b.call('checkpreview', { subscription_id: a.sub, plan_id: wire(to.id) });
        if (allowed)
          expect(preview.body.response?.next_payment.amount, `preview ${what}: ${JSON.stringify(preview.body)}`).toBe(
            Math.round(a.quantity * to.price) / 100,
          );
        else expectRefused(preview, `preview ${what}`);

        const change = await b.call('updateplanid', { subscription_id: a.sub, plan_id: wire(to.id) });
        const after = await amount(a.sub);
        if (allowed) {
          moved.push(to.id);
          expect(change.status, `change ${what}: ${JSON.stringify(change.body)}`).toBe(200);
          expect(after, what).toMatchObject({
            subscription_plan_id: to.id,
            next_payment_amount: Math.round(a.quantity * to.price) / 100,
          });
        } else {
          expectRefused(change, `change ${what}`);
          expect(after, what).toEqual(before);
        }
        // The point of it all: the next payment never drops unless the rules allow the plan.
        if (before.next_payment_amount !== null && (after.next_payment_amount ?? 0) < before.next_payment_amount)
          expect(allowed, `dropped: ${what}`).toBe(true);
        if (allowed)
          expect(
            (await b.call('updateplanid', { subscription_id: a.sub, plan_id: wire(a.from.id) })).status,
            `back ${what}`,
          ).toBe(200);

        // The spec's updateSubscription and reactiveSubscription payloads carry a plan id: it never moves the plan.
        const update = await b.call('updateSubscription', {
          subscription_id: a.sub,
          quantity: a.quantity,
          old_quantity: a.quantity,
          plan_id: wire(to.id),
        });
        expectRefused(update, `update ${what}`);
        const restart = await b.call('reactiveSubscription', { subscription_id: a.sub, plan_id: wire(to.id) });
        expectRefused(restart, `restart ${what}`);
        expect(await amount(a.sub), what).toEqual(before);
      }

      // What the rules left open: the other one-phone plans at their list price; the discounts only with the phones besides.
      const listed = [
        '775032',
        '737242',
        '893548',
        'wapi-api',
        'wapi-multi-api',
        'wapi-api-annually',
        'wapi-phone-six-monthly',
      ];
      expect(moved.sort()).toEqual(
        (kind === 'trial' ? [] : kind === 'discounted' ? [...listed, '775196', '777392'] : listed).sort(),
      );

      // A raise buys more of the same plan: refused to trials and partners, priced per update otherwise.
      const raise = await b.call('updateSubscription', {
        subscription_id: a.sub,
        quantity: a.quantity + 1,
        old_quantity: a.quantity,
        plan_id: wire('777392'),
      });
      if (kind === 'trial' || kind === 'partner') {
        expectRefused(raise, `raise ${kind}`);
        expect(raise.body.message).toBe(kind === 'trial' ? BILLING_MSG.trialNoRaise : BILLING_MSG.partnerNoRaise);
      } else {
        expect(raise.status, JSON.stringify(raise.body)).toBe(200);
        expect(await amount(a.sub)).toMatchObject({
          subscription_plan_id: '569723',
          quantity: a.quantity + 1,
          next_payment_amount: (a.quantity + 1) * 30,
        });
      }

      // A trial switches type without raising its limits (the multi-API trial's three phones are not switched to).
      if (kind === 'trial') {
        for (const to of CATALOGUE.filter((p) => p.trial)) {
          const limitBefore = await limit();
          const current = byId.get((await amount(a.sub)).subscription_plan_id)!;
          const res = await b.call('changetrial', { type: to.id });
          if (to.grants.phone <= current.grants.phone)
            expect(res.status, `trial → ${to.id}: ${JSON.stringify(res.body)}`).toBe(200);
          else {
            expectRefused(res, `trial → ${to.id}`);
            expect(res.body.message).toBe(BILLING_MSG.trialNoRaise);
          }
          expect(await limit()).toBeLessThanOrEqual(limitBefore);
        }
        expect(await limit()).toBeLessThanOrEqual(startLimit);
        return;
      }

      // The sandbox clock shows the next charge: the plan walk left it as it was.
      const expected = kind === 'partner' ? start.next_payment_amount : (a.quantity + 1) * 30;
      await b.clock(31);
      const paid = (await b.call('getPaymentHistory', { subscription_id: a.sub })).body.data.response as {
        amount: number;
      }[];
      expect(paid[0]!.amount).toBe(expected);
    });
  }

  it('PHONE15 on an ordinary PHONE subscription: refused, and the next charge for 5 phones stays 145', async () => {
    const sub = await b.buy('569723', 5);
    const refused = await b.call('updateplanid', { subscription_id: sub, plan_id: '777392' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      message: BILLING_MSG.phone15Needs,
      error: { code: 'FORBIDDEN' },
    });
    // The same words and code the purchase refusal uses.
    const buy = await b.call('custompaddlelink', { plan_id: '777392' });
    expect([buy.status, buy.body.message, buy.body.error.code]).toEqual([403, BILLING_MSG.phone15Needs, 'FORBIDDEN']);
    expect((await b.call('checkpreview', { subscription_id: sub, plan_id: 777392 })).status).toBe(403);
    await b.clock(31);
    const paid = (await b.call('getPaymentHistory', { subscription_id: sub })).body.data.response as {
      amount: number;
    }[];
    expect(paid.map((p) => p.amount)).toEqual([145, 145]);
  });

  it('keeps the discounts to the phones held besides: the flag, the threshold, raises and reductions', async () => {
    const base = await b.buy('775032', 90);
    const sub = await b.buy('569723', 5);
    // 95 phones but no phone15 setting.
    expect((await b.call('updateplanid', { subscription_id: sub, plan_id: 777392 })).body.message).toBe(
      BILLING_MSG.phone15Needs,
    );
    await setSettings(t, api.pid, { phone15: true });
    // The 90-phone subscription cannot take the discount itself: only 5 phones besides it.
    expect((await b.call('updateplanid', { subscription_id: base, plan_id: '777392' })).body.message).toBe(
      BILLING_MSG.phone15Needs,
    );
    expect((await b.call('updateplanid', { subscription_id: sub, plan_id: 777392 })).status).toBe(200);
    expect(await amount(sub)).toMatchObject({ subscription_plan_id: '777392', next_payment_amount: 75 });
    // Reducing the base below 90 would keep the discount without its threshold: the PHONE15 goes first.
    const reduce = await b.call('updateSubscription', { subscription_id: base, quantity: 89, old_quantity: 90 });
    expect([reduce.status, reduce.body.message]).toEqual([403, BILLING_MSG.phone15Held]);
    // Without the setting, no more PHONE15 units are bought (a raise is a purchase at that price).
    await setSettings(t, api.pid, { phone15: false });
    const raise = await b.call('updateSubscription', { subscription_id: sub, quantity: 6, old_quantity: 5 });
    expect([raise.status, raise.body.message]).toEqual([403, BILLING_MSG.phone15Needs]);
    expect(await amount(sub)).toMatchObject({ quantity: 5, next_payment_amount: 75 });
  });

  it('restarts a paused PHONE15 only once the phones it needs are back', async () => {
    const base = await b.buy('569723', 90, CARDS.failsLater);
    await setSettings(t, api.pid, { phone15: true });
    const sub = await b.buy('777392', 2, CARDS.failsLater);
    await b.clock(40);
    expect((await b.sub(sub)).status).toBe('paused');
    expect((await b.sub(base)).status).toBe('paused');
    const early = await b.call('reactiveSubscription', { subscription_id: sub });
    expect([early.status, early.body.message]).toEqual([403, BILLING_MSG.phone15Needs]);
    expect((await b.sub(sub)).status).toBe('paused');
    expect((await b.call('reactiveSubscription', { subscription_id: base })).status).toBe(200);
    expect((await b.call('reactiveSubscription', { subscription_id: sub })).status).toBe(200);
    expect(await b.sub(sub)).toMatchObject({ status: 'active', next_payment_amount: 30 });
  });

  it('lets staff restart a paused PHONE15 whose phones are not back (a staff edit)', async () => {
    await b.buy('569723', 90, CARDS.failsLater);
    await setSettings(t, api.pid, { phone15: true });
    const sub = await b.buy('777392', 2, CARDS.failsLater);
    await b.clock(40);
    expect((await b.call('reactiveSubscription', { subscription_id: sub })).body.message).toBe(
      BILLING_MSG.phone15Needs,
    );
    const admin = await staffMember(t, 'boss@example.com', 'admin');
    const res = await admin.postForm('/api/wapi/admin/reactiveSingleSub', { pid: api.pid, subscription_id: sub });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await b.sub(sub)).toMatchObject({ status: 'active' });
  });

  it('starts no free trial on top of a paid subscription (a trial raises no limits)', async () => {
    await b.buy('569723', 2);
    const res = await b.call('createFreeTrial', { type: 'wapi-trial-multi-api' });
    expect([res.status, res.body.message, res.body.error?.code]).toEqual([409, BILLING_MSG.trialOnPaid, 'CONFLICT']);
    expect((await b.product()).settings.phone_limit).toBe(2);
  });

  it('leaves the enterprise plan and its agreed price to staff', async () => {
    const staff = new Billing(await staffMember(t, 'boss@example.com', 'admin'));
    const email = (await (await b.agent.get('/api/auth/user')).json()).data.email as string;
    const link = await staff.call('custompaddlelink', {
      plan_id: 'wapi-custom-api',
      admin: true,
      custom_price: 99,
      title: 'Deal',
      email,
    });
    const sub = (await b.pay(link.body.data.response.checkout_id, CARDS.ok)).body.subscription_id as string;
    for (const plan of ['wapi-custom-api', 569723, '775032', 'wapi-api']) {
      const res = await b.call('updateplanid', { subscription_id: sub, plan_id: plan });
      expectRefused(res, String(plan));
    }
    expect((await b.call('updateplanid', { subscription_id: sub, plan_id: 569723 })).body.message).toBe(
      BILLING_MSG.enterpriseContact,
    );
    expect(await amount(sub)).toMatchObject({ subscription_plan_id: 'wapi-custom-api', next_payment_amount: 99 });
  });

  it('takes plan ids as numbers or strings on every call that names a plan, and refuses what is no plan id', async () => {
    const checkout = await b.call('custompaddlelink', { plan_id: 569723, quantity: 2 });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const sub = (await b.pay(checkout.body.data.response.checkout_id, CARDS.ok)).body.subscription_id as string;
    expect(
      (await b.call('checkpreview', { subscription_id: sub, plan_id: 775032 })).body.response.next_payment.amount,
    ).toBe(59.8);
    expect((await b.call('updateplanid', { subscription_id: sub, plan_id: 775032 })).status).toBe(200);
    expect((await b.call('updateplanid', { subscription_id: sub, plan_id: '569723' })).status).toBe(200);
    expect(await amount(sub)).toMatchObject({ subscription_plan_id: '569723', next_payment_amount: 58 });
    for (const bad of [5.5, -569723, null, {}, [], true, '']) {
      for (const call of ['custompaddlelink', 'updateplanid', 'checkpreview']) {
        const res = await b.call(call, { subscription_id: sub, plan_id: bad });
        expect(res.status, `${call} ${JSON.stringify(bad)}`).toBe(422);
        expectRefused(res, `${call} ${JSON.stringify(bad)}`);
      }
    }
    expect((await b.call('custompaddlelink', { plan_id: 123456 })).status).toBe(422);
  });
});
