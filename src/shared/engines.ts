/**
 * The engines' catalog: every engine's name, what it can do and the version its phones report. A
 * plain module (no engine code) that the settings, the API's answers, the capability checks, the
 * Worker and the console read. Its adapter lives in `src/engines/<name>/` and is wired in
 * `src/engines/node-engines.ts`; the phones table (`db/schema/phones.ts`, which imports nothing of
 * src/) lists the names too, and the compiler refuses the two lists disagreeing (a phone's engine is
 * written from the settings and looked up in the runner's engines). See docs/architecture.md.
 */

/** What an engine can do; the API answers a clear 4xx for anything marked false. */
export interface EngineCapabilities {
  qr: boolean;
  pairingCode: boolean;
  text: boolean;
  media: boolean;
  vcard: boolean;
  contact: boolean;
  forward: boolean;
  delete: boolean;
  reaction: boolean;
  edit: boolean;
  location: boolean;
  link: boolean;
  product: boolean;
  buttons: boolean;
  poll: boolean;
  groups: boolean;
  profilePicture: boolean;
  setProfileImage: boolean;
  numberCheck: boolean;
  catalog: boolean;
  /** An approved template of the WhatsApp Business Platform (official numbers only). */
  template: boolean;
  /** An interactive list (a menu of rows in sections): official numbers only. */
  list: boolean;
}

const ALL: EngineCapabilities = {
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
  template: false,
  list: false,
};

/** What an official number (Cloud API) sends: every type the Cloud API can carry, and templates. */
export const CLOUD_CAPABILITIES: EngineCapabilities = {
  qr: false,
  pairingCode: false,
  text: true,
  media: true,
  vcard: true,
  contact: true,
  forward: false,
  delete: false,
  reaction: true,
  edit: false,
  location: true,
  link: true,
  product: false,
  buttons: true,
  poll: false,
  groups: false,
  profilePicture: false,
  setProfileImage: false,
  numberCheck: false,
  catalog: false,
  template: true,
  list: true,
};

/** The engine names: the enums of the phones table, the settings and the API read this list. */
export const ENGINE_NAMES = ['sim', 'baileys', 'cloud'] as const;

export type EngineName = (typeof ENGINE_NAMES)[number];

/**
 * What each engine can do and the version string the status call reports for its phones. WhatsApp no
 * longer delivers interactive buttons or product messages sent from linked devices, so the real
 * engine refuses them instead of pretending.
 */
export const ENGINE_CATALOG: Record<EngineName, { capabilities: EngineCapabilities; version: string }> = {
  /** The simulator: a fake WhatsApp network in process (the embedded default). */
  sim: { capabilities: ALL, version: '2.3000.1 (simulator)' },
  /** Baileys: the real WhatsApp Web protocol. */
  baileys: {
    capabilities: { ...ALL, buttons: false, product: false, catalog: false },
    version: '2.3000.x (baileys 7)',
  },
  /**
   * The official WhatsApp Cloud API (Meta's WhatsApp Business Platform): no QR, no groups; what it
   * cannot carry (forward, delete, edit, product, poll) is refused at accept time.
   */
  cloud: { capabilities: CLOUD_CAPABILITIES, version: 'WhatsApp Cloud API' },
};

/** The engines whose phones are added by linking a session (QR or pairing code); `cloud` numbers are added with Meta's credentials. */
export const LINKED_ENGINE_NAMES = ['sim', 'baileys'] as const;
