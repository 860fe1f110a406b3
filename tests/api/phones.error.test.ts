import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { productChanged } from '../../src/services/cache';
import { expectError } from '../support/agent';
import { customer, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  ({ api } = await customer(t));
});
afterEach(() => t.close());

async function setSettings(settings: Record<string, unknown>) {
  const row = await t.db.select().from(products).where(eq(products.id, api.pid)).get();
  await t.db
    .update(products)
    .set({ settings: { ...row!.settings, ...settings } })
    .where(eq(products.id, api.pid));
  productChanged(t, api.pid);
}

describe('phones: limits and bad input', () => {
  it('enforces the phone limit on add and on enable, with the spec message', async () => {
    await setSettings({ phone_limit: 1 });
    const first = await api.post('/addPhone', {});
    expect(first.status).toBe(200);
    const body = await expectError(await api.request('/addPhone', { method: 'POST' }), 403, 'PHONE_LIMIT');
    expect(body.message).toBe('Your phone limit is not enough for add new phone.');
    await api.get(`/${first.body.id}/delete`);
    const second = await api.post('/addPhone', {});
    expect(second.status).toBe(200);
    const enable = await expectError(await api.request(`/${first.body.id}/enable`), 403, 'PHONE_LIMIT');
    expect(enable.message).toBe('Your phone limit is not enough for add new phone.');
  });

  it('gives one free sandbox phone that does not count against the limit', async () => {
    await setSettings({ phone_limit: 0 });
    const res = await api.get('/addSandbox');
    expect(res.body).toMatchObject({ success: true, addedPhone: { data: { sandbox: true } } });
    await expectError(await api.request('/addSandbox'), 409, 'CONFLICT');
    await expectError(await api.request('/addPhone'), 403, 'PHONE_LIMIT');
  });

  it('refuses sandbox phones and bare adds to partners, and proxy on sandbox phones', async () => {
    const sandbox = (await api.get('/addSandbox')).body.addedPhone.id as number;
    const proxy = await expectError(
      await api.request(`/${sandbox}/mobileProxy`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      400,
    );
    expect(proxy.message).toBe('Mobile proxy is not available for sandbox phones.');
    expect((await api.get('/product')).body.partner).toBe(false);
    await setSettings({ partner: true });
    await expectError(await api.request('/addSandbox'), 403, 'FORBIDDEN');
    // The product call says so, so a client (the Postman collection) knows not to add what it cannot delete.
    expect((await api.get('/product')).body.partner).toBe(true);
  });

  it('enforces the sandbox allowance: 5 conversations a month', async () => {
    const id = (await api.get('/addSandbox')).body.addedPhone.id as number;
    for (let i = 0; i < 5; i++) {
      expect((await api.post(`/${id}/sendMessage`, { to_number: `90530123456${i}`, message: 'hi' })).status).toBe(200);
    }
    expect((await api.post(`/${id}/sendMessage`, { to_number: '905301234561', message: 'again' })).status).toBe(200);
    const res = await api.request(`/${id}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to_number: '905309999999', message: 'hi' }),
    });
    const body = await expectError(res, 429, 'SANDBOX_LIMIT');
    expect(body.message).toContain('5 conversations a month');
  });

  it('validates names, proxy regions, numbers and modes', async () => {
    const id = (await api.post('/addPhone', {})).body.id as number;
    const long = await api.request(`/${id}/setName`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(21) }),
    });
    expect((await expectError(long, 422, 'VALIDATION')).message).toContain('20');
    const region = await api.request(`/${id}/mobileProxy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile_proxy: true, proxy_region: 'IN' }),
    });
    await expectError(region, 422, 'VALIDATION');
    await expectError(await api.request(`/${id}/connectWithPhoneNumber?number=12ab`), 422, 'VALIDATION');
    await expectError(await api.request(`/${id}/connectWithPhoneNumber`), 422, 'VALIDATION');
    await expectError(
      await api.request('/addPhone', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number: 'not a number' }),
      }),
      422,
    );
  });

  it('answers malformed and oversized bodies with a 4xx, never a 500', async () => {
    const id = (await api.post('/addPhone', {})).body.id as number;
    await expectError(
      await api.request(`/${id}/setName`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":',
      }),
      400,
      'BAD_REQUEST',
    );
    await expectError(
      await api.request(`/${id}/setName`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '[1,2]',
      }),
      400,
      'BAD_REQUEST',
    );
    await expectError(
      await api.request(`/${id}/setName`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x'.repeat(200_000) }),
      }),
      413,
    );
    await expectError(
      await api.request(`/${id}/setName`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<a/>' }),
      415,
    );
    const empty = await expectError(
      await api.request(`/${id}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      400,
      'BAD_REQUEST',
    );
    expect(empty.message).toContain('to_number');
  });

  it('answers disabled phones clearly', async () => {
    const id = (await api.post('/addPhone', {})).body.id as number;
    await api.get(`/${id}/delete`);
    await expectError(await api.request(`/${id}/redeploy`), 409, 'CONFLICT');
    await expectError(await api.request(`/${id}/logout`), 409, 'CONFLICT');
    await expectError(await api.request(`/${id}/connectWithPhoneNumber?number=905301234567`), 409, 'CONFLICT');
    await expectError(
      await api.request(`/${id}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to_number: '905301234567', message: 'x' }),
      }),
      409,
    );
    await expectError(await api.request(`/${id}/qrData`), 409, 'CONFLICT');
  });

  it('answers unknown phone ids with 404 in the one shape', async () => {
    for (const bad of ['999999', 'abc', '1e3', '-1']) {
      await expectError(await api.request(`/${bad}/status`), 404, 'NOT_FOUND');
    }
  });
});
