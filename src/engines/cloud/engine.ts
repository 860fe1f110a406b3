/**
 * The official WhatsApp Cloud API as an engine (`cloud`): a phone is an official number of Meta's
 * WhatsApp Business Platform, reached over the Graph API with `fetch`.
 *
 * Crash rule: Meta answers a send with its wamid and offers no way to ask afterwards whether a message
 * we sent went out, so `wasSent` answers 'sent' only when the wamid was recorded (the auth store's
 * `wamid:<our id>`, written right after Meta's answer) and 'unknown' otherwise: an interrupted send
 * fails instead of going twice. Every claimed row is marked 'sending' before it goes, so however
 * many are in flight, a crash fails them (or settles them sent) and none goes twice.
 */
import { CLOUD_CAPABILITIES, ENGINE_CATALOG } from '../../shared/engines';
import { NO_PACING, type AuthStore, type Engine, type SentCheck } from '../types';
import { CloudSession, type CloudEngineDeps } from './session';

export type { CloudAccount, CloudEngineDeps, CloudInboxEvent } from './session';

export function createCloudEngine(deps: CloudEngineDeps): Engine {
  return {
    name: 'cloud',
    capabilities: CLOUD_CAPABILITIES,
    version: ENGINE_CATALOG.cloud.version,
    // Meta paces official numbers itself: the sender keeps several sends in flight (one per chat) at
    // the number's tier (the session's sendRate) and backs off on 130429 (the number) and 131056 (the chat).
    pacing: NO_PACING,
    claimSize: 1,
    concurrentSends: true,
    async wasSent(waId: string, auth: AuthStore): Promise<SentCheck> {
      return (await auth.get(`wamid:${waId}`)) ? 'sent' : 'unknown';
    },
    open: (phone, auth, events) => new CloudSession(deps, phone, auth, events),
  };
}
