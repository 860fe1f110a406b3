import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/agent';
import { CUSTOMER, openStream } from '../support/live-inbox';
import { customer } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
}, 30_000);
afterEach(() => t.close());

const path = (phone: number | string) => `/api/wapi/phones/${phone}/chatEvents`;

describe("the phone chat's event stream", () => {
  it("tells the owner of the phone's new messages both ways and of a sent one's delivery", async () => {
    const owner = await customer(t, 'chat.owner@example.com');
    const phone = await owner.api.addPhone();
    await owner.api.link(phone);
    const stream = await openStream(owner.agent, path(phone));
    expect((await stream.next()).event).toBe('ready');

    const incoming = await owner.api.sim('/incoming', { phoneId: phone, from: CUSTOMER, message: 'hello chat' });
    expect(incoming.status).toBe(200);
    expect((await stream.until('message')).data).toMatchObject({ chatId: `${CUSTOMER}@c.us` });

    const sent = await owner.api.post(`/${phone}/sendMessage`, { to_number: CUSTOMER, message: 'hi back' });
    expect(sent.status).toBe(200);
    const msgId = sent.body.data.msgId as string;
    expect((await stream.until('message', (d) => d.id === msgId)).data).toEqual({
      chatId: `${CUSTOMER}@c.us`,
      id: msgId,
    });
    expect((await stream.until('ack', (d) => d.id === msgId && d.status === 'sent')).data).toMatchObject({
      chatId: `${CUSTOMER}@c.us`,
      id: msgId,
      status: 'sent',
    });
    await stream.close();
  });

  it('answers a stranger, another account and a malformed or oversized id in the error shape', async () => {
    const owner = await customer(t, 'chat.owner2@example.com');
    const phone = await owner.api.addPhone();
    const other = await customer(t, 'chat.other@example.com');
    await expectError(await t.app.request(path(phone)), 401);
    await expectError(await other.agent.get(path(phone)), 404);
    await expectError(await owner.agent.get(path('not-a-phone')), 404);
    await expectError(await owner.agent.get(path('9'.repeat(21))), 422);
  });
});
