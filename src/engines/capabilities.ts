import { INSTAGRAM_CAPABILITIES } from './instagram';
import { ENGINE_CATALOG, type EngineCapabilities, type EngineName } from '../shared/engines';
import type { MessageType } from '../shared/schemas/messaging/send';

/** What each engine can do, in a module the Worker can import (the Baileys adapter itself is Node-only). */
export const CAPABILITIES = Object.fromEntries(
  Object.entries(ENGINE_CATALOG).map(([name, e]) => [name, e.capabilities]),
) as Record<EngineName, EngineCapabilities>;

/** The version string the status call reports for each engine's phones (also before a session reports). */
export const ENGINE_VERSIONS = Object.fromEntries(
  Object.entries(ENGINE_CATALOG).map(([name, e]) => [name, e.version]),
) as Record<EngineName, string>;

/** Whether a phone can send a message type: its engine's capabilities, or Instagram's for an Instagram account. */
export function canSend(
  engine: EngineName,
  type: MessageType,
  platform: 'whatsapp' | 'instagram' = 'whatsapp',
): boolean {
  return (platform === 'instagram' ? INSTAGRAM_CAPABILITIES : CAPABILITIES[engine])[type];
}
