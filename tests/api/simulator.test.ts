import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/agent';
import { customer, eventually, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
beforeEach(async () => {
  t = await createTestApp({ DEV_PHONE_LIMIT: '5' }, { phones: true, simTimings: { qrIdleMs: 60_000 } });
  ({ api } = await customer(t));
});
afterEach(() => t.close());

const flags = async (id: number) => (await api.get(`/${id}/status`)).body.status;

describe('the simulated network and every phone status', () => {
  it('walks a phone through creating..., loading, qr-screen, PAIRING, active, conn-retry, phone-error, idle and disabled', async () => {
    const { body } = await api.post('/addPhone', {});
    const id = body.id as number;
    const first = await api.phone(id);
    expect(['creating...', 'loading', 'qr-screen']).toContain(first.status);
    await api.waitStatus(id, 'qr-screen');
    expect(await flags(id)).toMatchObject({ isQr: true, loggedIn: false });

    await api.get(`/${id}/connectWithPhoneNumber?number=905301110099`);
    await api.waitStatus(id, 'PAIRING');
    expect(await flags(id)).toMatchObject({ isQr: false, state: { state: 'PAIRING' } });
    await expectError(await api.request(`/${id}/qrData`), 409);

    await api.sim('/fault', { phoneId: id, fault: 'idle' });
    await api.waitStatus(id, 'idle');
    expect((await api.get(`/${id}/status`)).body.status.state.state).toBe('TIMEOUT');

    await api.get(`/${id}/redeploy`);
    await api.link(id, '905301110099');
    expect(await flags(id)).toMatchObject({ loggedIn: true, state: { state: 'CONNECTED', canSend: true } });

    await api.sim('/fault', { phoneId: id, fault: 'disconnect' });
    await api.waitStatus(id, 'conn-retry');
    expect((await flags(id)).connRetry).toBe(true);
    await api.waitStatus(id, 'active');

    await api.sim('/fault', { phoneId: id, fault: 'phone-error' });
    await api.waitStatus(id, 'phone-error');
    expect((await flags(id)).message).toContain('Phone is not connected');
    await api.get(`/${id}/redeploy`);
    await api.waitStatus(id, 'active');

    await api.sim('/fault', { phoneId: id, fault: 'ban' });
    await api.waitStatus(id, 'phone-error');
    await api.get(`/${id}/redeploy`);
    await api.waitStatus(id, 'qr-screen');

    await api.get(`/${id}/delete`);
    expect((await api.phone(id)).status).toBe('disabled');
    await api.get(`/${id}/enable`);
    expect(['loading', 'qr-screen']).toContain((await api.phone(id)).status);
  });

  it('records every status change with its time', async () => {
    const id = await api.addPhone();
    await api.link(id);
    const rows = await t.db.query.phoneStatusLog.findMany({
      where: (l, { eq }) => eq(l.phoneId, id),
      orderBy: (l, { asc }) => [asc(l.at), asc(l.id)],
    });
    const seq = rows.map((r) => r.status);
    expect(seq[0]).toBe('creating...');
    expect(seq).toContain('qr-screen');
    expect(seq.at(-1)).toBe('active');
    expect(rows.every((r) => typeof r.at === 'number')).toBe(true);
  });

  it('delivers messages between two of our simulated phones, with acks', async () => {
    const a = await api.addPhone();
    await api.link(a, '905301110001');
    const b = await api.addPhone();
    await api.link(b, '905301110003');
    const sent = await api.post(`/${a}/sendMessage`, { to_number: '905301110003', message: 'hello phone b' });
    const received = await eventually(
      async () => {
        const conv = await api.get(`/${b}/getConversations/905301110001@c.us`);
        return conv.body.data.messages.find((m: { text: string }) => m.text === 'hello phone b');
      },
      5_000,
      'delivery to phone b',
    );
    expect(received.fromMe).toBe(false);
    const outgoing = await eventually(
      async () => {
        const conv = await api.get(`/${a}/getConversations/905301110003@c.us`);
        const m = conv.body.data.messages.find((x: { id: string }) => x.id === sent.body.data.msgId);
        return m?.ack >= 2 ? m : null;
      },
      5_000,
      'ack',
    );
    expect(outgoing.status).toBe('sent');
  });

  it("answers the controls' bad input clearly", async () => {
    const id = await api.addPhone();
    expect((await api.sim('/scan', { qr: '2@not-the-current-qr,a,b,c' })).status).toBe(404);
    expect((await api.sim('/scan', {})).status).toBe(422);
    expect((await api.sim('/pair', { phoneId: id, code: 'ABCDEFGH' })).status).toBe(400);
    expect((await api.sim('/incoming', { phoneId: id, from: '905301234567', message: 'x' })).status).toBe(409);
    expect((await api.sim('/fault', { phoneId: id, fault: 'meteor' })).status).toBe(422);
    expect((await api.sim('/fault', { phoneId: 999999, fault: 'idle' })).status).toBe(404);
    expect((await api.sim('/fault', { phoneId: id, fault: 'disconnect' })).status).toBe(409);
  });
});
