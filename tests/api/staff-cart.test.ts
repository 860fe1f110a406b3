import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, payments, staffAudit, users } from '../../db/schema';
import { addFootprint } from '../../src/services/billing/footprint';
import { runDueRecovery } from '../../src/services/staff/cart-due';
import { Agent, expectError } from '../support/agent';
import { Billing, CARDS } from '../support/billing';
import { customer } from '../support/phones';
import { eachAdminApp } from '../support/staff';
import type { TestApp } from '../support/test-app';
import { billingProviders } from '../../src/adapters/billing';

const HOUR = 3_600_000;
let t: TestApp;
let admin: Agent;
eachAdminApp((app, agent) => {
  t = app;
  admin = agent;
});

const ctx = () => ({ db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache, billing: billingProviders });
const uidOf = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get())!.id;
const dashboard = async (body: unknown) => {
  const res = await admin.postJson('/api/wapi/admin/abandoned-cart', body);
  expect(res.status).toBe(200);
  return (await res.json()) as any;
};
const detail = async (uid: number) =>
  (await (await admin.postJson('/api/wapi/admin/cart-detail', { uid })).json()) as any;
const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).all();

/** A customer whose sandbox checkout was declined: the footprint the recovery sequence starts from. */
async function declined(email: string) {
  const c = await customer(t, email);
  const b = new Billing(c.agent);
  const checkout = await b.checkout('569723');
  expect((await b.pay(checkout, CARDS.declined)).status).toBe(402);
  return { ...c, b, uid: await uidOf(email) };
}

