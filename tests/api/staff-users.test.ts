import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agents, footprints, phones, products, staffAudit, users } from '../../db/schema';
import { Agent, expectError, registered, STRONG } from '../support/agent';
import { Billing } from '../support/billing';
import { Api } from '../support/phones';
import { staffTeam } from '../support/staff';
import { openToken } from '../../src/services/secrets/product-secrets';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const A = '/api/wapi/admin';
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });

/** `n` users straight into the table (a page of the footprint needs more than the team). */
async function manyUsers(n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    email: `bulk${String(i).padStart(3, '0')}@example.com`,
    createdAt: t.clock.now - i,
    updatedAt: t.clock.now,
  }));
  await t.db.insert(users).values(rows);
}

async function productOf(email: string) {
  const u = (await t.db.select().from(users).all()).find((r) => r.email === email)!;
  return (await t.db.select().from(products).all()).find((p) => p.uid === u.id)!;
}

describe('POST /admin/footprint', () => {
  it('pages the users newest first with their last login, trial start, phones and agents, for admins and limited agents', async () => {
    const team = await staffTeam(t);
    const { agent: ada } = await registered(t, 'ada@example.com');
    const p = await productOf('ada@example.com');
    await new Billing(ada).call('createFreeTrial', { type: 'wapi-trial-api' });
    const at = t.clock.now;
    await t.db.insert(phones).values(
      [1, 2].map(() => ({
        pid: p.id,
        engine: 'sim' as const,
        number: '905301112233',
        statusAt: at,
        createdAt: at,
        updatedAt: at,
      })),
    );
    await t.db
      .insert(agents)
      .values({ pid: p.id, email: 'agent@example.com', passwordHash: 'x', createdAt: at, updatedAt: at });
    await manyUsers(120);

    const first = await json(
      await team.limited.postJson(`${A}/footprint`, { page: 1, limit: 50, filter: { email: 'ADA@' } }),
    );
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual([
      {
        uid: p.uid,
        email: 'ada@example.com',
        subscription: expect.any(String),
        register_date: new Date(at).toISOString(),
        last_login: new Date(at).toISOString(),
        trial_start: new Date(at).toISOString(),
        phones: 2,
        agents: 1,
      },
    ]);
    expect(first.body.general).toEqual({ total: 1, users: 124 });

    const all = await json(await team.admin.postForm(`${A}/footprint`, { page: 3, limit: 50, filter: {} }));
    expect(all.body.result).toHaveLength(24);
    expect(all.body.general.total).toBe(124);
    const bulk = await json(await team.admin.postJson(`${A}/footprint`, { page: 3, filter: { email: 'bulk' } }));
    expect(bulk.body.result).toHaveLength(20);
    expect(bulk.body.general).toEqual({ total: 120, users: 124 });
    const past = await json(await team.admin.postJson(`${A}/footprint`, { page: 9, filter: { email: 'bulk' } }));
    expect(past.body).toMatchObject({ result: [], general: { total: 120, users: 124 } });
    const page1 = await json(await team.admin.postJson(`${A}/footprint`, {}));
    expect(page1.body.result).toHaveLength(50);
    expect(page1.body.result[0].uid).toBeGreaterThan(page1.body.result[1].uid);
  });

  it('records the last login at every sign-in', async () => {
    const team = await staffTeam(t);
    await registered(t, 'ada@example.com');
    t.clock.advance(3_600_000);
    const again = new Agent(t);
    expect((await again.postJson('/api/auth/login', { username: 'ada@example.com', password: STRONG })).status).toBe(
      200,
    );
    const res = await json(await team.admin.postJson(`${A}/footprint`, { filter: { email: 'ada@example.com' } }));
    expect(res.body.result[0].last_login).toBe(new Date(t.clock.now).toISOString());
    expect(res.body.result[0].register_date).toBe(new Date(t.clock.now - 3_600_000).toISOString());
  });

  it('refuses a limit past the fetch limit, a page below 1 and a filter that is not an object', async () => {
    const { admin } = await staffTeam(t);
    await expectError(await admin.postJson(`${A}/footprint`, { limit: 10_001 }), 422, 'VALIDATION');
    await expectError(await admin.postJson(`${A}/footprint`, { page: 0 }), 422, 'VALIDATION');
    await expectError(await admin.postJson(`${A}/footprint`, { filter: 'ada' }), 422, 'VALIDATION');
  });
});

