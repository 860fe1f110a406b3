import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, eventually, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: Api;
let phone: number;
let idle: number;
beforeAll(async () => {
  t = await createTestApp({}, { phones: true });
  ({ api } = await customer(t));
  phone = await api.addPhone();
  await api.link(phone, '905300000011');
  idle = await api.addPhone();
});
afterAll(() => t.close());

describe('groups', () => {
  it('creates a group, lists it, changes members and settings, records the actions, and leaves', async () => {
    const created = await api.post(`/${phone}/createGroup`, {
      name: 'Team',
      numbers: ['905301234567', '+90 530 111 22 33'],
    });
    expect(created.status).toBe(200);
    const g = created.body.data;
    expect(g).toMatchObject({
      name: 'Team',
      admins: ['905300000011@c.us'],
      config: { edit: 'all', send: 'all', disappear: false },
    });
    expect(g.participants.sort()).toEqual(['905300000011@c.us', '905301112233@c.us', '905301234567@c.us']);

    const list = await api.get(`/${phone}/getGroups`);
    expect(list.body).toMatchObject({ success: true, count: 1, total: 1, limit: 50, page: 1 });
    expect((await api.get(`/${phone}/getGroups/${encodeURIComponent(g.id)}?invite=true`)).body.data.invite).toMatch(
      /^https:\/\/chat\.whatsapp\.com\//,
    );

    expect(
      (await api.post(`/${phone}/group/add`, { conversation_id: g.id, number: '905309998881@c.us' })).body,
    ).toEqual({ success: true });
    expect(
      (await api.post(`/${phone}/group/promote`, { conversation_id: g.id, number: ['905309998881'] })).status,
    ).toBe(200);
    expect((await api.post(`/${phone}/group/demote`, { conversation_id: g.id, number: '905309998881' })).status).toBe(
      200,
    );
    expect((await api.post(`/${phone}/group/remove`, { conversation_id: g.id, number: '905301112233' })).status).toBe(
      200,
    );
    const cfg = await api.post(`/${phone}/group/config`, {
      conversation_id: g.id,
      config: { send: 'admins', disappear: true },
    });
    expect(cfg.body).toEqual({ success: true, data: { edit: 'all', send: 'admins', disappear: true } });

    const logs = await api.get(`/groupActionLogs?phone_id=${phone}&subtype=remove`);
    expect(logs.body.total).toBe(1);
    expect(logs.body.data[0]).toMatchObject({
      phone: String(phone),
      data: {
        body: {
          receiver: '905300000011',
          conversation: g.id,
          conversation_name: 'Team',
          message: { participant: '905301112233@c.us', subtype: 'group/remove' },
        },
      },
    });
    expect((await api.get('/groupActionLogs?search=Team')).body.total).toBe(6);
    const connected = await api.get('/groupActionLogs?connected=true');
    expect(
      connected.body.data.every(
        (e: { data: { body: { message: { participant: string } } } }) =>
          e.data.body.message.participant === '905300000011@c.us',
      ),
    ).toBe(true);

    expect((await api.post(`/${phone}/leaveGroup`, { id: g.id })).body).toEqual({ success: true, data: true });
    expect((await api.get(`/${phone}/getGroups`)).body.total).toBe(0);
    const removed = await api.get(`/${phone}/getGroups?removed=true`);
    expect(removed.body.data.map((x: { id: string }) => x.id)).toEqual([g.id]);
    const info = await api.get(`/${phone}/groupInfo?action=removed&pageLimit=500`);
    expect(info.body).toMatchObject({
      success: true,
      total: 1,
      pageLimit: 500,
      data: [{ id: g.id, name: 'Team', participantCount: expect.any(Number), adminCount: expect.any(Number) }],
    });
  });

  it('lists groups suspended by the network', async () => {
    await api.post(`/${phone}/createGroup`, { name: '[suspended] Spam', numbers: ['905301234567'] });
    const res = await api.get(`/${phone}/groupInfo?action=suspended`);
    expect(res.body.data.map((g: { name: string }) => g.name)).toEqual(['[suspended] Spam']);
  });

  it('answers bad group input with a 4xx', async () => {
    expect((await api.post(`/${phone}/createGroup`, { name: '', numbers: [] })).status).toBe(422);
    expect((await api.post(`/${phone}/group/add`, { conversation_id: 'not-a-group', number: '1' })).status).toBe(422);
    expect(
      (await api.post(`/${phone}/group/add`, { conversation_id: '905300000000-1@g.us', number: '905301234567' }))
        .status,
    ).toBe(404);
    expect((await api.get(`/${phone}/groupInfo?pageLimit=501`)).status).toBe(422);
    expect((await api.post(`/${phone}/createGroup`, { name: 'Nobody', numbers: ['905300000000'] })).status).toBe(400);
  });
});

