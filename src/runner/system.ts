import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phones } from '../../db/schema';
import type { Config } from '../config';
import { createSimEngine } from '../engines/simulator/engine';
import { createSimInstagramEngine } from '../engines/simulator/instagram';
import { SimNetwork, WIRE_WAIT_MS } from '../engines/simulator/network';
import { QueryBatcher } from './query-batch';
import { DEFAULT_SIM_TIMINGS, type SimTimings } from '../engines/simulator/session';
import type { Engine, EngineName } from '../engines/types';
import { createCaches, type Caches } from '../services/cache';
import { serverBox } from '../services/secrets/box';
import { queueForAgent } from '../services/dialogflow/requests';
import { liveAck, liveIncoming } from '../services/live/incoming';
import { storeMedia } from '../services/messages/media';
import { mediaBase } from '../services/messages/media-types';
import { claimSimNumber, simNumberFree } from '../services/simulator/numbers';
import { emitAck, emitGroupEvent, primeTargets, emitIncoming, emitSendFailed, emitStatus } from '../services/webhooks/events';
import type { Bus } from './bus';
import { dbAuthStore } from './auth-store';
import { enqueueCommand } from './commands';
import { createContentResolver } from './content';
import { mediaToJson } from './execute';
import { PhoneRunner, type RunnerHooks } from './runner';

/** How long a delivery between simulated phones waits for the receiving phone's runner. */
const SIM_DELIVERY_TTL_MS = 10 * 60_000;

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
  engines?: Partial<Record<EngineName, Engine>>;
  simTimings?: Partial<SimTimings>;
  hooks?: RunnerHooks;
  log?: (entry: Record<string, unknown>) => void;
  pollMs?: number;
  /** Where this runner takes wake-up nudges (see PhoneRunner). */
  address?: () => string | null;
}

/** The simulated network, the engines and a runner, wired together for one process. */
export function createPhoneSystem(o: PhoneSystemOptions) {
  const now = o.now ?? Date.now;
  const ctx = { db: o.db, config: o.config, now, bus: o.bus, cache: o.cache ?? createCaches({ bus: o.bus }) };
  // One group commit for the process's phones and its simulated network.
  const batch = new QueryBatcher(o.db);
  const network = new SimNetwork({
    db: o.db,
    now,
    batch,
    numbers: { free: (phoneId, number) => simNumberFree(ctx, phoneId, number), claim: (phoneId, number) => claimSimNumber(ctx, phoneId, number) },
    deliverRemote: async (number, message) => {
      const lookup = o.db
        .select({ id: phones.id })
        .from(phones)
        .where(and(eq(phones.engine, 'sim'), eq(phones.type, 'whatsapp'), eq(phones.number, number), eq(phones.enabled, true)))
        .limit(1);
      const [target] = (await batch.run([lookup], WIRE_WAIT_MS, { reads: true }))[0] as { id: number }[];
      if (!target) return false;
      const { media, ...rest } = message;
      const payload = { ...rest, ...(media ? { media: mediaToJson(media) } : {}) };
      await enqueueCommand({ db: o.db, now, bus: o.bus }, target.id, 'sim-deliver', { message: payload }, SIM_DELIVERY_TTL_MS);
      return true;
    },
  });
  const engines: Partial<Record<EngineName, Engine>> = { ...o.engines };
  const instagram: Partial<Record<EngineName, Engine>> = {};
  if (o.config.simulator) {
    engines.sim = createSimEngine(network, o.simTimings);
    instagram.sim = createSimInstagramEngine(network, { ...DEFAULT_SIM_TIMINGS, ...o.simTimings });
  }
  const hooks: RunnerHooks = {
    status: (phone, status) => emitStatus(ctx, phone, status),
    incoming: async (phone, id, m) => {
      await emitIncoming(ctx, phone, id, m);
      await liveIncoming(ctx, phone, id, m);
      await queueForAgent(ctx, phone, id, m);
    },
    ack: async (phone, id, ack, chatId, time) => {
      await emitAck(ctx, phone, id, ack, chatId, time);
      await liveAck(ctx, phone, id, ack, chatId);
    },
    groupEvent: (phone, e) => emitGroupEvent(ctx, phone, e),
    // An edit in this process while the round read the rows would be undone by them: then they are not kept.
    keeping: () => ctx.cache.edits,
    kept: (rows, owners, freshMs, mark) => mark === ctx.cache.edits && primeTargets(ctx, rows, owners, freshMs),
    final: (phone, row, outcome) => (outcome === 'failed' ? emitSendFailed(ctx, phone, row.id, row.chatId, row.error ?? 'failed') : undefined),
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
    resolve: createContentResolver({ db: o.db, config: o.config }),
    pacing: {
      baileys: { minGapMs: o.config.WA_PACING_MS.min, maxGapMs: o.config.WA_PACING_MS.max, sameChatGapMs: o.config.WA_SAME_CHAT_GAP_MS },
      sim: { minGapMs: o.config.SIM_PACING_MS.min, maxGapMs: o.config.SIM_PACING_MS.max, sameChatGapMs: 0 },
    },
    // The simulated network knows which ids it took, so a crash after a claim of many fails none of them.
    claimMax: { sim: 20 },
    wasSent: {
      sim: async (_phoneId, waId) => ((await network.wasAccepted(waId)) ? 'sent' : 'not-sent'),
      // Baileys keeps what it sent (for retry receipts): kept means sent; not kept may still have gone out.
      baileys: async (phoneId, waId) => ((await dbAuthStore(o.db, phoneId).get(`msg:id:${waId}`)) ? 'sent' : 'unknown'),
    },
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
