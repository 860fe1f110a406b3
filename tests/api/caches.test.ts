import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createApp } from '../../src/app';
import { billingProviders } from '../../src/adapters/billing';
import { createCaches, PHONE_CACHE_MS, PHONE_LIST_CACHE_MS, TOKEN_CACHE_MS } from '../../src/services/cache';
import { PHONE_DISABLED_SEND } from '../../src/services/messages/accept';
import { expectError } from '../support/agent';
import { Api, customer } from '../support/phones';
import { createTestApp, FAKE_MANIFEST, type TestApp } from '../support/test-app';

const TEXT = { to_number: '905301234567', type: 'text', message: 'Hello' };

let t: TestApp;
let api: Api;
/** The same product's client on a second process: its own app and caches over the same database and clock. */
let elsewhere: Api;

beforeEach(async () => {
  t = await createTestApp();
  ({ api } = await customer(t));
  const second = createApp({
    billing: billingProviders,
    config: t.config,
    db: t.db,
    now: () => t.clock.now,
    cache: createCaches(),
    assets: { manifest: async () => FAKE_MANIFEST },
  });
  elsewhere = new Api({ ...t, app: second }, api.pid, api.token);
});

async function addPhone(): Promise<number> {
  const { status, body } = await api.post<{ id: number }>('/addPhone', {});
  expect(status).toBe(200);
  return body.id;
}

describe('caches: changes made by another process', () => {
  it('a phone disabled elsewhere is refused by sendMessage and listed disabled here once its bound has passed', async () => {
    const id = await addPhone();
    expect((await api.post(`/${id}/sendMessage`, TEXT)).status).toBe(200);
    expect(await api.phone(id)).toMatchObject({ status: 'creating...' });

    expect((await elsewhere.get(`/${id}/delete`)).body).toMatchObject({ success: true, type: 'deleted' });
    // This process has not heard of it: it answers from its caches until they expire.
    expect(await api.phone(id)).toMatchObject({ status: 'creating...' });

    t.clock.advance(Math.max(PHONE_CACHE_MS, PHONE_LIST_CACHE_MS));
    const refused = await expectError(
      await api.request(`/${id}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(TEXT),
      }),
      409,
      'CONFLICT',
    );
    expect(refused.message).toBe(PHONE_DISABLED_SEND);
    expect(await api.phone(id)).toMatchObject({ status: 'disabled', active: false });
  });

  it('a change made in this process is seen here at once, without waiting for the bound', async () => {
    const id = await addPhone();
    expect((await api.post(`/${id}/sendMessage`, TEXT)).status).toBe(200);
    expect((await api.get(`/${id}/delete`)).status).toBe(200);
    expect(await api.phone(id)).toMatchObject({ status: 'disabled' });
    await expectError(
      await api.request(`/${id}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(TEXT),
      }),
      409,
      'CONFLICT',
    );
  });

  it("a product changed elsewhere is seen through its token once the token's bound has passed", async () => {
    const id = await addPhone();
    const row = await t.db.select().from(products).where(eq(products.id, api.pid)).get();
    await t.db
      .update(products)
      .set({ settings: { ...row!.settings, partner: true } })
      .where(eq(products.id, api.pid));

    t.clock.advance(TOKEN_CACHE_MS);
    const res = await expectError(await api.request(`/${id}/delete`), 403, 'FORBIDDEN');
    expect(res.message).toBe('Partner accounts cannot disable phones.');
  });
});
