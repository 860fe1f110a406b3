import { and, eq } from 'drizzle-orm';
import { phones } from '../../db/schema';
import { enqueueCommand } from '../services/commands/commands';
import { mediaToJson } from '../runner/execute';
import type { GroupCommit } from '../services/group-commit';
import type { ServiceCtx } from '../services/context';
import { claimSimNumber, simNumberFree } from '../services/simulator/numbers';
import { cloudAccountById } from '../services/cloud/accounts';
import { graphOptions } from '../services/cloud/graph-options';
import { markCloudEventsDone, pendingCloudEvents } from '../services/cloud/inbox';
import { createCloudEngine } from './cloud/engine';
import { createSimEngine } from './simulator/engine';
import { createSimInstagramEngine } from './simulator/instagram';
import { SimNetwork, WIRE_WAIT_MS } from './simulator/network';
import { DEFAULT_SIM_TIMINGS, type SimTimings } from './simulator/session';
import type { Engine, EngineName } from './types';

export type { SimTimings };

/** Engines by the phones row's engine column. */
export type EngineSet = Partial<Record<EngineName, Engine>>;

/** How long a delivery between simulated phones waits for the receiving phone's runner. */
const SIM_DELIVERY_TTL_MS = 10 * 60_000;

export interface EngineWiring {
  ctx: Pick<ServiceCtx, 'db' | 'config' | 'now' | 'cache' | 'bus'>;
  /** The process's group commit, shared by the simulated network and the runner. */
  batch: GroupCommit;
  /** Engines besides the simulator (Baileys, from `nodeEngines`, loaded only by Node entries). */
  engines?: EngineSet;
  simTimings?: Partial<SimTimings>;
}

/**
 * The engines of one process's phone system: the ones given, the official WhatsApp Cloud API's
 * (`cloud`, over fetch, reading the deliveries Meta's webhook stored), plus the simulator's (WhatsApp and
 * Instagram) when the settings enable it, on a simulated network whose wire lives in the database.
 * The one place outside `simulator/` that knows the simulator: the runner only reads what engines
 * describe of themselves.
 */
export function wireEngines(o: EngineWiring) {
  const { ctx, batch } = o;
  const { db, now } = ctx;
  const network = new SimNetwork({
    db,
    now,
    batch,
    numbers: {
      free: (phoneId, number) => simNumberFree(ctx, phoneId, number),
      claim: (phoneId, number) => claimSimNumber(ctx, phoneId, number),
    },
    deliverRemote: async (number, message) => {
      const lookup = db
        .select({ id: phones.id })
        .from(phones)
        .where(
          and(
            eq(phones.engine, 'sim'),
            eq(phones.type, 'whatsapp'),
            eq(phones.number, number),
            eq(phones.enabled, true),
          ),
        )
        .limit(1);
      const [target] = (await batch.run([lookup], WIRE_WAIT_MS, { reads: true }))[0] as { id: number }[];
      if (!target) return false;
      const { media, ...rest } = message;
      const payload = { ...rest, ...(media ? { media: mediaToJson(media) } : {}) };
      await enqueueCommand(
        { db, now, ...(ctx.bus ? { bus: ctx.bus } : {}) },
        target.id,
        'sim-deliver',
        { message: payload },
        SIM_DELIVERY_TTL_MS,
      );
      return true;
    },
  });
  const engines: EngineSet = { ...o.engines };
  // Official numbers run on fetch alone, so every process that hosts phones can run them.
  engines.cloud ??= createCloudEngine({
    graph: graphOptions(ctx.config),
    account: (phoneId) => cloudAccountById(ctx, phoneId),
    pending: (phoneId, limit) => pendingCloudEvents(ctx, phoneId, limit),
    done: (phoneId, ids) => markCloudEventsDone(ctx, phoneId, ids),
    ...(ctx.bus
      ? {
          subscribe: (phoneId: number, wake: () => void) =>
            ctx.bus!.on('cloudInbox', (e) => e.phoneId === phoneId && wake()),
        }
      : {}),
  });
  const instagram: EngineSet = {};
  if (ctx.config.simulator) {
    const pacing = { minGapMs: ctx.config.SIM_PACING_MS.min, maxGapMs: ctx.config.SIM_PACING_MS.max, sameChatGapMs: 0 };
    engines.sim = createSimEngine(network, o.simTimings, pacing);
    instagram.sim = createSimInstagramEngine(network, { ...DEFAULT_SIM_TIMINGS, ...o.simTimings }, pacing);
  }
  return { network, engines, instagram };
}
