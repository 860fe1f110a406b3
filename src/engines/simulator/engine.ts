import type { AuthStore, Engine, EngineCapabilities, SessionEvents, SessionPhone } from '../types';
import type { SimNetwork } from './network';
import { DEFAULT_SIM_TIMINGS, SimSession, type SimTimings } from './session';

/** The simulator supports every message type and call of the API. */
export const SIM_CAPABILITIES: EngineCapabilities = {
  qr: true,
  pairingCode: true,
  text: true,
  media: true,
  vcard: true,
  contact: true,
  forward: true,
  delete: true,
  reaction: true,
  edit: true,
  location: true,
  link: true,
  product: true,
  buttons: true,
  poll: true,
  groups: true,
  profilePicture: true,
  setProfileImage: true,
  numberCheck: true,
  catalog: true,
};

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
