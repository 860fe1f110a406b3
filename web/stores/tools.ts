/**
 * Data of the tools that need a phone (3-developer §2.11): the phones, the warming pool and the single
 * checkers (the Multi Number Checker's run is in multi-check.ts).
 */
import { atom } from 'nanostores';
import type { z } from 'zod';
import type {
  numberStatusResponse,
  profileImageResponse,
  riskResponse,
} from '../../src/shared/schemas/messaging/answers';
import type { createWarmingAnswer, listWarmingAnswer, WarmingRecord } from '../../src/shared/schemas/tools';
import { ApiError, apiGet, apiPost } from '../lib/api';
import { msgGet } from '../lib/messaging-api';
import { numberCheckOutcome, TOOLS_MSG } from '../lib/phone-tools';
import type { Phone } from '../lib/phones';
import { fetchPhones } from './phones';

export type Risk = z.infer<typeof riskResponse>['result'];
export type { WarmingRecord };
const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The product's phones for the tools' pickers; null until loaded. */
export const $toolPhones = atom<Phone[] | null>(null);
export const $toolPhonesError = atom('');

/** Loads the phones; `failed` is the page's message for a failure. */
export async function loadToolPhones(
  failed: (reason: string) => string = () => TOOLS_MSG.phoneListError,
): Promise<void> {
  $toolPhonesError.set('');
  try {
    $toolPhones.set(await fetchPhones());
  } catch (e) {
    $toolPhones.set([]);
    $toolPhonesError.set(failed(reason(e)));
  }
}

/** The warming pool; null while loading. */
export const $warming = atom<WarmingRecord[] | null>(null);
export const $warmingError = atom('');
/** Risk results by phone id, loaded as the cards show. */
export const $risks = atom<Record<number, Risk | null>>({});

/** Loads the pool and each phone's risk. */
export async function loadWarming(): Promise<void> {
  $warmingError.set('');
  try {
    const { data } = await apiGet<z.infer<typeof listWarmingAnswer>>('/api/warming/listWarming');
    $warming.set(data);
    for (const r of data) {
      msgGet<z.infer<typeof riskResponse>>(`/${r.mainID}/calculateRiskOfBlock`)
        .then((res) => $risks.set({ ...$risks.get(), [r.mainID]: res.result }))
        .catch(() => $risks.set({ ...$risks.get(), [r.mainID]: null }));
    }
  } catch (e) {
    $warming.set([]);
    $warmingError.set(TOOLS_MSG.fetchFailed(reason(e)));
  }
}

/** The system is active when the first record is (3-developer §4). */
export function systemActive(list: readonly WarmingRecord[] | null): boolean {
  return list?.[0]?.status === 'active';
}

/** Adds a phone to the pool; the message of a failure is the spec's. */
export async function addWarming(phoneId: string): Promise<void> {
  if (!phoneId) throw new Error(TOOLS_MSG.selectPhone);
  try {
    await apiPost<z.infer<typeof createWarmingAnswer>>('/api/warming/createWarming', {
      phone_id: Number(phoneId),
      status: 'active',
    });
  } catch (e) {
    throw new Error(TOOLS_MSG.addFailed(e instanceof Error ? e.message : undefined));
  }
}

/** Takes a record out of the pool. */
export async function removeWarming(id: number): Promise<void> {
  try {
    await apiPost(`/api/warming/deleteWarming?id=${id}`, {});
  } catch (e) {
    throw new Error(TOOLS_MSG.removeFailed(reason(e)));
  }
}

/** Starts or stops the system. */
export async function toggleWarming(active: boolean): Promise<void> {
  try {
    await apiPost('/api/warming/updateAllWarmingStatus', { status: active ? 'disabled' : 'active' });
  } catch {
    throw new Error(TOOLS_MSG.toggleFailed);
  }
}

export interface CheckAlert {
  tone: 'success' | 'warning' | 'error';
  text: string;
}

/** The Profile Picture Checker (3-developer §8): the picture's URL, or why there is none. */
export async function checkProfilePicture(phoneId: string, number: string): Promise<CheckAlert & { url?: string }> {
  try {
    const res = await msgGet<z.infer<typeof profileImageResponse>>(`/${phoneId}/getProfileImage?number=${number}@c.us`);
    return { tone: 'success', text: TOOLS_MSG.pictureFound, url: res.data };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return { tone: 'warning', text: TOOLS_MSG.noPicture };
    return { tone: 'error', text: TOOLS_MSG.instanceStatus };
  }
}

/** The Number Checker (3-developer §8). */
export async function checkNumber(phoneId: string, number: string): Promise<CheckAlert & { ok: boolean }> {
  let res: z.infer<typeof numberStatusResponse>;
  try {
    res = await msgGet(`/${phoneId}/checknumberstatus?number=${number}@c.us`);
  } catch (e) {
    return {
      ok: false,
      tone: 'error',
      text:
        e instanceof ApiError && e.status > 0 && e.status !== 409 ? TOOLS_MSG.checkFailed : TOOLS_MSG.instanceStatus,
    };
  }
  if (!res.data?.success) return { ok: false, tone: 'error', text: TOOLS_MSG.checkFailed };
  return { ok: true, ...numberCheckOutcome(number, res.data.result.status) };
}
