import { atom } from 'nanostores';
import type { z } from 'zod';
import type {
  listScreensAnswer,
  phoneFootprintAnswer,
  phoneListAnswer,
  phonesAnswer,
  phoneStatusesAnswer,
} from '../../src/shared/schemas/staff/phones';
import { apiGet, apiPost } from '../lib/api';
import { getConfig } from '../lib/bootstrap';
import { deriveStatus } from '../lib/phones';
import { staffPath } from './staff';

export type PhoneListPage = z.infer<typeof phoneListAnswer>;
export type StaffPhone = PhoneListPage['phones'][number];
export type PhonesPage = z.infer<typeof phonesAnswer>;
export type ScreensPage = z.infer<typeof listScreensAnswer>;
export type FootprintPage = z.infer<typeof phoneFootprintAnswer>;
export type PhoneFootprint = FootprintPage['result'][number];
export type StatusEvents = z.infer<typeof phoneStatusesAnswer>;

type Query = Record<string, string | number | boolean | undefined>;

/** A query string of the set values (false and empty ones left out). */
function qs(q: Query): string {
  const entries = Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== false);
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : '';
}

/** A page of `phoneList` (all, idle, sandbox or missed phones). */
export const loadPhoneList = (q: Query) => apiGet<PhoneListPage>(`${staffPath('phoneList')}${qs(q)}`);
/** A page of `phoneListv2` (Instagram accounts with type instagram). */
export const loadPhonesV2 = (q: Query) => apiGet<PhonesPage>(`${staffPath('phoneListv2')}${qs(q)}`);
/** A page of the screens grid. */
export const loadScreens = (q: Query) => apiGet<ScreensPage>(`${staffPath('listScreens')}${qs(q)}`);
/** A page of the phones' status changes. */
export const loadStatusEvents = (q: { page: number; limit: number; email?: string }) =>
  apiPost<StatusEvents>('/api/footprint/harvest/getPhoneStatuses', q);
/** Refreshes a user's subscriptions (Missed Phones). */
export const refreshSubscription = (uid: number) =>
  apiGet<{ message: string }>(`/api/${getConfig().brand}/refreshSubscription/${uid}`);

/**
 * A phone's live status through the messaging API's status call with its product's token, mapped as
 * the console maps it (4-admin §4): connRetry 'no internet', isQr qr-screen, loading, a message
 * phone-error, loggedIn active, otherwise other.
 */
export async function liveStatus(pid: string, phoneId: number, token: string): Promise<string> {
  const res = await fetch(`/api/${pid}/${phoneId}/status`, { headers: { 'x-api-key': token } });
  const body = (await res.json()) as Parameters<typeof deriveStatus>[0] & { success?: boolean; message?: string };
  if (!res.ok || !body.success) return body.message ?? `${res.status}`;
  const status = deriveStatus({ status: body.status, phone_status: '' });
  return status === 'conn-retry' ? 'no internet' : status;
}

/** The Numbers screen: the page on screen, its error, and the banned numbers. */
export const $numbers = atom<FootprintPage | null>(null);
export const $numbersError = atom('');

/** Loads a page of phone footprints. */
export async function loadNumbers(q: Query): Promise<void> {
  $numbersError.set('');
  try {
    $numbers.set(await apiGet<FootprintPage>(`${staffPath('footprint/phone')}${qs(q)}`));
  } catch (err) {
    $numbersError.set(err instanceof Error ? err.message : String(err));
  }
}

/** Bans a number (reason trial-abuse by default). */
export const setBan = (number: string, reason: string) =>
  apiPost<{ message: string }>(staffPath('setBan'), { number, reason });
/** Lifts a number's ban. */
export const deleteBan = (number: string) => apiPost<{ message: string }>(staffPath('deleteBan'), { number });
