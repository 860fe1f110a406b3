import { INSTAGRAM_CAPABILITIES } from './instagram';
import type { EngineCapabilities, EngineName } from './types';
import type { MessageType } from '../shared/send-schema';

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
};

/**
 * What each engine can do, in a module the Worker can import (the Baileys adapter itself is
 * Node-only). WhatsApp no longer delivers interactive buttons or product messages sent from linked
 * devices, so the real engine refuses them instead of pretending.
 */
export const CAPABILITIES: Record<EngineName, EngineCapabilities> = {
  sim: ALL,
  baileys: { ...ALL, buttons: false, product: false, catalog: false },
};

/** The version string the status call reports for each engine's phones (also before a session reports). */
export const ENGINE_VERSIONS: Record<EngineName, string> = {
  sim: '2.3000.1 (simulator)',
  baileys: '2.3000.x (baileys 7)',
};

/** Whether a phone can send a message type: its engine's capabilities, or Instagram's for an Instagram account. */
export function canSend(engine: EngineName, type: MessageType, platform: 'whatsapp' | 'instagram' = 'whatsapp'): boolean {
  return (platform === 'instagram' ? INSTAGRAM_CAPABILITIES : CAPABILITIES[engine])[type];
}
