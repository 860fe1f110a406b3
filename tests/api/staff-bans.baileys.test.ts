import { beforeAll, describe, expect, it } from 'vitest';
import { BAN_MSG } from '../../src/services/staff/bans';
import { baileysApp } from '../support/baileys-app';
import type { FakeWhatsApp } from '../support/fake-wa/server';
import { customer, eventually, type Api } from '../support/phones';
import { staffMember } from '../support/staff';
import type { TestApp } from '../support/test-app';
import type { Agent } from '../support/agent';

/** A banned number scanned on a Baileys phone (against the local fake WhatsApp) is refused at link. */
let wa: FakeWhatsApp;
let t: TestApp;
let api: Api;
let admin: Agent;

baileysApp((app) => ({ wa, t } = app));
beforeAll(async () => {
  ({ api } = await customer(t));
  admin = await staffMember(t, 'boss@example.com', 'admin');
});

describe('a banned number on Baileys', () => {
  it('is refused when the phone links, shown as the phone status; the number is not recorded', async () => {
    expect((await admin.postJson('/api/wapi/admin/setBan', { number: '905301119988', reason: 'banned' })).status).toBe(
      200,
    );
    const id = (await api.post('/addPhone', {})).body.id as number;
    const qr = await eventually(async () => (await api.get(`/${id}/qrData`)).body.qrData as string, 10_000, 'QR');
    await wa.scan(qr, '905301119988');
    const phone = await api.waitStatus(id, 'phone-error', 15_000);
    expect(phone.number ?? '').not.toBe('905301119988');
    expect((await api.get(`/${id}/status`)).body.status).toMatchObject({
      loggedIn: false,
      message: BAN_MSG.linkBanned,
    });
  });
});
