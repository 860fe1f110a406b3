import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/agent';
import { customer, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
beforeEach(async () => {
  t = await createTestApp();
  ({ api } = await customer(t));
});
afterEach(async () => t.close());

const del = (a: Api, number: string) => a.request(`/optouts/${encodeURIComponent(number)}`, { method: 'DELETE' });
const raw = (a: Api, path: string, body: string, type = 'application/json') =>
  a.request(path, { method: 'POST', headers: { 'content-type': type }, body });

describe('the opt-out list', () => {
  it('adds numbers read as sendMessage reads them, reports invalid ones, and is idempotent', async () => {
    const first = await api.post('/optouts', {
      numbers: ['+90 530 123 4567', '0090 530 123 4568', 905301234569, '05301234567', 'hello', '120363025@g.us'],
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      added: ['905301234567', '905301234568', '905301234569'],
      already: [],
    });
    expect(first.body.invalid.map((i: { number: string }) => i.number)).toEqual([
      '05301234567',
      'hello',
      '120363025@g.us',
    ]);
    expect(first.body.invalid[0].error).toMatch(/national number/);

    const again = await api.post('/optouts', { numbers: ['905301234567', '+905301234567', '905301234570'] });
    expect(again.body).toMatchObject({ added: ['905301234570'], already: ['905301234567'], invalid: [] });

    const list = await api.get('/optouts');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(4);
    expect(list.body.data[0]).toEqual({
      number: expect.any(String),
      source: 'api',
      phone_id: null,
      created_at: expect.any(Number),
    });
    expect(list.body.next_cursor).toBeNull();
  });

  it('pages newest first with next_cursor', async () => {
    for (let i = 0; i < 5; i++) {
      await api.post('/optouts', { numbers: [`90530123450${i}`] });
      t.clock.advance(1000);
    }
    await api.post('/optouts', { numbers: ['905301234598', '905301234599'] });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { number: string }[]; next_cursor: string | null } } = await api.get(
        `/optouts?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((r) => r.number));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([
      '905301234599',
      '905301234598',
      '905301234504',
      '905301234503',
      '905301234502',
      '905301234501',
      '905301234500',
    ]);
  });

  it('removes a number with DELETE /optouts/{number}', async () => {
    await api.post('/optouts', { numbers: ['905301234567'] });
    const res = await del(api, '+90 530 123 4567');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, number: '905301234567', removed: true });
    expect(await (await del(api, '905301234567')).json()).toMatchObject({ removed: false });
    expect((await api.get('/optouts')).body.data).toEqual([]);
    await expectError(await del(api, 'not-a-number'), 422, 'VALIDATION');
  });

  it('keeps the words: up to 20, 1-30 characters, lower case, STOP and UNSUBSCRIBE always', async () => {
    expect((await api.get('/optouts/settings')).body).toEqual({
      success: true,
      words: [],
      built_in: ['stop', 'unsubscribe'],
    });
    const set = await api.post('/optouts/settings', { words: ['DUR', ' İptal ', 'dur', 'STOP', 'stop  all'] });
    expect(set.status).toBe(200);
    expect(set.body.words).toEqual(['dur', 'i̇ptal', 'stop all']);
    expect((await api.get('/optouts/settings')).body.words).toEqual(['dur', 'i̇ptal', 'stop all']);
    expect((await api.post('/optouts/settings', { words: [] })).body.words).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers malformed, oversized and wrong-typed input with a 4xx in the one error shape', async () => {
    await expectError(await raw(api, '/optouts', '{"numbers": ['), 400, 'BAD_REQUEST');
    await expectError(await raw(api, '/optouts', '[]'), 400, 'BAD_REQUEST');
    await expectError(await raw(api, '/optouts', 'numbers', 'text/plain'), 415);
    await expectError(await raw(api, '/optouts', JSON.stringify({ numbers: ['1'.repeat(70_000)] })), 413);
    for (const body of [{}, { numbers: [] }, { numbers: 'x' }, { numbers: [{}] }, { numbers: ['9'.repeat(51)] }])
      await expectError(await raw(api, '/optouts', JSON.stringify(body)), 422, 'VALIDATION');
    const many = Array.from({ length: 1001 }, (_, i) => String(905300000000 + i));
    await expectError(await raw(api, '/optouts', JSON.stringify({ numbers: many })), 422, 'VALIDATION');
    await expectError(await api.request('/optouts?limit=0'), 422, 'VALIDATION');
    await expectError(await api.request('/optouts?limit=501'), 422, 'VALIDATION');
    await expectError(await api.request('/optouts?cursor=abc'), 422, 'VALIDATION');
    await expectError(await del(api, '9'.repeat(60)), 422, 'VALIDATION');

    const words = (w: unknown) => raw(api, '/optouts/settings', JSON.stringify({ words: w }));
    await expectError(await words(Array.from({ length: 21 }, (_, i) => `w${i}`)), 422, 'VALIDATION');
    await expectError(await words(['x'.repeat(31)]), 422, 'VALIDATION');
    await expectError(await words(['   ']), 422, 'VALIDATION');
    await expectError(await words('stop'), 422, 'VALIDATION');
    await expectError(await words([3]), 422, 'VALIDATION');
  });

  it("keeps each product's list to itself; another product's id answers 401 like every messaging call", async () => {
    const other = await customer(t, 'other@example.com');
    await other.api.post('/optouts', { numbers: ['905301234567'] });
    await other.api.post('/optouts/settings', { words: ['bitti'] });
    expect((await api.get('/optouts')).body.data).toEqual([]);
    expect((await api.get('/optouts/settings')).body.words).toEqual([]);
    expect(await (await del(api, '905301234567')).json()).toMatchObject({ removed: false });
    expect((await other.api.get('/optouts')).body.data).toHaveLength(1);

    const foreign = (path: string, init: RequestInit = {}) =>
      t.app.request(`/api/${other.pid}${path}`, { ...init, headers: { 'x-api-key': api.token, ...init.headers } });
    await expectError(await foreign('/optouts'), 401, 'UNAUTHORIZED');
    await expectError(await foreign('/optouts/settings'), 401, 'UNAUTHORIZED');
    await expectError(await foreign('/optouts/905301234567', { method: 'DELETE' }), 401, 'UNAUTHORIZED');
    await expectError(
      await foreign('/optouts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ numbers: ['905301234568'] }),
      }),
      401,
      'UNAUTHORIZED',
    );
    await expectError(await t.app.request(`/api/${api.pid}/optouts`), 401, 'UNAUTHORIZED');
    expect((await other.api.get('/optouts')).body.data).toHaveLength(1);
  });
});
