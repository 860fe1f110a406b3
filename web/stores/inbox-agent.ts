import { atom } from 'nanostores';
import type { z } from 'zod';
import type { liveAgent } from '../../src/shared/schemas/console/agents';
import { ApiError, apiGet, apiPost } from '../lib/api';

export type InboxAgent = z.infer<typeof liveAgent>;

/** The signed-in agent of the chat app; null when nobody is, undefined until asked. */
export const $inboxAgent = atom<InboxAgent | null | undefined>(undefined);
/** The last sign-in failure; empty when there is none. */
export const $inboxLoginError = atom('');

/** Asks the server who is signed in to the chat app (`GET /api/live/auth/me`). */
export async function loadInboxAgent(): Promise<void> {
  try {
    $inboxAgent.set((await apiGet<{ data: InboxAgent }>('/api/live/auth/me')).data);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401)
      $inboxLoginError.set(err instanceof Error ? err.message : String(err));
    $inboxAgent.set(null);
  }
}

/** Signs an agent in; resolves to true on success. */
export async function inboxLogin(email: string, password: string): Promise<boolean> {
  try {
    $inboxAgent.set((await apiPost<{ data: InboxAgent }>('/api/live/auth/login', { email, password })).data);
    $inboxLoginError.set('');
    return true;
  } catch (err) {
    $inboxLoginError.set(err instanceof Error ? err.message : String(err));
    return false;
  }
}

/** Ends the agent session. */
export async function inboxLogout(): Promise<void> {
  await apiPost('/api/live/auth/logout', {}).catch(() => undefined);
  $inboxAgent.set(null);
}
