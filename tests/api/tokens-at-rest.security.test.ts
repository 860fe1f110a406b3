import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { parseConfig } from '../../src/config';
import {
  missingSecretsKey,
  openToken,
  openWebhookSecret,
  sealStoredSecrets,
  storedToken,
} from '../../src/services/secrets/product-secrets';
import { productChanged } from '../../src/services/cache';
import { verifyWebhook } from '../../src/services/webhooks/sign';
import { customer, eventually } from '../support/phones';
import { Receiver } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 39: product API tokens and webhook secrets are stored sealed with SECRETS_KEY (the token as a
// keyed hash for the lookup, and sealed for display); a database file alone reveals neither.

const SECRETS_KEY = 'test-secrets-key-0123456789-abcdefghij';

let t: TestApp | undefined;
let rx: Receiver | undefined;
let folder = '';
afterEach(async () => {
  await t?.close();
  await rx?.stop();
  t = undefined;
  rx = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = '';
});

/** Every byte of the database: the file, its write-ahead log and shared memory, as on disk now. */
function databaseBytes(file: string): Buffer {
  return Buffer.concat(
    [file, `${file}-wal`, `${file}-shm`, `${file}-journal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)),
  );
}

describe('API tokens and webhook secrets at rest', () => {
  it('keeps neither in the database file, and the token still authenticates and the webhook still verifies', async () => {
    folder = mkdtempSync(join(tmpdir(), 'wapi-tokens-'));
    const file = join(folder, 'wapi.db');
    t = await createTestApp({ SECRETS_KEY, DATABASE_URL: `file:${file}` }, { phones: true, webhooks: true });
    rx = await new Receiver().start();
    const { api, token } = await customer(t);
    const set = await api.post('/setWebhook', { webhook: rx.url });
    const secret = set.body.webhook_secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // The token authenticates (and a wrong one does not); the product page shows the same token and secret.
    expect((await api.get('/listPhones')).status).toBe(200);
    const wrong = await t.app.request(`/api/${api.pid}/listPhones`, {
      headers: { 'x-api-key': `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}` },
    });
    expect(wrong.status).toBe(401);
    const product = await api.get('/product');
    expect(product.body.webhook_secret).toBe(secret);

    // A signed delivery verifies with the secret shown.
    const id = await api.addPhone();
    await api.link(id, '905300000002');
    await api.sim('/incoming', { phoneId: id, from: '905301234567', message: 'Merhaba' });
    const got = await eventually(async () => rx!.of('message')[0], 5_000, 'message webhook');
    const headers = Object.fromEntries(Object.entries(got.headers).map(([k, v]) => [k, String(v)]));
    expect(await verifyWebhook(secret, headers, got.body, Number(headers['webhook-timestamp']))).toBe(true);

    const row = (await t.db.select().from(products).where(eq(products.id, api.pid)).get())!;
    expect(row.apiTokenHash).toMatch(/^h1\.[A-Za-z0-9_-]{43}$/);
    expect(row.apiTokenSealed).toMatch(/^v1\./);
    expect(row.webhookSecret).toMatch(/^v1\./);
    const bytes = databaseBytes(file);
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.includes(Buffer.from(token)), 'the API token').toBe(false);
    expect(bytes.includes(Buffer.from(secret)), 'the webhook secret').toBe(false);
    expect(bytes.includes(Buffer.from(secret.slice('whsec_'.length))), "the webhook secret's key").toBe(false);
  });

  it('seals the plain tokens and secrets of rows from before, which then work as they did', async () => {
    t = await createTestApp({ SECRETS_KEY }, { webhooks: true });
    const { api } = await customer(t);
    // A row as migration 0022 left it: the token and the secret in plain text.
    const oldToken = 'plain-token-from-before-0123456789';
    const oldSecret = 'whsec_cGxhaW4tc2VjcmV0LWZyb20tYmVmb3JlLTAxMjM0NQ==';
    await t.db
      .update(products)
      .set({ apiTokenHash: oldToken, apiTokenSealed: null, webhookSecret: oldSecret })
      .where(eq(products.id, api.pid));
    productChanged(t, api.pid);

    expect(await sealStoredSecrets(t)).toBe(1);
    expect(await sealStoredSecrets(t)).toBe(0);
    const row = (await t.db.select().from(products).where(eq(products.id, api.pid)).get())!;
    expect(row.apiTokenHash).toMatch(/^h1\./);
    expect(row.webhookSecret).toMatch(/^v1\./);
    expect(await openWebhookSecret(t, api.pid, row.webhookSecret!)).toBe(oldSecret);

    const call = await t.app.request(`/api/${api.pid}/listPhones`, { headers: { 'x-api-key': oldToken } });
    expect(call.status).toBe(200);
    const shown = await t.app.request(`/api/${api.pid}/product`, { headers: { 'x-api-key': oldToken } });
    expect(((await shown.json()) as { webhook_secret: string }).webhook_secret).toBe(oldSecret);
  });

  it('takes a new token at once and refuses the old one (a rotation: storedToken for the product, then productChanged)', async () => {
    t = await createTestApp({ SECRETS_KEY });
    const { api, token } = await customer(t);
    expect((await api.get('/listPhones')).status).toBe(200);
    const fresh = 'rotated-token-0123456789abcdefghijkl';
    await t.db
      .update(products)
      .set(await storedToken(t, api.pid, fresh))
      .where(eq(products.id, api.pid));
    productChanged(t, api.pid);
    const call = (key: string) => t!.app.request(`/api/${api.pid}/listPhones`, { headers: { 'x-api-key': key } });
    expect((await call(fresh)).status).toBe(200);
    expect((await call(token)).status).toBe(401);
    // What the console shows is the new one.
    const row = (await t.db.select().from(products).where(eq(products.id, api.pid)).get())!;
    expect(await openToken(t, row)).toBe(fresh);
  });

  it('opens nothing with another SECRETS_KEY: the token no longer matches', async () => {
    folder = mkdtempSync(join(tmpdir(), 'wapi-tokens-'));
    const file = join(folder, 'wapi.db');
    t = await createTestApp({ SECRETS_KEY, DATABASE_URL: `file:${file}` });
    const { api, token } = await customer(t);
    await t.close();
    t = await createTestApp({ SECRETS_KEY: `${SECRETS_KEY}-other`, DATABASE_URL: `file:${file}` });
    const call = await t.app.request(`/api/${api.pid}/listPhones`, { headers: { 'x-api-key': token } });
    expect(call.status).toBe(401);
  });

  it('refuses to start in production without SECRETS_KEY, naming it; outside production a development key stands in', () => {
    const prod = parseConfig({ NODE_ENV: 'production', APP_URL: 'https://wapi.example' });
    expect(missingSecretsKey(prod)).toMatch(/SECRETS_KEY: required when NODE_ENV=production/);
    expect(missingSecretsKey({ ...prod, SECRETS_KEY })).toBeNull();
    expect(missingSecretsKey(parseConfig({}))).toBeNull();
  });
});
