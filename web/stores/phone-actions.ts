import { ApiError } from '../lib/api';
import { msgGet, msgPost, partnerGet, partnerPost } from '../lib/messaging-api';
import { PHONE_MSG } from '../lib/phone-messages';
import {
  deriveStatus,
  redeployAllBody,
  type PartnerMode,
  type Phone,
  type ProxyChoice,
  PROXY_REGIONS,
  type StatusResponse,
} from '../lib/phones';
import { $qr, pokeStatus, refreshScreen, restartProgress } from './phone-watch';
import { $phones, $selectedId, followQueue, loadPhones, loadQueues, patchPhone } from './phones';
import { $product } from './product';

function isPartner(): boolean {
  return Boolean($product.get()?.settings.partner);
}

/** A sandbox add waits this long before continuing (2-phones §4.1). */
const SANDBOX_WAIT_MS = 5_000;

type Added = { id: number };

/** Adds a phone (the partner path for partners) and selects it; throws PHONE_LIMIT when full. */
export async function addPhone(): Promise<void> {
  const added = isPartner() ? await partnerGet<Added>('/addPhone') : await msgPost<Added>('/addPhone', {});
  await loadPhones();
  $selectedId.set(added.id);
  void loadQueues();
}

/** An official number's ids and token from Meta's WhatsApp Manager. */
export type CloudFields = { phone_number_id: string; waba_id: string; access_token: string };

/** Adds an official number (engine cloud) and selects it; Meta's refusal of the token comes back as the error. */
export async function addCloudPhone(fields: CloudFields): Promise<void> {
  const added = await msgPost<Added>('/addPhone', { engine: 'cloud', ...fields });
  await loadPhones();
  $selectedId.set(added.id);
  void loadQueues();
}

/** Adds the free sandbox phone, waits 5 s, then selects it. */
export async function addSandbox(): Promise<void> {
  const body = await msgGet<{ addedPhone: Phone }>('/addSandbox');
  await new Promise((r) => setTimeout(r, SANDBOX_WAIT_MS));
  await loadPhones();
  $selectedId.set(body.addedPhone.id);
}

/** Renames a phone (max 20 characters). */
export async function setPhoneName(id: number, name: string): Promise<void> {
  const body = await msgPost<{ name?: string }>(`/${id}/setName`, { name });
  patchPhone(id, { name: body.name ?? name.trim() });
}

/** After a restart-like action: loading, a new progress bar, a fresh status soon. */
function restarted(id: number): void {
  patchPhone(id, { status: 'loading' });
  $qr.set({ kind: 'idle' });
  if ($selectedId.get() === id) {
    restartProgress();
    refreshScreen();
    pokeStatus();
  }
}

export type PhoneAction = 'redeploy' | 'restart' | 'factoryreset';

/** Redeploy, Browser Stuck (restart) or Factory Reset; resolves to the server's message. */
export async function runPhoneAction(id: number, action: PhoneAction): Promise<string> {
  const body = await msgGet<{ message?: string }>(`/${id}/${action}`);
  restarted(id);
  return body.message ?? '';
}

/** Logs the phone out: it goes to loading and the QR view (2-phones §4.1). */
export async function logoutPhone(id: number): Promise<void> {
  await msgGet(`/${id}/logout`);
  restarted(id);
  $qr.set({ kind: 'waiting' });
}

/** Disables a phone: it leaves the list, which then reloads (2-phones §4.1). */
export async function disablePhone(id: number): Promise<void> {
  await msgGet(`/${id}/delete`);
  $phones.set($phones.get().filter((p) => p.id !== id));
  if ($selectedId.get() === id) $selectedId.set(null);
  await loadPhones();
}

/** Enables a disabled phone; it starts loading. Throws with the server's message (Enabled Error). */
export async function enablePhone(id: number): Promise<string> {
  const body = await msgGet<{ message?: string }>(`/${id}/enable`);
  patchPhone(id, { active: true });
  restarted(id);
  return body.message ?? '';
}

/** Asks for a pairing code for a number; the phone then shows PAIRING. */
export async function connectWithNumber(id: number, number: string): Promise<string> {
  const body = await msgGet<{ connectionResult: string }>(
    `/${id}/connectWithPhoneNumber?number=${encodeURIComponent(number)}`,
  );
  patchPhone(id, { status: 'PAIRING' });
  if ($selectedId.get() === id) {
    refreshScreen();
    pokeStatus();
  }
  return body.connectionResult;
}

/** Puts the phone behind a mobile proxy; India sends no region; the server redeploys it. */
export async function setMobileProxy(id: number, choice: ProxyChoice): Promise<void> {
  const code = PROXY_REGIONS.find((r) => r.value === choice)?.code ?? null;
  await msgPost(`/${id}/mobileProxy`, code ? { mobile_proxy: true, proxy_region: code } : { mobile_proxy: true });
  patchPhone(id, {
    proxy: true,
    proxyRegion: code,
    data: { ...($phones.get().find((p) => p.id === id)?.data ?? { sandbox: false }), mobile_proxy: true },
  });
  restarted(id);
}

/** The test message flow (2-phones §7.2): the status first, then the message. */
export async function sendTestMessage(id: number, to: string, text: string): Promise<void> {
  const status = await msgGet<StatusResponse>(`/${id}/status`);
  if (deriveStatus(status) !== 'active') throw new ApiError(PHONE_MSG.testNotActive, 0);
  await msgPost(`/${id}/sendMessage`, { to_number: to, type: 'text', message: text });
  void followQueue(id);
}

/** Partner mode of a phone (live or closed). */
export async function changeMode(id: number, mod: Exclude<PartnerMode, 'trial'>): Promise<void> {
  await partnerPost(`/${id}/changeMod`, { mod });
  patchPhone(id, { mod });
}

/** Redeploys the selected phones (all of them when every redeployable phone is selected). */
export async function redeploySelected(selected: readonly number[]): Promise<number> {
  const body = redeployAllBody(selected, $phones.get());
  const res = await msgPost<{ redeployed?: number[] }>('/redeployAll', body);
  const ids = res.redeployed ?? body.phones ?? [];
  for (const id of ids) restarted(id);
  return ids.length;
}
