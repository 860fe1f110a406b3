import { atom } from 'nanostores';
import type { z } from 'zod';
import type { PausedSub, RestartAllAnswer, SubsRow, subsListAnswer } from '../../src/shared/schemas/staff/subs';
import { apiGet, apiPost, ApiError } from '../lib/api';
import { getConfig } from '../lib/bootstrap';
import { MSG } from '../lib/messages';
import { staffPath } from './staff';

/** Rows per Subs Table page. */
export const SUBS_PAGE_SIZE = 50;
/** After a bulk restart the list is read again after this long (4-admin §4, §9). */
const BULK_RELOAD_MS = 1_000;

/** The alert texts of the restart controls (4-admin §8). */
const RESTART_MSG = {
  ok: (who: string) => `Restart successful for ${who}!`,
  failed: (who: string, why: string) => `Restart failed for ${who}! ${why}`,
  unknown: 'Unknown error',
  network: (who: string) => `Network error for ${who}`,
  bulkFailed: 'Bulk restart failed',
  bulkNetwork: 'Network error during bulk restart',
} as const;

export interface Notice {
  tone: 'success' | 'error' | 'info';
  text: string;
}

export const $pausedSubs = atom<PausedSub[] | null>(null);
export const $pausedError = atom('');

/** Reads every paused subscription. */
export async function loadPausedSubs(): Promise<void> {
  $pausedError.set('');
  try {
    $pausedSubs.set((await apiGet<{ result: PausedSub[] }>(staffPath('paused-subs'))).result);
  } catch {
    $pausedError.set(MSG.loadFailed);
  }
}

const isNetwork = (e: unknown) => e instanceof ApiError && e.status === 0;
const serverText = (e: unknown) => (e instanceof ApiError && e.fromServer ? e.message : RESTART_MSG.unknown);

/** Restarts one paused subscription and answers the alert to show; the list is read again. */
export async function restartOne(sub: PausedSub): Promise<Notice> {
  try {
    await apiPost(staffPath('reactiveSingleSub'), { pid: sub.pid, subscription_id: sub.charge_id });
    void loadPausedSubs();
    return { tone: 'success', text: RESTART_MSG.ok(sub.email) };
  } catch (e) {
    if (isNetwork(e)) return { tone: 'error', text: RESTART_MSG.network(sub.email) };
    return { tone: 'error', text: RESTART_MSG.failed(sub.email, serverText(e)) };
  }
}

/** Restarts the paused subscriptions the filter picks; answers the alerts (a summary, then one per failure). */
export async function restartAll(filter: 'all' | 'zero_limit'): Promise<Notice[]> {
  let notices: Notice[];
  try {
    const { data } = await apiPost<RestartAllAnswer>(staffPath('reactiveAllPausedSubs'), { filter });
    const failures = data.data.failed.map((f): Notice => ({
      tone: 'error',
      text: RESTART_MSG.failed(f.email, f.message || RESTART_MSG.unknown),
    }));
    notices = [
      data.success ? { tone: 'info', text: data.message } : { tone: 'error', text: RESTART_MSG.bulkFailed },
      ...failures,
    ];
  } catch (e) {
    return [{ tone: 'error', text: isNetwork(e) ? RESTART_MSG.bulkNetwork : RESTART_MSG.bulkFailed }];
  }
  setTimeout(() => void loadPausedSubs(), BULK_RELOAD_MS);
  return notices;
}

export type PausedInput = { charge_id: string; phone_limit: number; new_price: number; plan_id: string };

/** Changes a paused subscription's plan, phones and price before its restart; the list is read again. Throws with the server's message. */
export async function updatePaused(input: PausedInput): Promise<void> {
  await apiPost(staffPath('updatePausedSub'), input);
  await loadPausedSubs();
}

export type SubsPage = Omit<z.infer<typeof subsListAnswer>, 'success'>;
export const $subsTable = atom<SubsPage | null>(null);
export const $subsError = atom('');

/** Reads a page of the Subs Table, optionally owners whose e-mail contains `email`. */
export async function loadSubsTable(page: number, email = ''): Promise<void> {
  $subsError.set('');
  try {
    const q = new URLSearchParams({ page: String(page), limit: String(SUBS_PAGE_SIZE), ...(email ? { email } : {}) });
    const { result, total } = await apiGet<SubsPage>(`${staffPath('subsList')}?${q}`);
    $subsTable.set({ result, total });
  } catch {
    $subsError.set(MSG.loadFailed);
  }
}

export type PackageInput = {
  pid: string;
  new_limit: number;
  new_phone_limit: number;
  new_instagram_limit: number;
  subscription_plan_id?: string;
};

/** Saves an owner's limits; the row on screen takes the server's answer. Throws with the server's message. */
export async function savePackage(input: PackageInput): Promise<void> {
  const { result } = await apiPost<{ result: SubsRow }>(staffPath('setPackage'), input);
  const page = $subsTable.get();
  if (page) $subsTable.set({ ...page, result: page.result.map((r) => (r.pid === result.pid ? result : r)) });
}

/** Makes a custom checkout link for the customer with `email` (`custompaddlelink` with `admin: true`) and answers its absolute address. */
export async function createPaymentLink(input: {
  email: string;
  custom_price: number;
  title: string;
  message: string;
}): Promise<string> {
  const brand = getConfig().brand;
  const { data } = await apiPost<{ data: { response: { url: string } } }>(`/api/${brand}/custompaddlelink`, {
    admin: true,
    plan_id: `${brand}-custom-api`,
    ...input,
  });
  return new URL(data.response.url, window.location.origin).href;
}
