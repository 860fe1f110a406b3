import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWapiClient,
  isWapiError,
  parseWebhook,
  verifyWebhook,
  WapiError,
  type WapiClient,
} from '../../sdk/src/index';
import { newWebhookSecret, signWebhook } from '../../src/services/webhooks/sign';
import { customer, eventually, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * @wapi/client from its sources against the app in process (its fetch is `app.request`, so every
 * answer is also checked against its declaration): the five first calls, the typed error of a 422,
 * Idempotency-Key on every send, retries only on 429/503 and network failures, and webhook checks
 * against the server's own signer. tests/e2e/sdk-package.test.ts does the same with the packed package
 * over real HTTP.
 */

let t: TestApp;
let api: Api;
let client: WapiClient;
let phone: number;
/** Every request the client made: method, path, Idempotency-Key. */
const seen: { method: string; path: string; key: string | null }[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { phones: true });
  ({ api } = await customer(t));
  phone = await api.addPhone();
  await api.link(phone, '905300000001');
  client = createWapiClient({
    baseUrl: 'http://localhost/',
    productId: api.pid,
    token: api.token,
    fetch: async (req) => {
      const r = req as Request;
      seen.push({ method: r.method, path: new URL(r.url).pathname, key: r.headers.get('idempotency-key') });
      return t.app.request(r);
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('@wapi/client against the API', () => {
  it('lists phones, sends with an Idempotency-Key, reads the message back and checks a number', async () => {
    const phones = await client.listPhones();
    expect(phones.map((p) => [p.id, p.status])).toEqual([[phone, 'active']]);

    const msgId = await client.sendMessage(phone, { to_number: '905301234561', type: 'text', message: 'from the SDK' });
    expect(typeof msgId).toBe('string');
    // A key of its own on every send, so a retry never sends twice.
    expect(seen.at(-1)).toMatchObject({ method: 'POST', path: `/api/${api.pid}/${phone}/sendMessage` });
    expect(seen.at(-1)!.key).toMatch(/^[0-9a-f-]{36}$/);
    // The same key answers the first id and sends nothing again.
    const once = await client.sendMessage(
      phone,
      { to_number: '905301234561', message: 'once' },
      { idempotencyKey: 'sdk-key-1' },
    );
    expect(
      await client.sendMessage(phone, { to_number: '905301234561', message: 'once' }, { idempotencyKey: 'sdk-key-1' }),
    ).toBe(once);

    const conversation = await eventually(async () => {
      const c = await client.getConversation(phone, '905301234561@c.us');
      return c.messages.some((m) => m.id === msgId) ? c : null;
    });
    expect(conversation.messages.filter((m) => m.fromMe).map((m) => (m as { text?: string }).text)).toEqual([
      'from the SDK',
      'once',
    ]);
    expect((await client.getConversation(phone, '905301234561@c.us', { limit: 1 })).messages.map((m) => m.id)).toEqual([
      once,
    ]);

    expect(await client.checkNumber(phone, '905301234561')).toMatchObject({ status: 200, number: '905301234561' });
    expect((await client.checkNumber(phone, '905301234560')).status).toBe(404);

    // Any other operation through the typed openapi-fetch client.
    const { data } = await client.api.GET('/{phone_id}/status', { params: { path: { phone_id: String(phone) } } });
    expect([data?.number, data?.status.loggedIn]).toEqual(['905300000001', true]);
  });

  it("turns a 422 into a WapiError with the status and the error shape's code", async () => {
    await client.sendMessage(phone, { to_number: '905301234561', message: 'first' }, { idempotencyKey: 'sdk-key-2' });
    const err = await client
      .sendMessage(phone, { to_number: '905301234561', message: 'another body' }, { idempotencyKey: 'sdk-key-2' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WapiError);
    expect(isWapiError(err)).toBe(true);
    const e = err as WapiError;
    expect([e.status, e.code, e.name]).toEqual([422, 'VALIDATION', 'WapiError']);
    expect(e.requestId).toBeTruthy();
    const missing = (await client.getConversation(999_999, '905301234561@c.us').catch((x: unknown) => x)) as WapiError;
    expect([missing.status, missing.code]).toEqual([404, 'NOT_FOUND']);
    const wrongToken = createWapiClient({
      baseUrl: 'http://localhost',
      productId: api.pid,
      token: 'nope',
      fetch: async (r) => t.app.request(r as Request),
    });
    await expect(wrongToken.listPhones()).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});

describe('@wapi/client retries', () => {
  const answers = (statuses: (number | 'network')[]) => {
    const calls: string[] = [];
    const fetch = async (req: Request | URL | string) => {
      const r = req as Request;
      calls.push(`${r.method} ${await r.clone().text()}`);
      const next = statuses.shift() ?? 200;
      if (next === 'network') throw new TypeError('fetch failed');
      const ok = next === 200;
      const success = r.method === 'POST' ? { success: true, data: { chatId: '1@c.us', msgId: 'm1' } } : [];
      return new Response(
        JSON.stringify(
          ok
            ? success
            : {
                success: false,
                message: 'x',
                error: { code: next === 429 ? 'RATE_LIMITED' : 'X', message: 'x', requestId: 'r' },
              },
        ),
        {
          status: next,
          headers: { 'content-type': 'application/json', ...(next === 429 ? { 'retry-after': '0' } : {}) },
        },
      );
    };
    return {
      calls,
      client: createWapiClient({
        baseUrl: 'http://api.test',
        productId: 'p',
        token: 't',
        fetch: fetch as typeof globalThis.fetch,
        minDelayMs: 1,
      }),
    };
  };

  it('tries again on 429, 503 and network failures, with the body each time', async () => {
    const a = answers([429, 503, 'network']);
    expect(await a.client.listPhones()).toEqual([]);
    expect(a.calls).toHaveLength(4);
    const b = answers([503, 'network']);
    expect(await b.client.sendMessage(1, { to_number: '1', message: 'hi' })).toBe('m1');
    expect(b.calls).toEqual(Array(3).fill('POST {"to_number":"1","message":"hi"}'));
  });

  it('does not try again on other failures, and gives up after the retries', async () => {
    for (const status of [400, 401, 404, 422, 500]) {
      const a = answers([status]);
      await expect(a.client.listPhones()).rejects.toMatchObject({ status });
      expect(a.calls).toHaveLength(1);
    }
    const busy = answers([503, 503, 503, 503, 503]);
    await expect(busy.client.listPhones()).rejects.toMatchObject({ status: 503 });
    expect(busy.calls).toHaveLength(4);
    const down = answers(['network', 'network', 'network', 'network']);
    await expect(down.client.listPhones()).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('does not repeat a write without an Idempotency-Key after a network failure', async () => {
    const a = answers(['network']);
    await expect(
      a.client.api.POST('/setWebhook', { body: { webhook: 'https://example.com/hook' } }),
    ).rejects.toMatchObject({ code: 'NETWORK' });
    expect(a.calls).toHaveLength(1);
  });
});

describe('@wapi/client webhook checks', () => {
  it('accepts what the server signs, and refuses another secret, a changed body or an old delivery', async () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'message', product_id: 'p' });
    const now = 1_800_000_000;
    const headers = await signWebhook(secret, 'msg_1', now, body);
    expect(await verifyWebhook({ secret, headers, body, nowSec: now })).toBe(true);
    expect(
      await verifyWebhook({
        secret,
        headers: new Headers(headers),
        body: new TextEncoder().encode(body),
        nowSec: now + 60,
      }),
    ).toBe(true);
    expect(await verifyWebhook({ secret: newWebhookSecret(), headers, body, nowSec: now })).toBe(false);
    expect(await verifyWebhook({ secret, headers, body: body.replace('message', 'ack'), nowSec: now })).toBe(false);
    expect(await verifyWebhook({ secret, headers, body, nowSec: now + 301 })).toBe(false);
    expect(
      await verifyWebhook({
        secret,
        headers: { ...headers, 'webhook-signature': `v1,bad ${headers['webhook-signature']}` },
        body,
        nowSec: now,
      }),
    ).toBe(true);
    expect(await parseWebhook({ secret, headers, body, nowSec: now })).toEqual({ type: 'message', product_id: 'p' });
    await expect(parseWebhook({ secret, headers, body: `${body} `, nowSec: now })).rejects.toThrow(/signature/);
  });
});
