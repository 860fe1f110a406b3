import { CAPABILITIES, ENGINE_VERSIONS } from '../capabilities';
import type {
  AuthStore,
  Engine,
  EngineCapabilities,
  EngineDescriptor,
  Pacing,
  SessionEvents,
  SessionPhone,
} from '../types';
import { NO_PACING } from '../types';
import type { SimNetwork } from './network';
import { DEFAULT_SIM_TIMINGS, SimSession, type SimTimings } from './session';

/** The simulator supports every message type and call of the API. */
const SIM_CAPABILITIES: EngineCapabilities = CAPABILITIES.sim;

/** One claim may take this many messages: the simulated network knows which ids it took, so a crash fails none of them. */
const SIM_CLAIM_SIZE = 20;

export interface SimEngine extends Engine {
  readonly network: SimNetwork;
  open(phone: SessionPhone, auth: AuthStore, events: SessionEvents): SimSession;
}

/** How the runner drives simulated phones (WhatsApp and Instagram alike): the wire says what it took. */
export function simDescriptor(network: SimNetwork, pacing: Pacing = NO_PACING): Omit<EngineDescriptor, 'capabilities'> {
  return {
    name: 'sim',
    version: ENGINE_VERSIONS.sim,
    pacing,
    claimSize: SIM_CLAIM_SIZE,
    wasSent: async (waId) => ((await network.wasAccepted(waId)) ? 'sent' : 'not-sent'),
  };
}

/** The embedded default engine: sessions on the simulated network. */
export function createSimEngine(
  network: SimNetwork,
  timings: Partial<SimTimings> = {},
  pacing: Pacing = NO_PACING,
): SimEngine {
  const t = { ...DEFAULT_SIM_TIMINGS, ...timings };
  return {
    ...simDescriptor(network, pacing),
    capabilities: SIM_CAPABILITIES,
    network,
    open: (phone, auth, events) => new SimSession(phone, auth, events, network, t),
  };
}
