import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staffAudit } from '../../db/schema';
import { registered } from '../support/agent';
import { Billing, CARDS } from '../support/billing';
import { staffMember } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("a staff member's custom payment link", () => {
  it("subscribes the customer it was made for, at the custom price, never the staff member's own account", async () => {
    const staff = new Billing(await staffMember(t, 'boss@example.com', 'admin'));
    const customer = new Billing((await registered(t, 'client@example.com')).agent);
    const link = await staff.call('custompaddlelink', {
      plan_id: 'wapi-custom-api',
      admin: true,
      custom_price: 149.9,
      title: 'Deal',
      message: 'As agreed',
      email: 'Client@Example.com',
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const paid = await customer.pay(link.body.data.response.checkout_id, CARDS.ok);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await customer.sub(paid.body.subscription_id)).toMatchObject({
      status: 'active',
      unit_price: 149.9,
      email: 'client@example.com',
    });
    expect((await staff.call('getsubsdetails', { subscription_id: paid.body.subscription_id })).status).toBe(404);
    const audit = (await t.db.select().from(staffAudit).all()).find((a) => a.action === 'paymentLink');
    expect(audit).toMatchObject({ staffEmail: 'boss@example.com', target: 'client@example.com' });
  });

  it("needs the customer's e-mail, and an account with it", async () => {
    const staff = new Billing(await staffMember(t, 'boss@example.com', 'admin'));
    expect(
      (
        await staff.call('custompaddlelink', {
          plan_id: 'wapi-custom-api',
          admin: true,
          custom_price: 10,
          title: 'Deal',
        })
      ).status,
    ).toBe(422);
    const missing = await staff.call('custompaddlelink', {
      plan_id: 'wapi-custom-api',
      admin: true,
      custom_price: 10,
      title: 'Deal',
      email: 'nobody@example.com',
    });
    expect(missing).toMatchObject({ status: 404, body: { message: 'No User' } });
  });
});
