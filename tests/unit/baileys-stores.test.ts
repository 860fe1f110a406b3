import { proto, type WAMessage } from 'baileys';
import { describe, expect, it } from 'vitest';
import { loadAuthState } from '../../src/engines/baileys/auth-state';
import { createBaileysLogger } from '../../src/engines/baileys/logger';
import { MessageStore } from '../../src/engines/baileys/message-store';
import { MemoryAuthStore } from '../support/fake-wa/recorder';

const logger = createBaileysLogger(undefined, 'silent');

describe('Baileys auth state over an AuthStore', () => {
  it('creates credentials, saves them under "creds" and reads them back with their buffers', async () => {
    const store = new MemoryAuthStore();
    const a = await loadAuthState(store, logger);
    expect(store.data.size).toBe(0);
    a.state.creds.me = { id: '905301112233:3@s.whatsapp.net' };
    await a.saveCreds();
    const b = await loadAuthState(store, logger);
    expect(b.state.creds.me).toEqual({ id: '905301112233:3@s.whatsapp.net' });
    expect(Buffer.isBuffer(b.state.creds.noiseKey.public)).toBe(true);
    expect(Buffer.from(b.state.creds.noiseKey.public)).toEqual(Buffer.from(a.state.creds.noiseKey.public));
  });

  it('keeps signal keys under <type>-<id>, deletes them with null and clears everything', async () => {
    const store = new MemoryAuthStore();
    const { state, clear } = await loadAuthState(store, logger);
    await state.keys.set({
      'pre-key': { '1': { public: Buffer.from([1]), private: Buffer.from([2]) } },
      session: { '905551110001.0': Buffer.from([3]) },
    });
    expect(store.keys('pre-key-')).toEqual(['pre-key-1']);
    expect(store.keys('session-')).toEqual(['session-905551110001.0']);
    const fresh = await loadAuthState(store, logger);
    expect((await fresh.state.keys.get('pre-key', ['1', '2']))['1']).toEqual({
      public: Buffer.from([1]),
      private: Buffer.from([2]),
    });
    await state.keys.set({ 'pre-key': { '1': null } });
    expect(store.keys('pre-key-')).toEqual([]);
    await state.keys.set({ 'app-state-sync-key': { AAA: { keyData: Buffer.from([9]) } } });
    const key = (await fresh.state.keys.get('app-state-sync-key', ['AAA']))['AAA'];
    expect(key).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    await clear();
    expect(store.data.size).toBe(0);
    expect(await state.keys.get('session', ['905551110001.0'])).toEqual({});
  });
});

describe('message store', () => {
  const message = (id: string, text = id): WAMessage => ({
    key: { id, remoteJid: '905551110001@s.whatsapp.net', fromMe: true },
    message: { conversation: text },
    messageTimestamp: 1_700_000_000,
  });

  it('keeps messages under msg: keys across instances, first copy of an id wins', async () => {
    const store = new MemoryAuthStore();
    await new MessageStore(store).save(message('A', 'first'));
    await new MessageStore(store).save(message('A', 'second'));
    const got = await new MessageStore(store).get('A');
    expect(got?.message?.conversation).toBe('first');
    expect(got?.key).toMatchObject({ id: 'A', remoteJid: '905551110001@s.whatsapp.net', fromMe: true });
    expect(await new MessageStore(store).get('B')).toBeUndefined();
    expect(store.keys('msg:').every((k) => k.startsWith('msg:'))).toBe(true);
  });

  it('drops the oldest beyond its limit', async () => {
    const store = new MemoryAuthStore();
    const messages = new MessageStore(store, 3);
    for (const id of ['A', 'B', 'C', 'D', 'E']) await messages.save(message(id));
    expect(await messages.get('A')).toBeUndefined();
    expect(await messages.get('B')).toBeUndefined();
    expect((await messages.get('E'))?.message?.conversation).toBe('E');
    expect(store.keys('msg:id:').sort()).toEqual(['msg:id:C', 'msg:id:D', 'msg:id:E']);
    expect(store.keys('msg:seq:')).toHaveLength(3);
    // A new instance (a restart) continues the sequence from the store.
    await new MessageStore(store, 3).save(message('F'));
    expect(store.keys('msg:id:').sort()).toEqual(['msg:id:D', 'msg:id:E', 'msg:id:F']);
  });
});
