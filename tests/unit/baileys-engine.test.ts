import { createClient } from '@libsql/client';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { engineAuth, phones, products, users } from '../../db/schema';
import { dbAuthStore } from '../../src/runner/auth-store';
import { createBaileysEngine, type BaileysEngineOptions } from '../../src/engines/baileys/engine';
import type { BaileysSession } from '../../src/engines/baileys/session';
import type { AuthStore, SessionPhone } from '../../src/engines/types';
import { MemoryAuthStore, Recorder, until } from '../support/fake-wa/recorder';
import { FakeWhatsApp, type LinkedDevice } from '../support/fake-wa/server';

/**
 * The real engine (Baileys 7) against a fake WhatsApp server on a local port: the Noise handshake,
 * QR linking, login, reconnects, logout and end-to-end encrypted messages both ways. The steps build
 * on each other, in order. BAILEYS_LOG=debug prints what Baileys and the session log.
 */

const PHONE: SessionPhone = { id: 1, number: null, proxy: null, useOldVersion: false };
const OUR_NUMBER = '905301112233';
const QR_FORMAT =
  /^https:\/\/wa\.me\/settings\/linked_devices#[^,]+,[A-Za-z0-9+/]{43}=,[A-Za-z0-9+/]{43}=,[A-Za-z0-9+/]{43}=,\d+$/;

let wa: FakeWhatsApp;
const sessions: BaileysSession[] = [];

function engine(extra: BaileysEngineOptions = {}) {
  // Never the real network: every socket goes to the fake on this machine.
  expect(new URL(wa.url).hostname).toBe('127.0.0.1');
  return createBaileysEngine({
    waWebSocketUrl: wa.url,
    connectTimeoutMs: 3_000,
    defaultQueryTimeoutMs: 3_000,
    reconnectDelayMs: { first: 50, max: 200 },
    logLevel: (process.env.BAILEYS_LOG as 'debug' | undefined) ?? 'silent',
    ...extra,
  });
}

function open(store: AuthStore, extra: BaileysEngineOptions = {}) {
  const events = new Recorder();
  if (process.env.BAILEYS_LOG) events.log = (e) => console.log(JSON.stringify(e));
  const session = engine(extra).open(PHONE, store, events);
  sessions.push(session);
  return { session, events };
}

// Nothing may leave the machine: the socket goes to the fake (asserted in engine()) and no HTTP at all.
const fetches: string[] = [];

beforeAll(async () => {
  wa = await FakeWhatsApp.start();
  // libsignal narrates session changes on the console (info, and one warn); keep the output readable.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('Closing open session')) warn(...args);
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    fetches.push(String(input instanceof Request ? input.url : input));
    throw new Error('no network in tests');
  });
});

afterAll(async () => {
  for (const s of sessions) await s.stop();
  await wa.close();
  vi.restoreAllMocks();
  expect(fetches).toEqual([]);
});