describe('the abandoned-cart dashboard', () => {
  it('computes the records, risk levels and summary figures from footprint events, and filters and pages them', async () => {
    const seed = async (email: string, events: [string, number, number?][]) => {
      await customer(t, email);
      const uid = await uidOf(email);
      for (const [category, hoursAgo, amount] of events)
        await addFootprint({ ...ctx(), now: () => t.clock.now - hoursAgo * HOUR }, uid, category as any, '569723', {
          amount: amount ?? 2990,
        });
      return uid;
    };
    const a = await seed('a@example.com', [
      ['payment-declined', 3],
      ['payment-declined', 2],
    ]);
    await seed('b@example.com', [['checkout-close', 72]]);
    const c = await seed('c@example.com', [
      ['payment-declined', 2],
      ['checkout-success', 1, 2691],
    ]);
    await seed('d@example.com', [
      ['checkout-close', 40],
      ['checkout-close', 30],
    ]);
    const all = await dashboard({ page: 1, limit: 50, filter: {} });
    expect(all.general).toEqual({
      total_abandoned: 3,
      high_risk: 1,
      real_potential_revenue: 29.9,
      potential_revenue: 89.7,
      users_last_24h: 2,
      revenue_recovered: 26.91,
      recovered: 1,
    });
    expect(all.result.map((r: any) => r.email)).toEqual([
      'c@example.com',
      'a@example.com',
      'd@example.com',
      'b@example.com',
    ]);
    const byEmail = Object.fromEntries(all.result.map((r: any) => [r.email, r]));
    expect(byEmail['a@example.com']).toMatchObject({
      uid: a,
      payment_failures: 2,
      risk_level: 'high',
      status: 'high_risk',
      label: 'paddle-payment-declined',
      last_attempt_price: 29.9,
      last_attempt_currency: 'USD',
      potential_value: 29.9,
    });
    expect(byEmail['b@example.com']).toMatchObject({ risk_level: 'low', status: 'pending', label: 'checkout-close' });
    expect(byEmail['c@example.com']).toMatchObject({
      uid: c,
      status: 'recovered',
      potential_value: 0,
      recovered_value: 26.91,
    });
    expect(byEmail['d@example.com']).toMatchObject({ checkout_closes: 2, risk_level: 'medium', status: 'medium_risk' });
    expect((await dashboard({ filter: { riskLevel: 'high' } })).result.map((r: any) => r.uid)).toEqual([a]);
    expect((await dashboard({ filter: { minFailures: 1 } })).pagination.total).toBe(2);
    expect((await dashboard({ filter: { email: 'D@EXAMPLE' } })).result.map((r: any) => r.email)).toEqual([
      'd@example.com',
    ]);
    expect((await dashboard({ filter: { uid: c } })).result).toHaveLength(1);
    const day = (h: number) => new Date(t.clock.now - h * HOUR).toISOString().slice(0, 10);
    expect((await dashboard({ filter: { dateFrom: day(0), dateTo: day(0) } })).general.total_abandoned).toBe(1);
    expect((await dashboard({ filter: { dateTo: day(48) } })).result.map((r: any) => r.email)).toEqual([
      'b@example.com',
    ]);
    const paged = await dashboard({ page: 2, limit: 3, filter: {} });
    expect(paged.result).toHaveLength(1);
    expect(paged.pagination).toMatchObject({ total: 4, hasMore: false });
    expect((await dashboard({ page: 1, limit: 3 })).pagination.hasMore).toBe(true);
  });

  it('refuses bad input with 4xx in the one error shape', async () => {
    await expectError(
      await admin.postJson('/api/wapi/admin/abandoned-cart', { filter: { riskLevel: 'huge' } }),
      422,
      'VALIDATION',
    );
    await expectError(
      await admin.postJson('/api/wapi/admin/abandoned-cart', { filter: { dateFrom: 'yesterday' } }),
      422,
      'VALIDATION',
    );
    await expectError(
      await admin.postJson('/api/mailer/cart-recovery', { uid: 1, email: 'a@example.com' }),
      422,
      'VALIDATION',
    );
    await expectError(
      await admin.postJson('/api/mailer/cart-recovery', {
        uid: 999,
        email: 'a@example.com',
        template_type: 'first-discount',
      }),
      404,
      'NOT_FOUND',
    );
    await expectError(await admin.postJson('/api/wapi/admin/cart-detail', { uid: 999 }), 404, 'NOT_FOUND');
    await expectError(
      await admin.postJson('/api/wapi/admin/user-note', { uid: await uidOf('boss@example.com'), note: 'x' }),
      409,
      'CONFLICT',
    );
    await expectError(
      await new Agent(t).postJson('/api/mailer/cart-recovery', {
        uid: 1,
        email: 'a@example.com',
        template_type: 'first-discount',
      }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('cart-recovery e-mails', () => {
  it('sends a step by hand as a real e-mail, shows it in the history and keeps the note; both are audited', async () => {
    const { uid } = await declined('ada@example.com');
    const res = await admin.postJson('/api/mailer/cart-recovery', {
      uid,
      email: 'ada@example.com',
      template_type: 'checkout-abandoned',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { success: true, message: 'Recovery e-mail sent.' } });
    const [mail] = await mailsTo('ada@example.com');
    expect(mail!.subject).toContain('Still thinking');
    expect(mail!.html).toContain('<a href="http://localhost:8787/sandbox/checkout/chk_');
    expect(mail!.text).toMatch(/Stop these e-mails: http:\/\/localhost:8787\/unsubscribe\/[\w-]+/);
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect((await admin.postJson('/api/wapi/admin/user-note', { uid, note: 'Called her.' })).status).toBe(200);
    const d = await detail(uid);
    expect(d.user).toMatchObject({
      email: 'ada@example.com',
      plan_name: 'PHONE',
      price: 29,
      currency: 'USD',
      risk_level: 'medium',
      last_action: 'paddle-payment-declined',
      note: 'Called her.',
    });
    expect(d.steps.map((s: any) => [s.template, s.sent, s.queued])).toEqual([
      ['payment-declined', false, true],
      ['checkout-abandoned', true, false],
      ['first-discount', false, false],
      ['second-discount', false, false],
      ['third-discount', false, false],
      ['last-discount', false, false],
    ]);
    expect(d.history).toMatchObject([
      {
        template: 'checkout-abandoned',
        event: 'paddle-payment-declined',
        status: 'sent',
        source: 'staff',
        staff_email: 'boss@example.com',
      },
    ]);
    const audit = await t.db.select().from(staffAudit).all();
    expect(audit.map((a) => [a.action, a.target])).toEqual(
      expect.arrayContaining([
        ['cartRecoveryEmail', String(uid)],
        ['cartNote', String(uid)],
      ]),
    );
  });

  it('the job sends step 1 an hour after the decline, once across two job instances, then stops when the user pays', async () => {
    const { uid, b } = await declined('bob@example.com');
    t.clock.advance(HOUR / 2);
    expect(await runDueRecovery(ctx())).toBe(0);
    t.clock.advance(HOUR / 2);
    const [one, two] = await Promise.all([runDueRecovery(ctx()), runDueRecovery(ctx())]);
    expect(one + two).toBe(1);
    expect(await runDueRecovery(ctx())).toBe(0);
    expect((await mailsTo('bob@example.com')).map((m) => m.subject)).toEqual(['Your Wapi payment did not go through']);
    expect((await detail(uid)).steps.filter((s: any) => s.queued).map((s: any) => s.template)).toEqual([
      'checkout-abandoned',
    ]);
    await b.buy('569723');
    t.clock.advance(3 * 24 * HOUR);
    expect(await runDueRecovery(ctx())).toBe(0);
    expect((await detail(uid)).user.status).toBe('recovered');
    // One recovery mail; the purchase's own receipt is billing's.
    expect((await mailsTo('bob@example.com')).filter((m) => !m.subject.startsWith('Your receipt'))).toHaveLength(1);
  });

  it('stops when the user unsubscribes with the one-click link (page and RFC 8058 POST)', async () => {
    const { uid } = await declined('cy@example.com');
    t.clock.advance(HOUR);
    expect(await runDueRecovery(ctx())).toBe(1);
    const [mail] = await mailsTo('cy@example.com');
    const path = new URL(/Stop these e-mails: (\S+)/.exec(mail!.text)![1]!).pathname;
    const page = await new Agent(t).get(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');
    const oneClick = await t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    t.clock.advance(24 * HOUR);
    expect(await runDueRecovery(ctx())).toBe(0);
    expect((await detail(uid)).user.unsubscribed).toBe(true);
    await expectError(
      await admin.postJson('/api/mailer/cart-recovery', {
        uid,
        email: 'cy@example.com',
        template_type: 'first-discount',
      }),
      409,
      'CONFLICT',
    );
  });

  it("a discount step's link opens a sandbox checkout that shows and charges the discounted price", async () => {
    const { uid, b } = await declined('dee@example.com');
    expect(
      (
        await admin.postJson('/api/mailer/cart-recovery', {
          uid,
          email: 'dee@example.com',
          template_type: 'first-discount',
        })
      ).status,
    ).toBe(200);
    const [mail] = await mailsTo('dee@example.com');
    expect(mail!.subject).toBe('10% off your Wapi plan');
    const link = new URL(/Finish your purchase: (\S+)/.exec(mail!.text)![1]!);
    const page = await (await b.agent.get(link.pathname)).text();
    expect(page).toContain('WAPI-RECOVER-10');
    expect(page).toContain('Pay $26.10');
    const checkoutId = link.pathname.split('/').pop()!;
    expect((await b.pay(checkoutId, CARDS.ok)).status).toBe(200);
    const paid = await t.db.select().from(payments).all();
    expect(paid.map((p) => p.amount)).toEqual([2610]);
    expect((await dashboard({ filter: { uid } })).general.revenue_recovered).toBe(26.1);
  });
});
