import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customer, eventually, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  ({ api } = await customer(t));
});
afterEach(() => t.close());

describe('phones: add, link, run', () => {
  it('adds a phone that shows a QR, links it by scanning on the simulator, and reports active', async () => {
    const added = await api.post('/addPhone', {});
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ success: true, id: expect.any(Number), pid: api.pid, multi_device: true });
    const id = added.body.id as number;
    await api.waitStatus(id, 'qr-screen');
    const qr = await api.get(`/${id}/qrData`);
    expect(qr.body.qrData).toMatch(/^2@/);
    const status = await api.get(`/${id}/status`);
    expect(status.body).toMatchObject({ success: true, status: { isQr: true, loggedIn: false, multidevice: true } });

    const scan = await api.sim('/scan', { qr: qr.body.qrData, number: '905301112233' });
    expect(scan).toMatchObject({ status: 200, body: { success: true, phoneId: id, number: '905301112233' } });
    const phone = await api.waitStatus(id, 'active');
    expect(phone).toMatchObject({ number: '905301112233', status: 'active', type: 'whatsapp', active: true });
    const after = await api.get(`/${id}/status`);
    expect(after.body.status).toMatchObject({
      loggedIn: true,
      isQr: false,
      state: { state: 'CONNECTED', canSend: true },
    });
    expect(after.body.number).toBe('905301112233');
  });

  it('reports instance_status replicas from the runner view', async () => {
    const id = await api.addPhone();
    const res = await api.get(`/${id}/instance_status`);
    expect(res.body).toEqual({ success: true, status: { replicas: 1, availableReplicas: 1, readyReplicas: 1 } });
  });

  it('renames, redeploys (coming back active without a scan), logs out to a new QR', async () => {
    const id = await api.addPhone();
    await api.link(id);
    expect((await api.post(`/${id}/setName`, { name: '  Sales line ' })).body).toEqual({
      success: true,
      name: 'Sales line',
    });
    expect((await api.phone(id)).name).toBe('Sales line');

    const redeployed = await api.get(`/${id}/redeploy`);
    expect(redeployed.body).toEqual({ success: true, message: `Phone ${id} is restarted.` });
    await api.waitStatus(id, 'active');

    expect((await api.get(`/${id}/logout`)).body).toEqual({ success: true });
    await api.waitStatus(id, 'qr-screen');
    expect((await api.get(`/${id}/qrData`)).body.qrData).toMatch(/^2@/);
  });

  it('links with a pairing code entered on the simulated phone', async () => {
    const id = await api.addPhone();
    const res = await api.get(`/${id}/connectWithPhoneNumber?number=%2B90 532 000 11 22`);
    expect(res.status).toBe(200);
    expect(res.body.connectionResult).toMatch(/^[1-9A-HJ-NP-TV-Z]{8}$/);
    await api.waitStatus(id, 'PAIRING');
    const code = res.body.connectionResult as string;
    expect((await api.sim('/pair', { phoneId: id, code: 'WRONG123' })).status).toBe(400);
    expect(
      (await api.sim('/pair', { phoneId: id, code: `${code.slice(0, 4)}-${code.slice(4).toLowerCase()}` })).status,
    ).toBe(200);
    expect(await api.waitStatus(id, 'active')).toMatchObject({ number: '905320001122' });
  });

  it('disables (keeping the data) and re-enables a phone', async () => {
    const id = await api.addPhone();
    await api.link(id, '905301110000');
    const del = await api.get(`/${id}/delete`);
    expect(del.body).toEqual({ success: true, type: 'deleted', pid: api.pid, phone_id: String(id) });
    expect(await api.phone(id)).toMatchObject({ status: 'disabled', active: false, number: '905301110000' });
    expect((await api.get(`/${id}/status`)).body.status.state.state).toBe('DISABLED');
    const en = await api.get(`/${id}/enable`);
    expect(en.body).toEqual({ success: true, message: 'The phone is enabled.' });
    await api.waitStatus(id, 'active');
  });

  it('factory-resets a phone back to a new instance showing a QR', async () => {
    const id = await api.addPhone();
    await api.link(id);
    const res = await api.get(`/${id}/factoryreset`);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toEqual(expect.any(String));
    const phone = await api.waitStatus(id, 'qr-screen');
    expect(phone.number).toBe('');
  });

  it('sets a mobile proxy with a region and redeploys', async () => {
    const id = await api.addPhone();
    const res = await api.post(`/${id}/mobileProxy`, { mobile_proxy: true, proxy_region: 'SA' });
    expect(res.body).toEqual({ success: true, mobile_proxy: true, proxy_region: 'SA' });
    const status = await api.get(`/${id}/status`);
    expect(status.body).toMatchObject({ mobile_proxy: true, proxy_region: 'SA' });
    const india = await api.post(`/${id}/mobileProxy`, { mobile_proxy: true });
    expect(india.body).toEqual({ success: true, mobile_proxy: true, proxy_region: null });
  });

  it('queues a test message, sends it through the simulator, and counts the queue', async () => {
    const id = await api.addPhone();
    await api.link(id);
    const sent = await api.post(`/${id}/sendMessage`, {
      to_number: '905301234567',
      type: 'text',
      message: 'Hello World!',
    });
    expect(sent.body).toMatchObject({
      success: true,
      data: { chatId: '905301234567@c.us', msgId: expect.any(String) },
    });
    await eventually(async () => (await api.get(`/${id}/queue`)).body.queue === 0, 3_000, 'queue to drain');
    expect((await api.get('/queues')).body).toEqual({ success: true, queues: [{ id, status: 'active', queue: 0 }] });
  });

  it('keeps the queue of a phone that is not active, and purges it', async () => {
    const id = await api.addPhone();
    for (let i = 0; i < 3; i++) await api.post(`/${id}/sendMessage`, { to_number: '905301234567', message: `m${i}` });
    expect((await api.get(`/${id}/queue`)).body).toEqual({ success: true, queue: 3, stats: { sending: 3 } });
    expect((await api.get('/queues?number=true')).body.queues[0]).toEqual({
      id,
      status: 'qr-screen',
      queue: 3,
      number: '',
    });
    expect((await api.get(`/${id}/purgeQueue`)).body).toEqual({ success: true, purged: 3 });
    expect((await api.get(`/${id}/queue`)).body.queue).toBe(0);
  });

  it('serves the screen as a PNG that revalidates by ETag', async () => {
    const id = await api.addPhone();
    const res = await api.request(`/${id}/screen`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await api.request(`/${id}/screen`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    await api.link(id);
    const active = await api.request(`/${id}/screen`, { headers: { 'if-none-match': etag } });
    expect(active.status).toBe(200);
  });

  it('accepts the token as a query parameter and under the reference header name', async () => {
    const q = await t.app.request(`/api/${api.pid}/listPhones?token=${api.token}`);
    expect(q.status).toBe(200);
    const alias = await t.app.request(`/api/${api.pid}/listPhones`, { headers: { 'x-maytapi-key': api.token } });
    expect(alias.status).toBe(200);
  });
});
