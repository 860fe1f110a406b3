import { protectionWatch } from '../services/protection/events';
import { riskPace } from '../services/protection/pace';
import type { Db } from '../../db/client';
import type { Config } from '../config';
import { groupCommit } from '../services/group-commit';
import { wireEngines, type EngineSet, type SimTimings } from '../engines/wiring';
import { createCaches, type Caches } from '../services/cache';
import { serverBox } from '../services/secrets/box';
import { queueForAgent } from '../services/dialogflow/requests';
import { liveAck, liveIncoming } from '../services/live/incoming';
import { storeMedia } from '../services/messages/media';
import { allOf } from '../services/messages/store';
import { campaignAck, campaignFailed, campaignReply, campaignSent } from '../services/campaigns/consequences';
import { optoutIncoming } from '../services/optouts/consequences';
import { mediaBase } from '../services/messages/media-types';
import {
  ackEvents,
  emitGroupEvent,
  primeTargets,
  incomingEvents,
  sendFailedRows,
  statusEvents,
} from '../services/webhooks/events';
import type { Bus } from '../services/bus';
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
  const watch = protectionWatch(ctx, o.log);
  const hooks: RunnerHooks = {
    status: (phone, status, _at, changes) => statusEvents(ctx, phone, status, changes),
    // Its log row and webhook, its inbox conversation and its agent's queue commit with the message.
    incoming: async (phone, id, m, isNew) =>
      allOf([
        ...(await Promise.all([
          incomingEvents(ctx, phone, id, m, isNew),
          liveIncoming(ctx, phone, id, m, isNew),
          queueForAgent(ctx, phone, id, m, isNew),
          optoutIncoming(ctx, phone, id, m, isNew),
        ])),
        campaignReply(ctx, phone, m, isNew),
        { stmts: [], committed: () => (m.key.fromMe ? undefined : watch.answered(phone)) },
      ]),
    // Its webhook (ack delivery on) and its inbox event commit with the ack.
    ack: async (phone, a, guard) =>
      allOf([
        ...(await Promise.all([ackEvents(ctx, phone, a, guard), liveAck(ctx, phone, a, guard)])),
        campaignAck(ctx, phone, a, guard),
      ]),
    groupEvent: (phone, e) => emitGroupEvent(ctx, phone, e),
    // An edit in this process while the round read the rows would be undone by them: then they are not kept.
    keeping: () => ctx.cache.edits,
    kept: (rows, owners, freshMs, mark) => mark === ctx.cache.edits && primeTargets(ctx, rows, owners, freshMs),
    failedWrites: async (phone, row, error, onlyIf) =>
      allOf([
        await sendFailedRows(ctx, phone, row.id, row.chatId, error, onlyIf),
        campaignFailed(ctx, row, error, onlyIf),
      ]),
    final: async (phone, row, outcome) => {
      await campaignSent(ctx, row, outcome);
      if (outcome === 'sent' && row.openedAt !== null) await watch.opened(phone);
    },
    held: (phone) => watch.held(phone),
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
    resolve: createContentResolver({ db: o.db, config: o.config }),
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
