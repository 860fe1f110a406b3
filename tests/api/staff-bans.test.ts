import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { phones, products, staffAudit } from '../../db/schema';
import { BAN_MSG } from '../../src/services/staff/bans';
import { expectError } from '../support/agent';
import { Billing } from '../support/billing';
import { customer } from '../support/phones';
import { staffTeam } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
});
afterEach(() => t.close());

const A = '/api/wapi/admin';

describe('bans', () => {
  it('sets, lists and lifts a ban, each recorded; refuses bad input', async () => {
    const { admin } = await staffTeam(t);
    const set = await admin.postJson(`${A}/setBan`, { number: '+90 530 111 22 33' });
    expect(await set.json()).toEqual({ success: true, message: BAN_MSG.set });
    expect((await admin.postForm(`${A}/setBan`, { number: '905309998877', reason: 'banned' })).status).toBe(200);
    const list = (await (await admin.get(`${A}/bannedList`)).json()) as any;
    expect(list.total).toBe(2);
    expect(list.result.map((b: any) => [b.number, b.reason, b.staff_email]).sort()).toEqual([
      ['905301112233', 'trial-abuse', 'boss@example.com'],
      ['905309998877', 'banned', 'boss@example.com'],
    ]);
    expect(await (await admin.postJson(`${A}/deleteBan`, { number: '905301112233' })).json()).toEqual({
      success: true,
      message: BAN_MSG.removed,
    });
    await expectError(await admin.postJson(`${A}/deleteBan`, { number: '905301112233' }), 404, 'NOT_FOUND');
    await expectError(await admin.postJson(`${A}/setBan`, { number: '12ab' }), 422, 'VALIDATION');
    await expectError(
      await admin.postJson(`${A}/setBan`, { number: '905301112233', reason: 'spam' }),
      422,
      'VALIDATION',
    );
    await expectError(await admin.get(`${A}/bannedList?limit=501`), 422, 'VALIDATION');
    const audit = (await t.db.select().from(staffAudit).all()).filter((a) => a.action.endsWith('Ban'));
    expect(audit.map((a) => [a.action, a.target, a.staffEmail])).toEqual([
      ['setBan', '905301112233', 'boss@example.com'],
      ['setBan', '905309998877', 'boss@example.com'],
      ['deleteBan', '905301112233', 'boss@example.com'],
    ]);
  });

  it('refuses a banned number at link on the simulator, with the reason as the phone status; linking works again once lifted', async () => {
    const { admin } = await staffTeam(t);
    const { api } = await customer(t);
    await admin.postJson(`${A}/setBan`, { number: '905301112233', reason: 'banned' });
    const id = await api.addPhone();
    const qr = (await api.get(`/${id}/qrData`)).body.qrData as string;
    expect((await api.sim('/scan', { qr, number: '905301112233' })).status).toBe(200);
    await api.waitStatus(id, 'phone-error');
    const status = await api.get(`/${id}/status`);
    expect(status.body.status).toMatchObject({ loggedIn: false, message: BAN_MSG.linkBanned });

    await admin.postJson(`${A}/deleteBan`, { number: '905301112233' });
    expect((await api.get(`/${id}/redeploy`)).status).toBe(200);
    await api.waitStatus(id, 'qr-screen');
    await api.link(id, '905301112233');
  });

  it('refuses a trial-abuse number at link only on a product in its free trial', async () => {
    const { admin } = await staffTeam(t);
    const trial = await customer(t);
    expect((await new Billing(trial.agent).call('createFreeTrial', { type: 'wapi-trial-api' })).status).toBe(200);
    await admin.postJson(`${A}/setBan`, { number: '905301112244' });
    const id = await trial.api.addPhone();
    const qr = (await trial.api.get(`/${id}/qrData`)).body.qrData as string;
    await trial.api.sim('/scan', { qr, number: '905301112244' });
    await trial.api.waitStatus(id, 'phone-error');
    expect((await trial.api.get(`/${id}/status`)).body.status.message).toBe(BAN_MSG.linkTrialAbuse);

    await admin.postJson(`${A}/setBan`, { number: '905301112255' });
    const paying = await customer(t);
    await paying.api.link(await paying.api.addPhone(), '905301112255');
  });

  it('refuses a free trial (403) to an account with a banned number or a number that had a trial with another account', async () => {
    const { admin } = await staffTeam(t);
    const banned = await customer(t);
    await banned.api.link(await banned.api.addPhone(), '905301112266');
    await admin.postJson(`${A}/setBan`, { number: '905301112266' });
    const refused = await new Billing(banned.agent).call('createFreeTrial', { type: 'wapi-trial-api' });
    expect(refused).toMatchObject({
      status: 403,
      body: { success: false, message: BAN_MSG.trialBanned, error: { code: 'FORBIDDEN' } },
    });

    const first = await customer(t);
    const again = await customer(t);
    const now = t.clock.now;
    // The first account had its trial with the number; the second links the same number later.
    const row = (pid: string) => ({
      pid,
      engine: 'sim' as const,
      number: '905301112277',
      status: 'idle' as const,
      statusAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await t.db.update(products).set({ trial: false }).where(eq(products.id, first.pid));
    await t.db.insert(phones).values([row(first.pid), { ...row(again.pid), enabled: false }]);
    const elsewhere = await new Billing(again.agent).call('createFreeTrial', { type: 'wapi-trial-api' });
    expect(elsewhere).toMatchObject({ status: 403, body: { message: BAN_MSG.trialElsewhere } });
    expect((await new Billing(first.agent).call('createFreeTrial', { type: 'wapi-trial-api' })).status).toBe(409);
    const fresh = await customer(t);
    expect((await new Billing(fresh.agent).call('createFreeTrial', { type: 'wapi-trial-api' })).status).toBe(200);
  });
});
