import { phoneEvents } from '../services/events';
import { riskPace } from '../services/protection/pace';
import type { Db } from '../../db/client';
import type { Config } from '../config';
import { groupCommit } from '../services/group-commit';
import { wireEngines, type EngineSet, type SimTimings } from '../engines/wiring';
import { createCaches, type Caches } from '../services/cache';
import { serverBox } from '../services/secrets/box';
import { storeMedia } from '../services/messages/media';
import { mediaBase } from '../services/messages/media-types';
import type { Bus } from '../services/bus';
import type { FetchMedia } from '../services/media/port';
import { createContentResolver } from './content';
import { PhoneRunner, type RunnerHooks } from './runner';

export interface PhoneSystemOptions {
  db: Db;
  config: Config;
  bus: Bus;
  now?: () => number;
  /** The process's caches (shared with its app and jobs); fresh ones when absent. */
  cache?: Caches;
  runnerId: string;
  host?: string;
  pid?: number;
  /** Engines besides the simulator (Baileys, loaded only by Node entries). */
  engines?: EngineSet;
  simTimings?: Partial<SimTimings>;
  hooks?: RunnerHooks;
  log?: (entry: Record<string, unknown>) => void;
  pollMs?: number;
  /** Where this runner takes wake-up nudges (see PhoneRunner). */
  address?: () => string | null;
  /** Downloads the media of messages and commands given by URL (the entries pass src/adapters/media). */
  fetchMedia: FetchMedia;
}

/** The simulated network, the engines and a runner, wired together for one process. */
export function createPhoneSystem(o: PhoneSystemOptions) {
  const now = o.now ?? Date.now;
  const ctx = { db: o.db, config: o.config, now, bus: o.bus, cache: o.cache ?? createCaches({ bus: o.bus }) };
  // One group commit for the process's phones and its simulated network.
  const batch = groupCommit(o.db);
  const { network, engines, instagram } = wireEngines({
    ctx,
    batch,
    ...(o.engines ? { engines: o.engines } : {}),
    ...(o.simTimings ? { simTimings: o.simTimings } : {}),
  });
  // What each engine event means besides its row (services/events/: one table per event).
  const hooks: RunnerHooks = {
    ...phoneEvents(ctx, o.log),
    newChatPace: riskPace(ctx, o.log),
    ...o.hooks,
  };
  const runner = new PhoneRunner({
    db: o.db,
    now,
    bus: o.bus,
    engines,
    instagram,
    runnerId: o.runnerId,
    batch,
    ...(o.host ? { host: o.host } : {}),
    ...(o.pid ? { pid: o.pid } : {}),
    leaseMs: o.config.RUNNER_LEASE_MS,
    sandboxClock: o.config.sandboxClock,
    resolve: createContentResolver({ db: o.db, config: o.config, fetchMedia: o.fetchMedia }),
    fetchMedia: o.fetchMedia,
    hooks,
    storeMedia: (phone, m) => storeMedia(o.db, phone.pid, phone.id, m, now(), mediaBase(o.config)),
    ...(o.log ? { log: o.log } : {}),
    ...(o.pollMs ? { pollMs: o.pollMs } : {}),
    ...(o.address ? { address: o.address } : {}),
    // Opens the sealed parts of commands (an Instagram login's credentials) with the server's key.
    ...(o.config.SECRETS_KEY ? { secrets: () => serverBox(ctx) } : {}),
  });
  return { network, engines, runner };
}
export type PhoneSystem = ReturnType<typeof createPhoneSystem>;