describe('Baileys engine against a fake WhatsApp server', () => {
  const store = new MemoryAuthStore();
  let current: { session: BaileysSession; events: Recorder };
  let qr = '';
  let device: LinkedDevice;

  it("1. connects, completes the Noise handshake and shows the QR code the server's refs make", async () => {
    current = open(store);
    await current.session.start();
    qr = (await current.events.next('qr')).qr;
    expect(qr).toMatch(QR_FORMAT);
    expect(current.events.kinds().slice(0, 3)).toEqual(['starting', 'connecting', 'qr']);
    // The QR carries the noise key this client proved in the handshake.
    const noiseKey = qr.split('#')[1]!.split(',')[1]!;
    expect(wa.current!.staticKey.toString('base64')).toBe(noiseKey);
    expect(wa.current!.registering).toBe(true);
  });

  it('2. links when the phone scans: credentials land in our AuthStore, the restart logs in and the session is active', async () => {
    const before = current.events.states.length;
    device = await wa.scan(qr, OUR_NUMBER);
    const active = await current.events.next('active', before);
    expect(active.me.number).toBe(OUR_NUMBER);
    // Restart-required reconnects silently: no retry state in between.
    expect(current.events.kinds().slice(before)).not.toContain('conn-retry');
    const creds = JSON.parse(store.data.get('creds')!) as { me: { id: string; lid?: string } };
    expect(creds.me.id).toBe(`${OUR_NUMBER}:${device.device}@s.whatsapp.net`);
    // After login the client uploaded its pre-keys; the private halves are in our store.
    await until(() => device.keys, 'the pre-key upload');
    expect(device.keys!.preKeys.size).toBeGreaterThan(100);
    expect(store.keys('pre-key-').length).toBe(device.keys!.preKeys.size);
  });

  it('3. resumes straight to active after a restart, from the AuthStore alone', async () => {
    await current.session.stop();
    current = open(store);
    await current.session.start();
    const active = await current.events.next('active');
    expect(active.me.number).toBe(OUR_NUMBER);
    expect(current.events.kinds()).not.toContain('qr');
    expect(wa.current!.registering).toBe(false);
  });

  it('3b. reports a lost connection as conn-retry and reconnects by itself', async () => {
    const before = current.events.states.length;
    wa.current!.close();
    expect((await current.events.next('conn-retry', before)).message).toMatch(/Connection lost/);
    await current.events.next('active', before + 1);
  });

  it('4. on a logged-out stream error: reports logged-out, clears the AuthStore and shows a fresh QR', async () => {
    const before = current.events.states.length;
    let keysWhenLoggedOut: string[] = [];
    current.events.onState = (s) => {
      if (s.kind === 'logged-out') keysWhenLoggedOut = [...store.data.keys()];
    };
    wa.push({
      tag: 'stream:error',
      attrs: { code: '401' },
      content: [{ tag: 'conflict', attrs: { type: 'device_removed' } }],
    });
    await current.events.next('logged-out', before);
    expect(keysWhenLoggedOut).toEqual([]);
    const fresh = await current.events.next('qr', before);
    expect(fresh.qr).toMatch(QR_FORMAT);
    expect(fresh.qr.split(',')[1]).not.toBe(qr.split(',')[1]);
    // Link again for the message steps below.
    const relinked = current.events.states.length;
    device = await wa.scan(fresh.qr, OUR_NUMBER);
    await current.events.next('active', relinked);
  });

  it('5. goes idle when every QR code went unscanned, and shows a new one only when started again', async () => {
    wa.qrRefs = 2;
    const idle = open(new MemoryAuthStore(), { qrTimeoutMs: 150 });
    try {
      await idle.session.start();
      await idle.events.next('idle');
      expect(idle.events.kinds()).toEqual(['starting', 'connecting', 'qr', 'qr', 'idle']);
      await new Promise((r) => setTimeout(r, 300));
      expect(idle.events.kinds().at(-1)).toBe('idle');
      await idle.session.start();
      await idle.events.next('qr', 5);
    } finally {
      wa.qrRefs = 3;
      await idle.session.stop();
    }
  });

  it('6. receives a message a peer encrypted with the pre-keys our client uploaded', async () => {
    const alice = wa.addPeer('905551110001', 'Alice');
    const id = await wa.deliver(alice, device, 'Merhaba from Alice');
    const m = await until(() => current.events.messages.find((x) => x.key.id === id), 'the incoming message');
    expect(m.message).toMatchObject({ id, type: 'text', text: 'Merhaba from Alice', fromMe: false });
    expect(m.key).toEqual({ id, chatId: '905551110001@c.us', fromMe: false });
    expect(m.from).toEqual({ jid: '905551110001@c.us', name: 'Alice', number: '905551110001' });
    // Our client acknowledged it to the server with a receipt.
    await until(() => wa.receipts.find((r) => r.attrs.id === id && r.attrs.to === alice.jid), 'the delivery receipt');
    expect(store.data.has(`msg:id:${id}`)).toBe(true);
  });

  it("6b. maps a LID-addressed message to the sender's phone number", async () => {
    const carol = wa.addPeer('905551110003', 'Carol');
    const id = await wa.deliver(carol, device, 'From my LID', 'lid');
    const m = await until(() => current.events.messages.find((x) => x.key.id === id), 'the LID message');
    expect(m.key.chatId).toBe('905551110003@c.us');
    expect(m.from).toMatchObject({ jid: '905551110003@c.us', number: '905551110003', name: 'Carol' });
  });

  it('7. sends a text end to end encrypted with our message id, and turns receipts into acks', async () => {
    const bob = wa.addPeer('905551110002', 'Bob');
    const waId = '3EB0C0FFEE0000000001';
    const result = await current.session.send('905551110002@c.us', { type: 'text', text: 'Hello Bob' }, { waId });
    expect(result).toMatchObject({ waId, chatId: '905551110002@c.us' });
    const got = await until(() => wa.received.find((r) => r.id === waId), 'the message at the peer');
    expect(got.encType).toBe('pkmsg');
    expect(got.message.conversation ?? got.message.extendedTextMessage?.text).toBe('Hello Bob');
    await until(() => current.events.acks.find((a) => a.waId === waId && a.ack === 1), 'the server ack');
    wa.receipt(bob, device, waId);
    await until(() => current.events.acks.find((a) => a.waId === waId && a.ack === 2), 'the delivery ack');
    wa.receipt(bob, device, waId, 'read');
    await until(() => current.events.acks.find((a) => a.waId === waId && a.ack === 3), 'the read ack');
    expect(current.events.acks.filter((a) => a.waId === waId).map((a) => [a.ack, a.chatId])).toEqual([
      [1, '905551110002@c.us'],
      [2, '905551110002@c.us'],
      [3, '905551110002@c.us'],
    ]);
    expect(store.data.has(`msg:id:${waId}`)).toBe(true);

    // Deleting it for everyone sends a revoke, and the message counts as deleted (ack 5).
    const target = { id: waId, chatId: '905551110002@c.us', fromMe: true };
    await current.session.send('905551110002@c.us', { type: 'delete', target }, { waId: '3EB0C0FFEE00000000D1' });
    const revoke = await until(
      () => wa.received.find((r) => r.id === '3EB0C0FFEE00000000D1'),
      'the revoke at the peer',
    );
    expect(revoke.message.protocolMessage?.key?.id).toBe(waId);
    await until(() => current.events.acks.find((a) => a.waId === waId && a.ack === 5), 'the deleted ack');
  });

  it("7b. gets the peer's answer on the open session, and quotes it in a reply", async () => {
    const bob = wa.peerOf('905551110002@s.whatsapp.net')!;
    const id = await wa.deliver(bob, device, 'Hi, got it');
    const m = await until(() => current.events.messages.find((x) => x.key.id === id), 'the answer');
    expect(m.message.text).toBe('Hi, got it');
    const waId = '3EB0C0FFEE0000000002';
    await current.session.send(
      '905551110002@c.us',
      { type: 'text', text: 'Great' },
      { waId, quoted: { key: m.key, message: m.message, timestamp: m.timestamp } },
    );
    const got = await until(() => wa.received.find((r) => r.id === waId), 'the reply at the peer');
    expect(got.encType).toBe('msg');
    const context = got.message.extendedTextMessage?.contextInfo;
    expect(context?.stanzaId).toBe(id);
    expect(context?.quotedMessage?.conversation).toBe('Hi, got it');
  });

  it('8. checks numbers and profile pictures, and refuses to send to numbers without WhatsApp', async () => {
    expect(await current.session.checkNumber('+90 555 111 0001')).toEqual({ exists: true, jid: '905551110001@c.us' });
    expect(await current.session.checkNumber('905559999999')).toEqual({ exists: false, jid: '905559999999@c.us' });
    expect(await current.session.profilePicture('905551110001@c.us')).toBe(
      'https://pps.example.invalid/905551110001.jpg',
    );
    expect(await current.session.profilePicture('905559999999@c.us')).toBeNull();
    await expect(
      current.session.send('905559999999@c.us', { type: 'text', text: 'anyone?' }, { waId: '3EB0C0FFEE0000000404' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'The number 905559999999 is not on WhatsApp.',
    });
  });

  it('9. manages groups and reports what others change in them', async () => {
    const { session, events } = current;
    const created = await session.createGroup('Team', ['905551110001@c.us']);
    expect(created).toMatchObject({
      name: 'Team',
      participants: [`${OUR_NUMBER}@c.us`, '905551110001@c.us'],
      admins: [`${OUR_NUMBER}@c.us`],
    });
    expect(created.id).toMatch(/@g\.us$/);
    expect((await session.groups()).map((g) => g.id)).toContain(created.id);
    expect((await session.group(created.id, { invite: true })).invite).toBe(
      `https://chat.whatsapp.com/${wa.group(created.id)!.invite}`,
    );
    expect(await session.groupConfig(created.id, { send: 'admins', disappear: true })).toEqual({
      send: 'admins',
      edit: 'all',
      disappear: true,
    });
    await session.groupParticipants(created.id, 'add', ['905551110002@c.us']);
    expect(wa.group(created.id)!.members.map((m) => m.pn)).toContain('905551110002@s.whatsapp.net');
    await expect(session.groupParticipants(created.id, 'add', ['905559999999@c.us'])).rejects.toMatchObject({
      code: 'INVALID',
    });

    // A group message: one skmsg for all, the sender key handed to each member in a pkmsg.
    const waId = '3EB0C0FFEE00000000G1';
    expect(await session.send(created.id, { type: 'text', text: 'Hello team' }, { waId })).toMatchObject({
      waId,
      chatId: created.id,
    });
    const got = await until(
      () => (wa.received.filter((r) => r.id === waId).length === 2 ? wa.received.filter((r) => r.id === waId) : null),
      'the group message at both peers',
    );
    expect(
      got.map((r) => [r.peer, r.encType, r.message.conversation ?? r.message.extendedTextMessage?.text]).sort(),
    ).toEqual([
      ['905551110001', 'skmsg', 'Hello team'],
      ['905551110002', 'skmsg', 'Hello team'],
    ]);
    await until(
      () => events.acks.find((a) => a.waId === waId && a.ack === 1 && a.chatId === created.id),
      'the server ack of the group message',
    );

    const alice = wa.peerOf('905551110001@s.whatsapp.net')!;
    const bob = wa.peerOf('905551110002@s.whatsapp.net')!;
    wa.group(created.id)!.members.find((m) => m.pn === alice.jid)!.admin = 'admin';
    wa.groupChange(created.id, alice, { action: 'promote', people: [bob] });
    const promoted = await until(() => events.groupEvents.find((e) => e.subtype === 'promote'), 'the promote event');
    expect(promoted).toMatchObject({
      groupId: created.id,
      groupName: 'Team',
      participants: ['905551110002@c.us'],
      by: '905551110001@c.us',
    });
    wa.groupChange(created.id, alice, { subject: 'Team 2' });
    const renamed = await until(() => events.groupEvents.find((e) => e.subtype === 'name'), 'the name event');
    expect(renamed).toMatchObject({ groupId: created.id, groupName: 'Team 2', by: '905551110001@c.us' });
    wa.groupChange(created.id, bob, { action: 'remove', people: [bob] });
    await until(() => events.groupEvents.find((e) => e.subtype === 'leave'), 'the leave event');

    await session.leaveGroup(created.id);
    expect(wa.group(created.id)!.members.map((m) => m.pn)).not.toContain(`${OUR_NUMBER}@s.whatsapp.net`);
    await expect(session.group(created.id)).rejects.toMatchObject({ code: 'INVALID' });
  });

  it('10. logs out on request: unlinks the device, clears the AuthStore and shows a new QR', async () => {
    const before = current.events.states.length;
    await current.session.logout();
    expect(current.events.kinds().slice(before)[0]).toBe('logged-out');
    await current.events.next('qr', before);
    expect(store.keys('creds').concat(store.keys('pre-key-'), store.keys('msg:'))).toEqual([]);
    await until(() => !wa.devices.has(`${OUR_NUMBER}:${device.device}`), 'the device removal');
    await expect(
      current.session.send('905551110002@c.us', { type: 'text', text: 'x' }, { waId: 'X' }),
    ).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
  });

  it('11. asks for a pairing code instead of a QR code, and keeps showing it while the QR codes rotate', async () => {
    const pairing = open(new MemoryAuthStore(), { qrTimeoutMs: 100 });
    try {
      await pairing.session.start();
      await pairing.events.next('qr');
      await expect(pairing.session.requestPairingCode('12')).rejects.toMatchObject({ code: 'INVALID' });
      const before = pairing.events.states.length;
      const code = await pairing.session.requestPairingCode('+90 530 111 2233');
      expect(code).toMatch(/^[A-Z0-9]{8}$/);
      expect(pairing.events.states.at(-1)).toEqual({ kind: 'pairing', code });
      const request = await until(
        () =>
          wa.current!.received.find((n) => Array.isArray(n.content) && n.content[0]?.tag === 'link_code_companion_reg'),
        'the link code request',
      );
      expect((request.content as { attrs: Record<string, string> }[])[0]!.attrs.jid).toBe(
        `${OUR_NUMBER}@s.whatsapp.net`,
      );
      // The QR refs keep rotating underneath until they run out; the code stays on screen till then.
      await pairing.events.next('idle', before);
      expect(pairing.events.kinds().slice(before)).toEqual(['pairing', 'idle']);
    } finally {
      await pairing.session.stop();
    }
  });
});

describe('Baileys engine: bans and the database AuthStore', () => {
  it('reports a ban refused at login, and clears the credentials', async () => {
    const store = new MemoryAuthStore();
    const { session, events } = open(store);
    await session.start();
    const linked = await wa.scan((await events.next('qr')).qr, '905301119999');
    await events.next('active');
    await session.stop();
    expect(linked.number).toBe('905301119999');
    wa.refuseLogin = '403';
    try {
      const again = open(store);
      await again.session.start();
      expect(await again.events.next('banned')).toEqual({
        kind: 'banned',
        message: 'This account is not allowed to use WhatsApp (banned).',
      });
      expect(store.data.size).toBe(0);
    } finally {
      wa.refuseLogin = null;
    }
  });
});

describe('Baileys engine over the database AuthStore', () => {
  it('links, resumes after a restart and keeps messages, all in engine_auth', async () => {
    const db = createDb(createClient({ url: ':memory:' }));
    await migrateDb(db);
    await db.insert(users).values({ id: 1, email: 'a@b.c', createdAt: 0, updatedAt: 0 });
    await db.insert(products).values({
      id: '00000000-0000-4000-8000-000000000001',
      uid: 1,
      productType: 'wapi',
      apiTokenHash: 't',
      createdAt: 0,
    });
    const [phone] = await db
      .insert(phones)
      .values({
        pid: '00000000-0000-4000-8000-000000000001',
        engine: 'baileys',
        statusAt: 0,
        createdAt: 0,
        updatedAt: 0,
      })
      .returning();
    const rows = (prefix: string) =>
      db
        .select()
        .from(engineAuth)
        .where(and(eq(engineAuth.phoneId, phone!.id), like(engineAuth.key, `${prefix}%`)))
        .all();

    const first = open(dbAuthStore(db, phone!.id));
    await first.session.start();
    const linked = await wa.scan((await first.events.next('qr')).qr, '905301118888');
    await first.events.next('active');
    await until(() => linked.keys, 'the pre-key upload');
    await first.session.stop();
    expect(await rows('creds')).toHaveLength(1);
    expect((await rows('pre-key-')).length).toBe(linked.keys!.preKeys.size);

    const second = open(dbAuthStore(db, phone!.id));
    await second.session.start();
    expect((await second.events.next('active')).me.number).toBe('905301118888');
    expect(second.events.kinds()).not.toContain('qr');
    const dave = wa.addPeer('905551110004', 'Dave');
    const id = await wa.deliver(dave, linked, 'Stored in libSQL');
    await until(() => second.events.messages.find((m) => m.key.id === id), 'the message');
    expect((await rows('msg:id:')).map((r) => r.key)).toEqual([`msg:id:${id}`]);
    await second.session.stop();
  });
});

describe('Baileys engine: a stop during the start', () => {
  it('opens no socket when the session is stopped while the start still reads its credentials', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    class SlowStore extends MemoryAuthStore {
      override async get(key: string) {
        await gate;
        return super.get(key);
      }
    }
    const before = wa.connections.length;
    const { session, events } = open(new SlowStore());
    const starting = session.start();
    await new Promise((r) => setTimeout(r, 20));
    await session.stop();
    release();
    await starting;
    await new Promise((r) => setTimeout(r, 300));
    expect(wa.connections.length).toBe(before);
    expect(events.states.map((s) => s.kind)).toEqual(['starting']);
  });
});
