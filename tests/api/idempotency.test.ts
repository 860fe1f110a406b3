import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import { IDEMPOTENCY_WINDOW_MS, KEY_REUSED_MESSAGE } from '../../src/services/messages/idempotency';
import { expectError } from '../support/agent';
import { customer, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let phone: number;
beforeEach(async () => {
  t = await createTestApp();
  ({ api } = await customer(t));
  phone = (await api.post<{ id: number }>('/addPhone', {})).body.id;
});
afterEach(async () => t.close());

const send = (payload: unknown, key?: string) =>
  api.request(`/${phone}/sendMessage`, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) }, body: JSON.stringify(payload) });
const queued = async () => (await t.db.select().from(messages).where(and(eq(messages.phoneId, phone), eq(messages.direction, 'out'))).all()).length;

describe('Idempotency-Key on sendMessage', () => {
  it('answers a repeat with the first message id and sends nothing again', async () => {
    const body = { to_number: '905301234567', message: 'pay me once' };
    const first = await (await send(body, 'k-1')).json();
    const again = await send(body, 'k-1');
    expect(again.status).toBe(200);
    expect((await again.json()).data.msgId).toBe(first.data.msgId);
    expect(await queued()).toBe(1);
  });

  it('refuses the same key with another body (422) and leaves the first message alone', async () => {
    await send({ to_number: '905301234567', message: 'first' }, 'k-2');
    const other = await expectError(await send({ to_number: '905301234567', message: 'second' }, 'k-2'), 422, 'VALIDATION');
    expect(other.message).toBe(KEY_REUSED_MESSAGE);
    expect(await queued()).toBe(1);
  });

  it('keys are per product, forgotten after 24 hours, and a failed first request frees its key', async () => {
    const body = { to_number: '905301234567', message: 'hello' };
    const first = await (await send(body, 'k-3')).json();
    t.clock.advance(IDEMPOTENCY_WINDOW_MS + 1);
    const later = await (await send(body, 'k-3')).json();
    expect(later.data.msgId).not.toBe(first.data.msgId);

    const bad = await send({ to_number: '905301234567', type: 'media', message: 'data:image/png;base64,' }, 'k-4');
    expect(bad.status).toBe(400);
    const retried = await send({ to_number: '905301234567', message: 'fixed' }, 'k-4');
    expect(retried.status).toBe(200);

    const other = await customer(t);
    const theirPhone = (await other.api.post<{ id: number }>('/addPhone', {})).body.id;
    const theirs = await other.api.request(`/${theirPhone}/sendMessage`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' }, body: JSON.stringify(body) });
    expect(theirs.status).toBe(200);
  });

  it('sends each of concurrent repeats at most once', async () => {
    const body = { to_number: '905301234567', message: 'race' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(body, 'k-5')));
    const ok = await Promise.all(answers.filter((r) => r.status === 200).map(async (r) => (await r.json()).data.msgId));
    expect(new Set(ok).size).toBe(1);
    for (const r of answers) expect([200, 409]).toContain(r.status);
    expect(await queued()).toBe(1);
  });
});
