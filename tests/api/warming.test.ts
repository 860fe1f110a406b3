import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, expectError } from '../support/agent';
import { customer, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let agent: Agent;
let api: Api;
let pid: string;
let phone: number;
let other: { agent: Agent; api: Api; phone: number };
beforeAll(async () => {
  t = await createTestApp({}, { phones: true });
  ({ agent, api, pid } = await customer(t));
  phone = await api.addPhone();
  const b = await customer(t);
  other = { agent: b.agent, api: b.api, phone: await b.api.addPhone() };
});
afterAll(() => t.close());

const list = async (a: Agent) =>
  (await (await a.get('/api/warming/listWarming')).json()) as {
    success: boolean;
    data: Array<Record<string, unknown>>;
  };

describe('warming pool calls', () => {
  it('adds a phone active, lists it with its pace, toggles the system and removes it', async () => {
    expect(await list(agent)).toEqual({ success: true, data: [] });
    const added = await agent.postForm('/api/warming/createWarming', {
      phone_id: phone,
      status: 'active',
      product_id: pid,
      product_uid: 1,
      token: 'x',
    });
    expect(added.status).toBe(200);
    const body = (await added.json()) as { data: { success: boolean; id: number }; message: string };
    expect(body).toMatchObject({
      success: true,
      message: 'Phone added successfully to warming pool',
      data: { success: true },
    });
    const [record] = (await list(agent)).data;
    expect(record).toMatchObject({
      id: body.data.id,
      mainID: phone,
      status: 'active',
      sandbox: false,
      days_in_pool: 0,
      daily_cap: 5,
      sent_today: 0,
    });

    const stop = await agent.postForm('/api/warming/updateAllWarmingStatus', { status: 'disabled', product_id: pid });
    expect(await stop.json()).toEqual({ success: true, status: 'disabled', updated: 1 });
    expect((await list(agent)).data[0]!.status).toBe('disabled');
    await agent.postForm('/api/warming/updateAllWarmingStatus', { status: 'active' });
    expect((await list(agent)).data[0]!.status).toBe('active');

    const removed = await agent.request(`/api/warming/deleteWarming?id=${body.data.id}`, { method: 'POST' });
    expect(await removed.json()).toEqual({ success: true, message: 'Phone removed from warming pool' });
    expect((await list(agent)).data).toEqual([]);
  });

  it('refuses a phone twice, bad input and a missing phone', async () => {
    expect((await agent.postForm('/api/warming/createWarming', { phone_id: phone })).status).toBe(200);
    await expectError(await agent.postForm('/api/warming/createWarming', { phone_id: phone }), 409, 'CONFLICT');
    const missing = await agent.postForm('/api/warming/createWarming', {});
    const err = await expectError(missing, 422, 'VALIDATION');
    expect(err.message).toBe('Please select a phone');
    await expectError(await agent.postForm('/api/warming/createWarming', { phone_id: 'abc' }), 422, 'VALIDATION');
    await expectError(
      await agent.postForm('/api/warming/updateAllWarmingStatus', { status: 'paused' }),
      422,
      'VALIDATION',
    );
    await expectError(await agent.request('/api/warming/deleteWarming?id=x', { method: 'POST' }), 422, 'VALIDATION');
    await expectError(
      await agent.request('/api/warming/deleteWarming?id=999999', { method: 'POST' }),
      404,
      'NOT_FOUND',
    );
  });

  it("keeps tenants apart: another account's phone, record and product are not found", async () => {
    await expectError(await agent.postForm('/api/warming/createWarming', { phone_id: other.phone }), 404, 'NOT_FOUND');
    await expectError(
      await agent.postForm('/api/warming/createWarming', { phone_id: phone, product_id: other.api.pid }),
      404,
      'NOT_FOUND',
    );
    const mine = (await list(agent)).data[0]!;
    await expectError(
      await other.agent.request(`/api/warming/deleteWarming?id=${mine.id}`, { method: 'POST' }),
      404,
      'NOT_FOUND',
    );
    await expectError(
      await other.agent.postForm('/api/warming/updateAllWarmingStatus', { status: 'disabled', product_id: pid }),
      404,
      'NOT_FOUND',
    );
    expect(
      await other.agent.postForm('/api/warming/updateAllWarmingStatus', { status: 'disabled' }).then((r) => r.json()),
    ).toEqual({ success: true, status: 'disabled', updated: 0 });
    expect((await list(other.agent)).data).toEqual([]);
    expect((await list(agent)).data[0]!.status).toBe('active');
  });

  it('asks for a login and the CSRF token', async () => {
    const anonymous = new Agent(t);
    await expectError(await anonymous.get('/api/warming/listWarming'), 401, 'UNAUTHORIZED');
    await expectError(await anonymous.postForm('/api/warming/createWarming', { phone_id: phone }), 401, 'UNAUTHORIZED');
    await expectError(
      await agent.request('/api/warming/updateAllWarmingStatus', {
        method: 'POST',
        csrf: false,
        headers: { 'content-type': 'application/json' },
        body: '{"status":"disabled"}',
      }),
      403,
      'CSRF',
    );
  });
});
