import { atom } from 'nanostores';
import type { z } from 'zod';
import type { blockRisk, phoneSafety, riskResponse, safetyResponse } from '../../src/shared/schemas/messaging/answers';
import type { Protection, protectionResponse } from '../../src/shared/schemas/messaging/protection';
import { isConnected } from '../lib/developers';
import { msgGet, msgPost } from '../lib/messaging-api';
import type { Phone, StatusResponse } from '../lib/phones';
import { fetchProductData, fetchPhoneConfig, storePhoneWebhook } from './developers/webhook';
import { fetchPhones } from './phones';

/** The Connected chip is checked this often (2-phones §4.2: status poll of an active phone). */
const CONNECTION_POLL_MS = 20_000;

/** Phone safety data (3-developer §3). */
export type PhoneSafety = z.infer<typeof phoneSafety>;

export type DetailLoad = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; phone: Phone };

/** The phone of the detail page: only an active phone of the user's is shown. */
export const $detailPhone = atom<DetailLoad>({ kind: 'loading' });
/** The status call's verdict; null until it answers. */
export const $connected = atom<boolean | null>(null);
export const $safety = atom<PhoneSafety | null>(null);
/** Ban protection's settings and budgets; null until loaded. */
export const $protection = atom<Protection | null>(null);
/** The number's block risk (its factors name why it is Critical); null until loaded. */
export const $risk = atom<z.infer<typeof blockRisk> | null>(null);
/** The phone's own webhook and the product's; null until loaded. */
export const $detailHook = atom<{ phone: string; product: string } | null>(null);

function checkConnection(id: number): Promise<void> {
  return msgGet<StatusResponse>(`/${id}/status`)
    .then((s) => $connected.set(isConnected(s.status)))
    .catch(() => $connected.set(false));
}

/** Ban protection's settings and budgets, and the block risk they feed. */
function loadProtection(id: number, live: () => boolean): Promise<void> {
  return Promise.all([
    msgGet<z.infer<typeof protectionResponse>>(`/${id}/protection`)
      .then((body) => live() && $protection.set(body.protection))
      .catch((e: unknown) => console.warn('protection', e)),
    msgGet<z.infer<typeof riskResponse>>(`/${id}/calculateRiskOfBlock`)
      .then((body) => live() && $risk.set(body.result))
      .catch((e: unknown) => console.warn('risk', e)),
  ]).then(() => undefined);
}

/** What the settings form changes (POST /{phone_id}/protection). */
export type ProtectionPatch = Partial<
  Pick<Protection, 'enabled' | 'ramp_start' | 'ramp_step' | 'ramp_max' | 'unanswered_limit' | 'on_limit'>
>;

/** Saves the phone's ban protection settings, then reads its budgets and risk again. */
export async function saveProtection(id: number, patch: ProtectionPatch): Promise<void> {
  await msgPost<z.infer<typeof protectionResponse>>(`/${id}/protection`, patch);
  const phone = $detailPhone.get();
  await loadProtection(id, () => phone.kind === 'ready' && phone.phone.id === id);
}

/** Loads what an active phone's page shows, beside its first connection check. */
function loadReady(id: number, live: () => boolean): void {
  void checkConnection(id);
  loadProtection(id, live);
  msgGet<z.infer<typeof safetyResponse>>(`/${id}/checkPhoneSafety`)
    .then((body) => live() && $safety.set(body.data))
    .catch((e: unknown) => console.warn('safety', e));
  Promise.all([fetchPhoneConfig(id), fetchProductData()])
    .then(([config, data]) => live() && $detailHook.set({ phone: config.webhook, product: data.webhook }))
    .catch((e: unknown) => console.warn('webhook', e));
}

/** Shows phone `id`: loads it, then its safety data and webhook, and checks its connection every 20 s. Returns the stop. */
export function openPhoneDetail(id: number): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const live = () => !stopped;
  $detailPhone.set({ kind: 'loading' });
  $connected.set(null);
  $safety.set(null);
  $protection.set(null);
  $risk.set(null);
  $detailHook.set(null);
  if (!Number.isInteger(id) || id <= 0) $detailPhone.set({ kind: 'error' });
  else {
    fetchPhones()
      .then((list) => {
        if (stopped) return;
        const phone = list.find((p) => p.id === id);
        if (phone?.status !== 'active') return $detailPhone.set({ kind: 'error' });
        $detailPhone.set({ kind: 'ready', phone });
        loadReady(id, live);
        timer = setInterval(() => void checkConnection(id), CONNECTION_POLL_MS);
      })
      .catch(() => live() && $detailPhone.set({ kind: 'error' }));
  }
  return () => {
    stopped = true;
    clearInterval(timer);
    // The next page to open starts from 'loading', not from this phone.
    $detailPhone.set({ kind: 'loading' });
  };
}

/** Saves the phone's own webhook. */
export async function saveDetailWebhook(id: number, webhook: string): Promise<void> {
  const saved = await storePhoneWebhook(id, webhook);
  const hook = $detailHook.get();
  if (hook) $detailHook.set({ ...hook, phone: saved.webhook });
}

/** Logs the phone out of WhatsApp. */
export async function logoutDetailPhone(id: number): Promise<void> {
  await msgGet<object>(`/${id}/logout`);
}
