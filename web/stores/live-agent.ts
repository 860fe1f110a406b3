import { atom } from 'nanostores';
import type { z } from 'zod';
import type { liveAgent } from '../../src/shared/schemas/console/agents';
import { ApiError, apiGet, apiPost } from '../lib/api';

export type LiveAgent = z.infer<typeof liveAgent>;

/** The signed-in agent of the chat app; null when nobody is, undefined until asked. */
export const $liveAgent = atom<LiveAgent | null | undefined>(undefined);
/** The last sign-in failure; empty when there is none. */
export const $liveLoginError = atom('');

/** Asks the server who is signed in to the chat app (`GET /api/live/auth/me`). */
export async function loadLiveAgent(): Promise<void> {
  try {
    $liveAgent.set((await apiGet<{ data: LiveAgent }>('/api/live/auth/me')).data);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401)
      $liveLoginError.set(err instanceof Error ? err.message : String(err));
    $liveAgent.set(null);
  }
}

/** Signs an agent in; resolves to true on success. */
export async function liveLogin(email: string, password: string): Promise<boolean> {
  try {
    $liveAgent.set((await apiPost<{ data: LiveAgent }>('/api/live/auth/login', { email, password })).data);
    $liveLoginError.set('');
    return true;
  } catch (err) {
    $liveLoginError.set(err instanceof Error ? err.message : String(err));
    return false;
  }
}

/** Ends the agent session. */
export async function liveLogout(): Promise<void> {
  await apiPost('/api/live/auth/logout', {}).catch(() => undefined);
  $liveAgent.set(null);
}
