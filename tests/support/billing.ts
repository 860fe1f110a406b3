import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { productChanged } from '../../src/services/cache';
import { findUserByEmail, registerUser } from '../../src/services/auth/users';
import { Agent } from './agent';
import { customer, type Api } from './phones';
import { createTestApp, type TestApp } from './test-app';

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  failsLater: '4000 0000 0000 0341',
} as const;

/** Console calls of the subscription area, as a signed-in customer's browser makes them. */
export class Billing {
  constructor(
    readonly agent: Agent,
    readonly brand = 'wapi',
  ) {}

  async call(path: string, payload: unknown = {}) {
    const res = await this.agent.postForm(`/api/${this.brand}/${path}`, payload);
    return { status: res.status, body: (await res.json()) as any };
  }

  async product() {
    const res = await this.agent.get(`/api/${this.brand}/product`);
    return ((await res.json()) as any).product;
  }

  /** Opens a checkout and answers its id. */
  async checkout(planId: string, quantity = 1, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await this.call('custompaddlelink', { plan_id: planId, quantity, isVat: false, ...extra });
    expect(res.status).toBe(200);
    return res.body.data.response.checkout_id as string;
  }

  async pay(checkoutId: string, card: string) {
    const res = await this.agent.postJson(`/api/sandbox/checkout/${checkoutId}/pay`, { card });
    return { status: res.status, body: (await res.json()) as any };
  }

  /** Buys a plan with a card and answers the new subscription's id. */
  async buy(planId: string, quantity = 1, card: string = CARDS.ok): Promise<string> {
    const paid = await this.pay(await this.checkout(planId, quantity), card);
    expect(paid.status).toBe(200);
    return paid.body.subscription_id as string;
  }

  /** Moves the sandbox's billing time ahead: a staff admin's call, made as the seeded admin (clockAdmin). */
  async clock(days: number) {
    const res = await (await clockAdmin(this.agent.t)).postJson('/api/sandbox/clock', { advanceDays: days });
    expect(res.status).toBe(200);
    return (await res.json()) as any;
  }

  async sub(id: string) {
    const p = await this.product();
    return [...p.activeSubs, ...p.deletedSubs].find((s: any) => s.data.subscription_id === id)?.data;
  }
}

const admins = new WeakMap<TestApp, Promise<Agent>>();

/**
 * The staff admin the Node entry seeds outside production (ADMIN_EMAIL, role admin), made once per
 * test app and signed in: the sandbox clock (`POST /api/sandbox/clock`) answers only staff admins.
 */
export function clockAdmin(t: TestApp): Promise<Agent> {
  let admin = admins.get(t);
  if (!admin) {
    admin = (async () => {
      const ctx = { db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache };
      if (!(await findUserByEmail(ctx, t.config.ADMIN_EMAIL)))
        await registerUser(ctx, {
          email: t.config.ADMIN_EMAIL,
          password: t.config.ADMIN_PASSWORD,
          name: 'Staff Admin',
          role: 'admin',
        });
      const agent = new Agent(t);
      const res = await agent.postJson('/api/auth/login', {
        username: t.config.ADMIN_EMAIL,
        password: t.config.ADMIN_PASSWORD,
      });
      expect(res.status, 'the seeded admin signs in').toBe(200);
      return agent;
    })();
    admins.set(t, admin);
  }
  return admin;
}

/** A fresh app with phones running and one signed-in customer, for a billing test's beforeEach. */
export async function billingCustomer(): Promise<{ t: TestApp; api: Api; b: Billing }> {
  const t = await createTestApp({}, { phones: true });
  const c = await customer(t);
  return { t, api: c.api, b: new Billing(c.agent) };
}

/** Sets product settings straight in the database (flags staff or old plans set), forgetting the cached product. */
export async function setSettings(t: TestApp, pid: string, patch: Record<string, unknown>): Promise<void> {
  for (const [k, v] of Object.entries(patch)) {
    await t.db.run(
      sql`update products set settings = json_set(settings, ${`$.${k}`}, json(${JSON.stringify(v)})) where id = ${pid}`,
    );
  }
  productChanged(t, pid);
}
