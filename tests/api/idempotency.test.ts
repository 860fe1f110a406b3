import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeys, messages } from '../../db/schema';
import {
  IDEMPOTENCY_WINDOW_MS,
  KEY_IN_FLIGHT_MESSAGE,
  KEY_REUSED_MESSAGE,
  PENDING_CLAIM_MS,
} from '../../src/services/messages/idempotency';
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
  api.request(`/${phone}/sendMessage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(payload),
  });
const queued = async () =>
  (
    await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.phoneId, phone), eq(messages.direction, 'out')))
      .all()
  ).length;

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
    const other = await expectError(
      await send({ to_number: '905301234567', message: 'second' }, 'k-2'),
      422,
      'VALIDATION',
    );
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
    const theirs = await other.api.request(`/${theirPhone}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' },
      body: JSON.stringify(body),
    });
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

  it('records the key in the commit of its message: a repeat in the same batch answers the first id, and another body 422', async () => {
    const body = { to_number: '905301234567', message: 'same batch' };
    const [a, b, c] = await Promise.all([
      send(body, 'k-6'),
      send(body, 'k-6'),
      send({ ...body, message: 'other' }, 'k-6'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const id = (await a.json()).data.msgId;
    expect((await b.json()).data.msgId).toBe(id);
    expect((await expectError(c, 422, 'VALIDATION')).message).toBe(KEY_REUSED_MESSAGE);
    const rows = await t.db.select().from(idempotencyKeys).all();
    expect(rows).toEqual([expect.objectContaining({ key: 'k-6', state: 'done', msgId: id })]);
    expect(await queued()).toBe(1);
  });

  it('takes over a pending claim an earlier crash left behind after PENDING_CLAIM_MS, and accepts the message once', async () => {
    const body = { to_number: '905301234567', message: 'claimed, never sent' };
    // The same body under another key gives the request's hash and the product.
    const other = (await (await send(body, 'k-other')).json()).data.msgId;
    const { pid, requestHash } = (await t.db.select().from(idempotencyKeys).get())!;
    // What a process of the previous version left when it died between its claim and the message row.
    await t.db
      .insert(idempotencyKeys)
      .values({ pid, key: 'k-7', requestHash, state: 'pending', createdAt: t.clock.now });
    expect((await expectError(await send(body, 'k-7'), 409, 'CONFLICT')).message).toBe(KEY_IN_FLIGHT_MESSAGE);
    t.clock.advance(PENDING_CLAIM_MS + 1);
    const retried = await send(body, 'k-7');
    expect(retried.status).toBe(200);
    const id = (await retried.json()).data.msgId;
    expect(id).not.toBe(other);
    expect((await (await send(body, 'k-7')).json()).data.msgId).toBe(id);
    expect(await queued()).toBe(2);
  });
});