describe('checks and conversations', () => {
  it('checks numbers and profile pictures, and answers W05 when the phone is not active', async () => {
    const on = await api.get(`/${phone}/checknumberstatus?number=905301234567@c.us`);
    expect(on.body).toMatchObject({ success: true, data: { success: true, result: { status: 200 } } });
    const off = await api.get(`/${phone}/checknumberstatus?number=905301234560@c.us`);
    expect(off.body.data.result.status).toBe(404);
    const pic = await api.get(`/${phone}/getProfileImage?number=905301234562@c.us`);
    expect(pic.body).toMatchObject({
      success: true,
      data: expect.stringMatching(/^http.*\/api\/sim\/avatar\/905301234562\.png$/),
    });
    const avatar = await t.app.request(new URL(pic.body.data).pathname);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    const none = await api.get(`/${phone}/getProfileImage?number=905301234561@c.us`);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ success: false, message: 'No profile picture found.' });
    const w05 = await api.get(`/${idle}/getProfileImage?number=905301234562@c.us`);
    expect(w05.status).toBe(409);
    expect(w05.body).toMatchObject({ success: false, data: { type: 'error', code: 'W05' } });
    expect((await api.get(`/${idle}/checknumberstatus?number=905301234567@c.us`)).body.data.code).toBe('W05');
    expect((await api.get(`/${phone}/checknumberstatus`)).status).toBe(422);
  });

  it('lists conversations with their messages, both ways', async () => {
    await api.sim('/incoming', { phoneId: phone, from: '905301230001', message: 'hi there' });
    await api.post(`/${phone}/sendMessage`, { to_number: '905301230001', message: 'hello back' });
    await eventually(async () => (await api.get(`/${phone}/queue`)).body.queue === 0);
    const list = await api.get(`/${phone}/getConversations`);
    const conv = list.body.data.find((c: { id: string }) => c.id === '905301230001@c.us');
    expect(conv).toMatchObject({
      _serialized: '905301230001@c.us',
      user: '905301230001',
      server: 'c.us',
      type: 'chat',
      lastMessage: 'hello back',
    });
    const msgs = (await api.get(`/${phone}/getConversations/905301230001@c.us`)).body.data.messages;
    expect(msgs.map((m: { text: string; fromMe: boolean }) => [m.text, m.fromMe])).toEqual([
      ['hi there', false],
      ['hello back', true],
    ]);
    const contacts = await api.get(`/${phone}/contacts`);
    expect(contacts.body.data).toContainEqual({ id: '905301230001@c.us', name: 'Sim User 0001', type: 'chat' });
  });

  it('reports phone safety and block risk', async () => {
    const safety = await api.get(`/${phone}/checkPhoneSafety`);
    expect(safety.body.data).toMatchObject({
      groups_on_chats: expect.any(Number),
      users_on_chats: expect.any(Number),
      user_messages_to_user_count: expect.any(Number),
      contact_permission: true,
      isBusiness: false,
    });
    const risk = await api.get(`/${phone}/calculateRiskOfBlock`);
    expect(risk.body.result).toMatchObject({
      riskFactor: expect.any(Number),
      life_time: 0,
      riskFactorContacts: expect.any(Number),
      riskFactorResponse: expect.any(Number),
    });
    expect([1, 2, 3]).toContain(risk.body.result.riskFactor);
  });

  it('filters and pages the logs', async () => {
    const all = await api.get('/logs?pageLimit=500');
    expect(Number(all.body.data.count)).toBeGreaterThan(5);
    const errors = await api.get('/logs?type=error');
    expect(errors.body.data.list.every((l: { type: string }) => l.type === 'error')).toBe(true);
    const asc = await api.get('/logs?order=asc&pageLimit=2');
    expect(asc.body.data.list[0].id).toBeLessThan(asc.body.data.list[1].id);
    const page2 = await api.get('/logs?order=asc&pageLimit=2&page=2');
    expect(page2.body.data.list[0].id).toBeGreaterThan(asc.body.data.list[1].id);
    expect((await api.get('/logs?pageLimit=501')).status).toBe(422);
    expect((await api.get('/logs?type=weird')).status).toBe(422);
    const entry = all.body.data.list.find(
      (l: { type: string; data: { path?: string } }) => l.type === 'outgoing' && l.data.path,
    );
    expect(entry).toMatchObject({
      pid: api.pid,
      created_at: expect.any(String),
      data: { path: expect.any(String), statusCode: expect.any(Number) },
    });
    const tokenInLog = JSON.stringify(all.body).includes(api.token);
    expect(tokenInLog).toBe(false);
    // The console's own polling stays out of the customer's log; its writes do not.
    const before = Number((await api.get('/logs')).body.data.count);
    await api.request(`/${phone}/status`, { headers: { 'x-wapi-client': 'console' } });
    await api.request(`/${phone}/screen?t=1&via=console`);
    expect(Number((await api.get('/logs')).body.data.count)).toBe(before + 1);
  });
});

