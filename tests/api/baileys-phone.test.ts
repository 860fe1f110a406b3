import { beforeAll, describe, expect, it } from 'vitest';
import { baileysApp } from '../support/baileys-app';
import type { FakeWhatsApp } from '../support/fake-wa/server';
import { customer, eventually, type Api } from '../support/phones';
import type { TestApp } from '../support/test-app';

/**
 * A phone on the real engine (Baileys), end to end through the messaging API and the runner, against
 * the local fake WhatsApp server: QR, scan, active, send, receive, acks, logout.
 */
let wa: FakeWhatsApp;
let t: TestApp;
let api: Api;

baileysApp((app) => ({ wa, t } = app));
beforeAll(async () => {
  ({ api } = await customer(t));
});

describe('a Baileys phone through the API', () => {
  it('shows a QR, links, sends and receives, and logs out to a new QR', async () => {
    const { body } = await api.post('/addPhone', {});
    const id = body.id as number;
    expect((await api.phone(id)).engine).toBe('baileys');
    const qr = await eventually(async () => (await api.get(`/${id}/qrData`)).body.qrData as string, 10_000, 'QR');
    expect(qr).toMatch(/^https:\/\/wa\.me\/settings\/linked_devices#/);
    const screen = await api.request(`/${id}/screen`);
    expect(screen.headers.get('content-type')).toBe('image/png');

    const device = await wa.scan(qr, '905301112299');
    const phone = await api.waitStatus(id, 'active', 15_000);
    expect(phone.number).toBe('905301112299');

    wa.addPeer('905551110002', 'Bob');
    const sent = await api.post(`/${id}/sendMessage`, { to_number: '905551110002', message: 'Hello from the API' });
    expect(sent.status).toBe(200);
    const got = await eventually(
      async () =>
        wa.received.find(
          (r) =>
            r.message.conversation === 'Hello from the API' ||
            r.message.extendedTextMessage?.text === 'Hello from the API',
        ),
      15_000,
      'the message at the peer',
    );
    expect(got.peer).toBe('905551110002');
    const conv = await eventually(
      async () => {
        const c = await api.get(`/${id}/getConversations/905551110002@c.us`);
        const m = c.body.data.messages.find((x: { id: string }) => x.id === sent.body.data.msgId);
        // The receipt comes after the send: wait for both rather than race them.
        return m?.status === 'sent' && m.ack >= 1 ? m : null;
      },
      10_000,
      'sent status and its ack',
    );
    expect(conv.ack).toBeGreaterThanOrEqual(1);

    const alice = wa.addPeer('905551110001', 'Alice');
    await wa.deliver(alice, device, 'Merhaba from Alice');
    const incoming = await eventually(
      async () => {
        const c = await api.get(`/${id}/getConversations/905551110001@c.us`);
        return c.body.data.messages.find((m: { text?: string }) => m.text === 'Merhaba from Alice');
      },
      15_000,
      'incoming message',
    );
    expect(incoming.fromMe).toBe(false);

    expect((await api.get(`/${id}/logout`)).status).toBe(200);
    const fresh = await eventually(
      async () => (await api.get(`/${id}/qrData`)).body.qrData as string,
      15_000,
      'a new QR',
    );
    expect(fresh).not.toBe(qr);
  });
});
