import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_MISSING_MESSAGE, TOKEN_WRONG_MESSAGE } from '../../src/middleware/api-token';
import { expectError } from '../support/agent';
import { customer, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

/** Requests written against the public messaging-API reference, sent unchanged. */
let t: TestApp;
let api: Api;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  ({ api } = await customer(t));
});
afterEach(async () => t.close());

describe('a client of the public reference', () => {
  it("sets a phone webhook with the reference's webhook-url object, and the product webhook with either form", async () => {
    const id = await api.addPhone();
    const res = await api.post(`/${id}/config`, {
      webhook: { webhook: 'https://example.com/hook' },
      ack_delivery: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toEqual({ webhook: 'https://example.com/hook', ack_delivery: true });
    expect((await api.post('/setWebhook', { webhook: { webhook: 'https://example.com/p' } })).body.webhook).toBe(
      'https://example.com/p',
    );
    expect((await api.post('/setWebhook', { webhook: 'https://example.com/q' })).body.webhook).toBe(
      'https://example.com/q',
    );
  });

  it('reads logs whose types are those of the reference, filtered the same way', async () => {
    const id = await api.addPhone();
    await api.link(id, '905300000002');
    await api.sim('/incoming', { phoneId: id, from: '905301234567', message: 'Merhaba' });
    await t.settle();
    const all = await api.get('/logs?pageLimit=500');
    const types = new Set(all.body.data.list.map((l: { type: string }) => l.type));
    expect([...types].every((x) => ['incoming', 'outgoing', 'error'].includes(x as string))).toBe(true);
    const incoming = await api.get('/logs?type=incoming&pageLimit=500');
    expect(incoming.body.data.list.some((l: { data: { kind?: string } }) => l.data.kind === 'message')).toBe(true);
    expect(incoming.body.data.list.every((l: { type: string }) => l.type === 'incoming')).toBe(true);
    const outgoing = await api.get('/logs?type=outgoing&pageLimit=500');
    expect(outgoing.body.data.list.some((l: { data: { path?: string } }) => l.data.path?.endsWith('/listPhones'))).toBe(
      true,
    );
    expect(outgoing.body.data.list.every((l: { type: string }) => l.type === 'outgoing')).toBe(true);
  });

  it('finds in the document where the answers differ from the reference, and the Idempotency-Key header of sendMessage', async () => {
    const doc = await (await t.app.request('/api/openapi.json')).json();
    const differences = (doc.info.description as string).split('**Where we differ from the reference**')[1] ?? '';
    for (const topic of [
      'one shape',
      'Idempotency-Key',
      'do not hold up|does not hold up',
      '`error` webhook event',
      'Standard Webhooks',
      '/delete',
      'Log `type`',
    ])
      expect(differences, topic).toMatch(new RegExp(topic));
    const send = doc.paths['/{phone_id}/sendMessage'].post;
    const header = send.parameters.find(
      (p: { in: string; name: string }) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key',
    );
    expect(header, 'the Idempotency-Key header').toBeDefined();
    expect(header.required ?? false).toBe(false);
    expect(send.description).toMatch(/same key with another body gets 422/);
  });

  it('names the header to send when the key is missing or wrong', async () => {
    const missing = await expectError(await t.app.request(`/api/${api.pid}/listPhones`), 401, 'UNAUTHORIZED');
    expect(missing.message).toBe(TOKEN_MISSING_MESSAGE);
    expect(missing.message).toContain('x-maytapi-key');
    const wrong = await expectError(
      await t.app.request(`/api/${api.pid}/listPhones`, { headers: { 'x-maytapi-key': 'nope' } }),
      401,
      'UNAUTHORIZED',
    );
    expect(wrong.message).toBe(TOKEN_WRONG_MESSAGE);
    expect(
      (await t.app.request(`/api/${api.pid}/listPhones`, { headers: { 'x-maytapi-key': api.token } })).status,
    ).toBe(200);
  });
});