describe('numbers read once, on the server (libphonenumber-js)', () => {
  const NATIONAL = /is a national number, which names no country: use the international format/;

  it('gives +, 00 and spaced or punctuated international forms the same digits on sendMessage', async () => {
    for (const to of ['0090 530 123 4567', '+90 (530) 123-4567', '905301234567', '+90 0530 123 4567', 905301234567]) {
      const res = await api.post(`/${phone}/sendMessage`, { to_number: to, message: `to ${to}`, skip_filter: true });
      expect(res.status, String(to)).toBe(200);
      expect(res.body.data.chatId, String(to)).toBe('905301234567@c.us');
    }
  });

  it('answers a national number that names no country with 422 asking for the international format', async () => {
    const res = await api.post(`/${phone}/sendMessage`, { to_number: '05301234567', message: 'hi' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(NATIONAL) });
    expect(res.body.message).toMatch(/^to_number /);
    const check = await api.get(`/${phone}/checknumberstatus?number=${encodeURIComponent('0530 123 45 67')}`);
    expect(check.status).toBe(422);
    expect(check.body.message).toMatch(/^number .*international format/);
    const group = await api.post(`/${phone}/createGroup`, { name: 'National', numbers: ['05301234567'] });
    expect(group.status).toBe(422);
    expect(group.body.message).toMatch(NATIONAL);
  });

  it('reads checks and group members the same way, and keeps chat and group ids working', async () => {
    const check = await api.get(`/${phone}/checknumberstatus?number=${encodeURIComponent('0090 530 123 4567')}`);
    expect(check.body.data.result).toMatchObject({ status: 200, number: '905301234567' });
    const created = await api.post(`/${phone}/createGroup`, {
      name: 'Forms',
      numbers: ['+90 (530) 123-4567', '0090 530 111 2233'],
    });
    expect(created.status).toBe(200);
    expect(created.body.data.participants.sort()).toEqual([
      '905300000011@c.us',
      '905301112233@c.us',
      '905301234567@c.us',
    ]);
    const gid = created.body.data.id;
    const toGroup = await api.post(`/${phone}/sendMessage`, { to_number: gid, message: 'to the group' });
    expect(toGroup.body.data.chatId).toBe(gid);
    const toChat = await api.post(`/${phone}/sendMessage`, { to_number: '905301112233@c.us', message: 'to a chat' });
    expect(toChat.body.data.chatId).toBe('905301112233@c.us');
  });
});
