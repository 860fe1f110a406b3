import { CAPABILITIES } from '../capabilities';
import type { AuthStore, Engine, EngineCapabilities, SessionEvents, SessionPhone } from '../types';
import type { SimNetwork } from './network';
import { DEFAULT_SIM_TIMINGS, SimSession, type SimTimings } from './session';

/** The simulator supports every message type and call of the API. */
export const SIM_CAPABILITIES: EngineCapabilities = CAPABILITIES.sim;

export interface SimEngine extends Engine {
  readonly network: SimNetwork;
  open(phone: SessionPhone, auth: AuthStore, events: SessionEvents): SimSession;
}

/** The embedded default engine: sessions on the simulated network. */
export function createSimEngine(network: SimNetwork, timings: Partial<SimTimings> = {}): SimEngine {
  const t = { ...DEFAULT_SIM_TIMINGS, ...timings };
  return {
    name: 'sim',
    capabilities: SIM_CAPABILITIES,
    network,
    open: (phone, auth, events) => new SimSession(phone, auth, events, network, t),
  };
}
