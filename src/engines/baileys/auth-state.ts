import {
  BufferJSON,
  initAuthCreds,
  makeCacheableSignalKeyStore,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from 'baileys';
import type { AuthStore } from '../types';
import type { BaileysLogger } from './logger';

/** The key the credentials live under; signal keys use `<type>-<id>`. */
const CREDS_KEY = 'creds';

/** Baileys' authentication state over our AuthStore, with the calls the session needs around it. */
export interface StoredAuthState {
  state: AuthenticationState;
  /** Writes the (mutated in place) credentials; Baileys asks for it on `creds.update`. */
  saveCreds(): Promise<void>;
  /** Drops everything of this phone: credentials, signal keys and stored messages. */
  clear(): Promise<void>;
}

const serialize = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const deserialize = (text: string): unknown => JSON.parse(text, BufferJSON.reviver);

function keyStore(store: AuthStore): SignalKeyStore {
  return {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const rows = await store.getMany(ids.map((id) => `${type}-${id}`));
      const out: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const id of ids) {
        const text = rows[`${type}-${id}`];
        if (!text) continue;
        const value = deserialize(text);
        // Baileys reads these as protobuf objects, not plain JSON (as useMultiFileAuthState does).
        out[id] = (
          type === 'app-state-sync-key' ? proto.Message.AppStateSyncKeyData.fromObject(value as object) : value
        ) as SignalDataTypeMap[T];
      }
      return out;
    },
    async set(data: SignalDataSet) {
      const entries: Record<string, string | null> = {};
      for (const [type, values] of Object.entries(data)) {
        for (const [id, value] of Object.entries(values ?? {}))
          entries[`${type}-${id}`] = value ? serialize(value) : null;
      }
      if (Object.keys(entries).length) await store.set(entries);
    },
    async clear() {
      await store.clear();
    },
  };
}

/**
 * Loads (or creates) the Baileys authentication state of one phone from its AuthStore: like
 * `useMultiFileAuthState`, but in the database, with Baileys' key cache in front of it.
 */
export async function loadAuthState(store: AuthStore, logger: BaileysLogger): Promise<StoredAuthState> {
  const saved = await store.get(CREDS_KEY);
  const creds = saved ? (deserialize(saved) as AuthenticationCreds) : initAuthCreds();
  const keys = makeCacheableSignalKeyStore(keyStore(store), logger);
  return {
    state: { creds, keys },
    saveCreds: () => store.set({ [CREDS_KEY]: serialize(creds) }),
    // Through the cache so that it forgets the keys as well; its clear() clears the store.
    clear: async () => {
      await keys.clear?.();
    },
  };
}
