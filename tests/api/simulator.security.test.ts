import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/agent';
import { customer, eventually, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let alice: Api;
let mallory: Api;
beforeEach(async () => {
  t = await createTestApp({ DEV_PHONE_LIMIT: '5' }, { phones: true, simTimings: { qrIdleMs: 60_000 } });
  alice = (await customer(t)).api;
  mallory = (await customer(t)).api;
});
afterEach(() => t.close());

const ALICE = '905301230001';
const qrOf = (api: Api, id: number) =>
  eventually(async () => (await api.get<{ qrData?: string }>(`/${id}/qrData`)).body.qrData, 5_000, 'QR');
const received = async (api: Api) =>
  (await t.db.query.messages.findMany({ where: (m, { eq }) => eq(m.pid, api.pid) })).filter(
    (m) => m.status === 'received',
  );

describe('simulator: a number belongs to one account', () => {
  it("refuses to scan as another account's number; the other account sees none of its groups or messages", async () => {
    const a = await alice.addPhone();
    await alice.link(a, ALICE);
    const group = await alice.post(`/${a}/createGroup`, { name: 'Alice only', numbers: ['905301234567'] });
    expect(group.status).toBe(200);

    const m = await mallory.addPhone();
    const refused = await expectError(
      await mallory.t.app.request('/api/sim/scan', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ qr: await qrOf(mallory, m), number: ALICE }),
      }),
      409,
      'CONFLICT',
    );
    expect(refused.message).toMatch(/another account/);
    expect((await mallory.phone(m)).status).toBe('qr-screen');

    await mallory.link(m);
    expect((await mallory.phone(m)).number).not.toBe(ALICE);
    expect((await mallory.get(`/${m}/getGroups`)).body.total).toBe(0);

    const a2 = await alice.addPhone();
    await alice.link(a2, '905301230003');
    await alice.post(`/${a2}/sendMessage`, { to_number: ALICE, message: 'for alice' });
    await eventually(async () => (await received(alice)).some((r) => r.phoneId === a), 5_000, 'delivery to alice');
    expect(await received(mallory)).toEqual([]);
  });

  it("refuses another account's number for a pairing code, and when it was taken before the code is entered", async () => {
    const a = await alice.addPhone();
    await alice.link(a, ALICE);
    const m = await mallory.addPhone();
    await expectError(await mallory.request(`/${m}/connectWithPhoneNumber?number=${ALICE}`), 409, 'CONFLICT');

    const code = (await mallory.get(`/${m}/connectWithPhoneNumber?number=905301230005`)).body
      .connectionResult as string;
    const a2 = await alice.addPhone();
    await alice.link(a2, '905301230005');
    const pair = await mallory.t.app.request('/api/sim/pair', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneId: m, code }),
    });
    await expectError(pair, 409, 'CONFLICT');
    expect((await mallory.phone(m)).status).not.toBe('active');
  });

  it('gives a scan without a number one no other account has', async () => {
    const a = await alice.addPhone();
    const predicted = `90555${String(a + 1).padStart(7, '0')}`;
    await alice.link(a, predicted);
    const m = await mallory.addPhone();
    expect(m).toBe(a + 1);
    await mallory.link(m);
    const number = (await mallory.phone(m)).number as string;
    expect(number).toMatch(/^\d{12}$/);
    expect(number).not.toBe(predicted);
  });

  it('lets an account link its own number again after a logout, and on a second phone', async () => {
    const a = await alice.addPhone();
    await alice.link(a, ALICE);
    await alice.get(`/${a}/logout`);
    await alice.waitStatus(a, 'qr-screen');
    const m = await mallory.addPhone();
    await expectError(
      await mallory.t.app.request('/api/sim/scan', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ qr: await qrOf(mallory, m), number: ALICE }),
      }),
      409,
      'CONFLICT',
    );
    await alice.link(a, ALICE);
    const a2 = await alice.addPhone();
    await alice.link(a2, ALICE);
    expect((await alice.phone(a2)).number).toBe(ALICE);
  });
});

describe('simulator in production', () => {
  it('scans only with the token of the product whose phone shows the QR', async () => {
    const prod = await createTestApp(
      { NODE_ENV: 'production', APP_URL: 'https://example.com', SIMULATOR: 'true' },
      { phones: true },
    );
    try {
      const a = (await customer(prod)).api;
      const m = (await customer(prod)).api;
      const id = (await a.get('/addSandbox')).body.addedPhone.id as number;
      const qr = await qrOf(a, id);
      const scan = (headers: Record<string, string>) =>
        prod.app.request('/api/sim/scan', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ qr }),
        });
      const unknown = await expectError(
        await prod.app.request('/api/sim/scan', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-maytapi-key': a.token },
          body: JSON.stringify({ qr: '2@not-the-current-qr,a,b,c' }),
        }),
        404,
        'NOT_FOUND',
      );
      expect((await expectError(await scan({}), 404, 'NOT_FOUND')).message).toBe(unknown.message);
      expect((await expectError(await scan({ 'x-api-key': m.token }), 404, 'NOT_FOUND')).message).toBe(unknown.message);
      expect((await a.phone(id)).status).toBe('qr-screen');
      const ok = await scan({ 'x-maytapi-key': a.token });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ success: true, phoneId: id });
      await a.waitStatus(id, 'active');
    } finally {
      await prod.close();
    }
  });
});
