import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { phones, staffAudit } from '../../db/schema';
import { expectError } from '../support/agent';
import { Billing } from '../support/billing';
import { customer } from '../support/phones';
import { staffTeam } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ ROCKET_PID: 'rocket' }, { phones: true });
});
afterEach(() => t.close());

const A = '/api/wapi/admin';
const json = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json()) as any;
};

describe('the back-office phone calls', () => {
  it('lists phones, idle, missed, free and Instagram ones, searched and paged, with products and tokens', async () => {
    const { admin } = await staffTeam(t);
    const free = await customer(t, 'free@example.com');
    const linked = await free.api.addPhone();
    await free.api.link(linked, '905301110001');
    const idle = await free.api.addPhone();
    expect((await free.api.sim('/fault', { phoneId: idle, fault: 'idle' })).status).toBe(200);
    await free.api.waitStatus(idle, 'idle');
    const paying = await customer(t, 'paying@example.com');
    await new Billing(paying.agent).buy('569723');
    const waiting = await paying.api.addPhone();
    const now = t.clock.now;
    const [insta] = await t.db
      .insert(phones)
      .values({
        pid: paying.pid,
        type: 'instagram',
        engine: 'sim',
        name: 'shop',
        status: 'not_logged_in',
        statusAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();

    const all = await json(await admin.get(`${A}/phoneList`));
    expect(all.total).toBe(4);
    expect(all.phones.map((p: any) => p.id)).toEqual([insta!.id, waiting, idle, linked]);
    expect(all.phones.find((p: any) => p.id === linked)).toMatchObject({
      email: 'free@example.com',
      number: '905301110001',
      status: 'active',
      package: null,
    });
    expect(all.token).toEqual({ [free.pid]: free.token, [paying.pid]: paying.token });
    expect(all.products.map((p: any) => p.email).sort()).toEqual(['free@example.com', 'paying@example.com']);

    expect((await json(await admin.get(`${A}/phoneList?type=idle`))).phones.map((p: any) => p.id)).toEqual([idle]);
    expect((await json(await admin.get(`${A}/phoneList?type=missed`))).phones.map((p: any) => p.id)).toEqual([waiting]);
    expect((await json(await admin.get(`${A}/phoneList?type=sandbox`))).total).toBe(0);
    expect((await json(await admin.get(`${A}/phoneList?onlySubs=true`))).phones.map((p: any) => p.id)).toEqual([
      insta!.id,
      waiting,
    ]);
    expect((await json(await admin.get(`${A}/phoneList?hideIdleFree=1`))).total).toBe(3);
    expect((await json(await admin.get(`${A}/phoneList?search=10001`))).phones.map((p: any) => p.id)).toEqual([linked]);
    expect((await json(await admin.get(`${A}/phoneList?search=paying%40`))).total).toBe(2);
    const one = await json(await admin.get(`${A}/phoneList?ids=${idle}`));
    expect([one.phones.length, Object.keys(one.token)]).toEqual([1, [free.pid]]);
    const second = await json(await admin.get(`${A}/phoneList?limit=1&page=2`));
    expect([second.total, second.phones[0].id]).toEqual([4, waiting]);

    expect((await json(await admin.get(`${A}/phoneListv2?type=instagram`))).phones.map((p: any) => p.id)).toEqual([
      insta!.id,
    ]);
    expect((await json(await admin.get(`${A}/freePhones`))).phones.map((p: any) => p.id)).toEqual([idle, linked]);

    await expectError(await admin.get(`${A}/phoneList?type=lost`), 422, 'VALIDATION');
    await expectError(await admin.get(`${A}/phoneList?limit=501`), 422, 'VALIDATION');
    await expectError(await admin.get(`${A}/phoneList?ids=1;2`), 422, 'VALIDATION');
    await expectError(await admin.get(`${A}/phoneListv2?page=0`), 422, 'VALIDATION');
  });

  it('lists screens after the grid filters and serves each screen image', async () => {
    const { admin } = await staffTeam(t);
    const c = await customer(t);
    const active = await c.api.addPhone();
    await c.api.link(active, '905301110002');
    const qr = await c.api.addPhone();
    await t.db.update(phones).set({ enabled: false }).where(eq(phones.id, qr));

    const every = await json(await admin.get(`${A}/listScreens`));
    expect([every.total, every.all]).toEqual([2, 2]);
    expect(every.result[0]).toMatchObject({ id: qr, status: 'disabled', image_link: `/api/wapi/admin/screen/${qr}` });
    const onlyActive = await json(await admin.get(`${A}/listScreens?show=active,dispatch`));
    expect([onlyActive.result.map((r: any) => r.id), onlyActive.all]).toEqual([[active], 2]);
    expect((await json(await admin.get(`${A}/listScreens?show=disabled`))).result.map((r: any) => r.id)).toEqual([qr]);
    expect((await json(await admin.get(`${A}/listScreens?show=`))).total).toBe(0);
    expect((await json(await admin.get(`${A}/listScreens?hideFree=true`))).total).toBe(0);
    expect((await json(await admin.get(`${A}/listScreens?hideRocket=true`))).total).toBe(2);

    const png = await admin.get(every.result[1].image_link);
    expect([png.status, png.headers.get('content-type')]).toEqual([200, 'image/png']);
    await expectError(await admin.get(`${A}/screen/999999`), 404, 'NOT_FOUND');
    await expectError(await admin.get(`${A}/screen/abc`), 422, 'VALIDATION');
    await expectError(await admin.get(`${A}/listScreens?show=a;b`), 422, 'VALIDATION');
  });

  it('reads phone footprints by number with filters, sorting and summary counts', async () => {
    const { admin } = await staffTeam(t);
    const a = await customer(t, 'ann@example.com');
    const b = await customer(t, 'bob@example.com');
    await a.api.link(await a.api.addPhone(), '905301110003');
    const now = t.clock.now;
    await t.db.insert(phones).values([
      {
        pid: a.pid,
        engine: 'sim',
        number: '905301110004',
        status: 'idle',
        statusAt: now,
        createdAt: now,
        updatedAt: now - 5_000,
      },
      {
        pid: b.pid,
        engine: 'sim',
        number: '905301110004',
        status: 'qr-screen',
        statusAt: now,
        createdAt: now,
        updatedAt: now - 1_000,
      },
    ]);
    await admin.postJson(`${A}/setBan`, { number: '905301110004' });

    const page = await json(await admin.get(`${A}/footprint/phone?sort=number&order=asc`));
    expect(page.summary).toEqual({ numbers: 2, active: 1, multiple: 1, banned: 1 });
    expect(page.result.map((r: any) => [r.number, r.banned])).toEqual([
      ['905301110003', null],
      ['905301110004', 'trial-abuse'],
    ]);
    expect(page.result[1].data.map((d: any) => [d.email, d.status, d.package])).toEqual([
      ['ann@example.com', 'idle', null],
      ['bob@example.com', 'qr-screen', null],
    ]);
    expect(
      (await json(await admin.get(`${A}/footprint/phone?onlyActive=true`))).result.map((r: any) => r.number),
    ).toEqual(['905301110003']);
    expect(
      (await json(await admin.get(`${A}/footprint/phone?onlyMultiple=true`))).result.map((r: any) => r.number),
    ).toEqual(['905301110004']);
    const notBanned = await json(await admin.get(`${A}/footprint/phone?notBanned=true`));
    expect([notBanned.total, notBanned.summary.numbers]).toEqual([1, 2]);
    expect((await json(await admin.get(`${A}/footprint/phone?email=bob%40`))).result.map((r: any) => r.number)).toEqual(
      ['905301110004'],
    );
    expect((await json(await admin.get(`${A}/footprint/phone?email=%25`))).total).toBe(0);
    await expectError(await admin.get(`${A}/footprint/phone?page=0`), 422, 'VALIDATION');
    await expectError(await admin.get(`${A}/footprint/phone?limit=501`), 422, 'VALIDATION');
    await expectError(await admin.get(`${A}/footprint/phone?sort=email`), 422, 'VALIDATION');
  });

  it("reads phone status events and refreshes a user's subscriptions (recorded)", async () => {
    const { admin } = await staffTeam(t);
    const c = await customer(t, 'events@example.com');
    const id = await c.api.addPhone();
    await c.api.link(id, '905301110005');
    const events = await json(await admin.postJson('/api/footprint/harvest/getPhoneStatuses', { phone_id: id }));
    expect(events.result[0]).toMatchObject({ phone_id: id, pid: c.pid, email: 'events@example.com', status: 'active' });
    expect(events.total).toBeGreaterThanOrEqual(2);
    expect(
      (await json(await admin.postJson('/api/footprint/harvest/getPhoneStatuses', { email: 'nobody' }))).total,
    ).toBe(0);
    await expectError(await admin.postJson('/api/footprint/harvest/getPhoneStatuses', { limit: 0 }), 422, 'VALIDATION');

    const uid = ((await (await c.agent.get('/api/auth/user')).json()) as any).data.id as number;
    expect(await json(await admin.get(`/api/wapi/refreshSubscription/${uid}`))).toMatchObject({
      success: true,
      products: 1,
    });
    expect((await t.db.select().from(staffAudit).all()).find((a) => a.action === 'refreshSubscription')).toMatchObject({
      target: String(uid),
      staffEmail: 'boss@example.com',
    });
    await expectError(await admin.get('/api/wapi/refreshSubscription/999999'), 404, 'NOT_FOUND');
    await expectError(await admin.get('/api/wapi/refreshSubscription/x'), 422, 'VALIDATION');
  });
});
