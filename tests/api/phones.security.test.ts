import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/agent';
import { customer, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let alice: Api;
let mallory: Api;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  alice = (await customer(t)).api;
  mallory = (await customer(t)).api;
});
afterEach(() => t.close());

const PHONE_CALLS = [
  'status',
  'instance_status',
  'qrData',
  'qrCode',
  'screen',
  'redeploy',
  'restart',
  'factoryreset',
  'logout',
  'clear',
  'useOldVersion',
  'delete',
  'enable',
  'queue',
  'purgeQueue',
  'connectWithPhoneNumber?number=905301234567',
];

describe('phones: tenants and tokens', () => {
  it("answers another product's phone exactly like a missing one, for every call", async () => {
    const id = (await alice.post('/addPhone', {})).body.id as number;
    for (const call of PHONE_CALLS) {
      const theirs = await expectError(await mallory.request(`/${id}/${call}`), 404, 'NOT_FOUND');
      const missing = await expectError(await mallory.request(`/987654/${call}`), 404, 'NOT_FOUND');
      expect(theirs.message).toBe(missing.message);
    }
    for (const call of ['setName', 'mobileProxy', 'sendMessage']) {
      await expectError(
        await mallory.request(`/${id}/${call}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"name":"x","to_number":"905301234567","message":"x"}',
        }),
        404,
      );
    }
    expect((await alice.phone(id)).name).toBe('');
    expect((await alice.get(`/${id}/queue`)).body.queue).toBe(0);
  });

  it('refuses a missing token, a wrong token, and a valid token for another product id', async () => {
    await expectError(await t.app.request(`/api/${alice.pid}/listPhones`), 401, 'UNAUTHORIZED');
    await expectError(
      await t.app.request(`/api/${alice.pid}/listPhones`, { headers: { 'x-api-key': 'nope' } }),
      401,
      'UNAUTHORIZED',
    );
    await expectError(
      await t.app.request(`/api/${alice.pid}/listPhones`, { headers: { 'x-api-key': mallory.token } }),
      401,
      'UNAUTHORIZED',
    );
    await expectError(
      await t.app.request(`/api/${alice.pid}/listPhones`, { headers: { 'x-api-key': 'x'.repeat(5000) } }),
      401,
    );
  });

  it("never lists another product's phones", async () => {
    await alice.post('/addPhone', {});
    expect((await mallory.get('/listPhones')).body).toEqual([]);
    expect((await mallory.get('/queues')).body.queues).toEqual([]);
  });

  it('does not let the simulator controls act on a phone of another product outside development', async () => {
    const prod = await createTestApp(
      { NODE_ENV: 'production', APP_URL: 'https://wapi.example', SIMULATOR: 'true' },
      { phones: true },
    );
    try {
      const a = (await customer(prod)).api;
      const m = (await customer(prod)).api;
      const id = (await a.get('/addSandbox')).body.addedPhone.id as number;
      const res = await prod.app.request('/api/sim/incoming', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': m.token },
        body: JSON.stringify({ phoneId: id, from: '905301234567', message: 'x' }),
      });
      await expectError(res, 404, 'NOT_FOUND');
    } finally {
      await prod.close();
    }
  });

  it('has no simulator controls in production unless configured', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', APP_URL: 'https://wapi.example', WA_ENGINE: 'baileys' });
    await expectError(
      await prod.app.request('/api/sim/scan', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      404,
    );
  });

  it('keeps partner-only calls for partners', async () => {
    const res = await t.app.request(`/partner/${alice.pid}/addPhone`, { headers: { 'x-api-key': alice.token } });
    await expectError(res, 403, 'FORBIDDEN');
  });
});