describe('POST /admin/feedback', () => {
  it('lists the feedback the cancel flow records, filters by e-mail, date and reason, and counts the reasons', async () => {
    const team = await staffTeam(t);
    const { agent: ada } = await registered(t, 'ada@example.com');
    const b = new Billing(ada);
    const sub = await b.buy('569723');
    expect(
      (
        await b.call('cancelSubscription', {
          subscription_id: sub,
          feedbackOption: 'needs',
          feedbackText: 'It cannot send voice notes to groups.',
        })
      ).status,
    ).toBe(200);
    const grace = (await registered(t, 'grace@example.com')).user.id;
    const p = await productOf('grace@example.com');
    await t.db.insert(phones).values({
      pid: p.id,
      engine: 'sim',
      number: '905309998877',
      statusAt: t.clock.now,
      createdAt: t.clock.now,
      updatedAt: t.clock.now,
    });
    await t.db.insert(footprints).values([
      {
        uid: grace,
        category: 'feedback',
        label: 'expensive',
        extra: { feedback_text: 'Too much', feedback_phone_number: '905301234567' },
        at: t.clock.now - 1000,
      },
      { uid: grace, category: 'feedback', label: 'expensive', extra: {}, at: t.clock.now - 2000 },
      { uid: grace, category: 'feedback', label: 'later', extra: {}, at: Date.parse('2022-01-01T00:00:00Z') },
      { uid: grace, category: 'checkout-close', label: '569723', extra: {}, at: t.clock.now },
    ]);

    const all = await json(await team.limited.postJson(`${A}/feedback`, { page: 1, limit: 50 }));
    expect(all.status).toBe(200);
    expect(all.body.footprints.map((f: any) => f.email)).toEqual([
      'ada@example.com',
      'grace@example.com',
      'grace@example.com',
    ]);
    expect(all.body.footprints[0]).toMatchObject({
      subscription: '569723',
      reason: 'needs',
      answer: 'It cannot send voice notes to groups.',
      phone_number: null,
    });
    expect(all.body.footprints[1]).toMatchObject({
      reason: 'expensive',
      answer: 'Too much',
      phone_number: '905301234567',
      subscription: null,
    });
    expect(all.body.footprints[2].phone_number).toBe('905309998877');
    expect(all.body.general).toEqual({
      total: 3,
      reasons: [
        { reason: 'expensive', count: 2 },
        { reason: 'needs', count: 1 },
      ],
    });

    const older = await json(
      await team.admin.postJson(`${A}/feedback`, { filter: { date: '2021-12-31T00:00:00.000Z', reason: 'later' } }),
    );
    expect(older.body.footprints).toHaveLength(1);
    expect(older.body.general.reasons).toHaveLength(3);

    const byReason = await json(
      await team.admin.postJson(`${A}/feedback`, {
        limit: 1,
        page: 2,
        filter: { reason: 'expensive', email: 'GRACE' },
      }),
    );
    expect(byReason.body.general.total).toBe(2);
    expect(byReason.body.footprints).toEqual([
      expect.objectContaining({ email: 'grace@example.com', answer: '', phone_number: '905309998877' }),
    ]);
  });

  it('refuses a date that is not a date and a limit past 10000', async () => {
    const { admin } = await staffTeam(t);
    await expectError(await admin.postJson(`${A}/feedback`, { filter: { date: 'yesterday' } }), 422, 'VALIDATION');
    await expectError(await admin.postJson(`${A}/feedback`, { limit: 20_000 }), 422, 'VALIDATION');
  });
});

describe('GET /admin/suspectedOpens', () => {
  it('lists checkouts left open for over an hour, newest first, not the paid or fresh ones', async () => {
    const { admin } = await staffTeam(t);
    const { agent } = await registered(t, 'shopper@example.com');
    const b = new Billing(agent);
    await b.checkout('569723');
    await b.buy('569723');
    expect((await json(await admin.get(`${A}/suspectedOpens`))).body).toEqual({ success: true, result: [], total: 0 });
    t.clock.advance(61 * 60_000);
    const res = await json(await admin.get(`${A}/suspectedOpens?page=1&limit=50`));
    expect(res.body.total).toBe(1);
    expect(res.body.result[0]).toMatchObject({
      email: 'shopper@example.com',
      plan: '569723',
      date: new Date(t.clock.now - 61 * 60_000).toISOString(),
    });
    await expectError(await admin.get(`${A}/suspectedOpens?limit=0`), 422, 'VALIDATION');
  });
});

describe('POST /admin/userproduct', () => {
  it("gives an admin the user's product and token by uid or e-mail, records each lookup, and the token reads that user's logs", async () => {
    const team = await staffTeam(t);
    const { user } = await registered(t, 'ada@example.com');
    const p = await productOf('ada@example.com');
    const byUid = await json(await team.admin.postForm(`${A}/userproduct`, { uid: user.id }));
    expect(byUid.status).toBe(200);
    expect(byUid.body).toMatchObject({
      success: true,
      token: await openToken(t, p),
      product: { id: p.id, uid: user.id, email: 'ada@example.com', sub: false },
    });
    const byEmail = await json(await team.admin.postJson(`${A}/userproduct`, { email: ' Ada@Example.com ' }));
    expect(byEmail.body.token).toBe(await openToken(t, p));

    const audit = (await t.db.select().from(staffAudit).all()).filter((a) => a.action === 'userproduct');
    expect(audit).toEqual([
      expect.objectContaining({
        staffEmail: 'boss@example.com',
        target: String(user.id),
        detail: { email: 'ada@example.com', pid: p.id, by: 'uid' },
      }),
      expect.objectContaining({ staffEmail: 'boss@example.com', detail: expect.objectContaining({ by: 'email' }) }),
    ]);
    const logs = await new Api(t, byUid.body.product.id, byUid.body.token).get(`/logs?page=1&pageLimit=50`);
    expect(logs.status).toBe(200);
  });

  it('keeps the token from limited agents, answers No User for a stranger, and refuses a lookup without uid or e-mail', async () => {
    const team = await staffTeam(t);
    const { user } = await registered(t, 'ada@example.com');
    const limited = await json(await team.limited.postJson(`${A}/userproduct`, { uid: user.id }));
    expect(limited.status).toBe(403);
    expect(JSON.stringify(limited.body)).not.toContain('token');
    expect(
      (
        await expectError(
          await team.admin.postJson(`${A}/userproduct`, { email: 'nobody@example.com' }),
          404,
          'NOT_FOUND',
        )
      ).message,
    ).toBe('No User');
    await expectError(await team.admin.postJson(`${A}/userproduct`, { uid: 999_999 }), 404, 'NOT_FOUND');
    await expectError(await team.admin.postJson(`${A}/userproduct`, {}), 422, 'VALIDATION');
    await expectError(await team.admin.postJson(`${A}/userproduct`, { uid: 'abc' }), 422, 'VALIDATION');
    expect((await t.db.select().from(staffAudit).all()).filter((a) => a.action === 'userproduct')).toHaveLength(0);
  });
});
