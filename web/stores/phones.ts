import { atom, computed } from 'nanostores';
import { MessagingError, msgGet, msgPost, partnerGet, partnerPost } from '../lib/messaging-api';
import { PHONE_MSG } from '../lib/phone-messages';
import {
  deriveStatus,
  redeployAllBody,
  type InstanceStatus,
  type PartnerMode,
  type Phone,
  type ProxyChoice,
  PROXY_REGIONS,
  type StatusResponse,
} from '../lib/phones';
import { $product } from './product';

/** The product's phones, as listPhones last answered (statuses refreshed by polling). */
export const $phones = atom<Phone[]>([]);
/** True once the list has loaded at least once. */
export const $phonesLoaded = atom(false);
/** The list's load failure, else empty. */
export const $phonesError = atom('');
/** Queue counts above 0 by phone id (`GET /queues`). */
export const $queues = atom<Record<number, number>>({});
/** The phone the detail panel shows. */
export const $selectedId = atom<number | null>(null);
export const $selected = computed([$phones, $selectedId], (list, id) => list.find((p) => p.id === id) ?? null);
/** Time stamp of the selected phone's screen image; a new one reloads the image. */
export const $screenStamp = atom(Date.now());

export interface Progress {
  visible: boolean;
  percent: number;
  label: string;
}
/** The instance progress bar of the selected phone (2-phones §4.2). */
export const $progress = atom<Progress>({ visible: false, percent: 0, label: '' });

export type QrState = { kind: 'idle' } | { kind: 'waiting' } | { kind: 'ready'; data: string } | { kind: 'failed' };
/** The selected phone's QR string (`GET qrData`). */
export const $qr = atom<QrState>({ kind: 'idle' });

function isPartner(): boolean {
  return Boolean($product.get()?.settings.partner);
}

/** Replaces fields of one listed phone. */
export function patchPhone(id: number, patch: Partial<Phone>): void {
  $phones.set($phones.get().map((p) => (p.id === id ? { ...p, ...patch } : p)));
}

/** Selects a phone: the first active one, else the first enabled one, else the first. */
function defaultSelection(list: readonly Phone[]): number | null {
  return (list.find((p) => p.status === 'active') ?? list.find((p) => p.active) ?? list[0])?.id ?? null;
}

/** Loads the phone list (`GET /listPhones`), keeping the selection when the phone is still there. */
export async function loadPhones(): Promise<void> {
  try {
    const list = await msgGet<Phone[]>('/listPhones');
    $phones.set(list);
    $phonesError.set('');
    const id = $selectedId.get();
    if (id === null || !list.some((p) => p.id === id)) $selectedId.set(defaultSelection(list));
  } catch (e) {
    $phonesError.set(e instanceof Error ? e.message : String(e));
  } finally {
    $phonesLoaded.set(true);
  }
}

/** Loads the queues and keeps those above 0 (2-phones §7.2). Failures are logged only (§8). */
export async function loadQueues(): Promise<void> {
  try {
    const body = await msgGet<{ queues: { id: number; queue: number }[] }>('/queues');
    $queues.set(Object.fromEntries(body.queues.filter((q) => q.queue > 0).map((q) => [q.id, q.queue])));
  } catch (e) {
    console.warn('queues', e);
  }
}

export function selectPhone(id: number): void {
  $selectedId.set(id);
}

/* ---------- watching the selected phone: status polling, instance progress, QR ---------- */

/** Status poll interval (2-phones §4.2). */
export const STATUS_POLL_MS = 5_000;
/** Status poll interval while the phone is active. */
export const STATUS_POLL_ACTIVE_MS = 20_000;
/** How often instance_status is asked while the progress bar climbs (ours; the spec gives none). */
export const INSTANCE_POLL_MS = 2_000;
/** The progress bar hides this long after it reaches 100 % (2-phones §4.2). */
export const PROGRESS_HIDE_MS = 3_000;
/** Progress bar stages (2-phones §4.2). */
export const PROGRESS_START = 20;
export const PROGRESS_STEP = 30;
/** QR fetch: attempts and the pause between them (2-phones §4.1, §9). */
export const QR_FETCH_ATTEMPTS = 5;
export const QR_FETCH_GAP_MS = 3_000;

/** The status poll interval for a status. */
export function statusPollMs(status: string): number {
  return status === 'active' ? STATUS_POLL_ACTIVE_MS : STATUS_POLL_MS;
}

/** Progress for an instance_status answer; the last stage needs the screen image. */
export function progressOf(s: InstanceStatus): Progress {
  if (s.readyReplicas > 0) return { visible: true, percent: PROGRESS_START + 2 * PROGRESS_STEP, label: 'instance created' };
  if (s.replicas > 0) return { visible: true, percent: PROGRESS_START + PROGRESS_STEP, label: 'instance creating' };
  return { visible: true, percent: PROGRESS_START, label: 'starting' };
}

interface Watch {
  id: number;
  stopped: boolean;
  statusTimer?: ReturnType<typeof setTimeout>;
  progressTimer?: ReturnType<typeof setTimeout>;
  hideTimer?: ReturnType<typeof setTimeout>;
  /** The instance is ready; the next screen image load completes the bar. */
  instanceReady: boolean;
  qrRun: number;
  /** The status the last poll saw: a change loads a new screen image. */
  lastStatus?: string;
}
let watch: Watch | null = null;

function live(w: Watch): boolean {
  return !w.stopped && watch === w;
}

async function pollStatus(w: Watch): Promise<void> {
  clearTimeout(w.statusTimer);
  let next = STATUS_POLL_MS;
  try {
    const res = await msgGet<StatusResponse>(`/${w.id}/status`);
    if (!live(w)) return;
    const status = deriveStatus(res);
    const before = $phones.get().find((p) => p.id === w.id);
    patchPhone(w.id, { status, number: res.number || before?.number || '', proxy: res.mobile_proxy, proxyRegion: res.proxy_region });
    if (status === 'qr-screen' && $qr.get().kind !== 'ready' && $qr.get().kind !== 'waiting') void fetchQr(w.id);
    if (status !== 'qr-screen' && status !== 'creating...' && $qr.get().kind !== 'idle') $qr.set({ kind: 'idle' });
    if (w.lastStatus !== undefined && w.lastStatus !== status) refreshScreen();
    w.lastStatus = status;
    next = statusPollMs(status);
  } catch (e) {
    console.warn('status', e);
  }
  if (live(w)) w.statusTimer = setTimeout(() => void pollStatus(w), next);
}

async function pollInstance(w: Watch): Promise<void> {
  clearTimeout(w.progressTimer);
  try {
    const body = await msgGet<{ status: InstanceStatus }>(`/${w.id}/instance_status`);
    if (!live(w)) return;
    const p = progressOf(body.status);
    if (!w.instanceReady) $progress.set(p);
    if (body.status.readyReplicas > 0) {
      if (!w.instanceReady) refreshScreen();
      w.instanceReady = true;
      return;
    }
  } catch (e) {
    console.warn('instance_status', e);
  }
  if (live(w)) w.progressTimer = setTimeout(() => void pollInstance(w), INSTANCE_POLL_MS);
}

/** Starts the progress bar over at 20 % (after selecting, adding or restarting a phone). */
export function restartProgress(): void {
  const w = watch;
  if (!w) return;
  clearTimeout(w.hideTimer);
  w.instanceReady = false;
  $progress.set({ visible: true, percent: PROGRESS_START, label: 'starting' });
  void pollInstance(w);
}

/** The screen image loaded: with a ready instance the bar reaches 100 % and hides 3 s later. */
export function markScreenLoaded(): void {
  const w = watch;
  if (!w || !w.instanceReady || !$progress.get().visible || $progress.get().percent === 100) return;
  $progress.set({ visible: true, percent: 100, label: 'ready' });
  w.hideTimer = setTimeout(() => {
    if (live(w)) $progress.set({ visible: false, percent: 100, label: 'ready' });
  }, PROGRESS_HIDE_MS);
}

/** Loads a new screen image. */
export function refreshScreen(): void {
  $screenStamp.set(Date.now());
}

/** Asks for the status now instead of at the next tick (after an action). */
export function pokeStatus(): void {
  if (watch) void pollStatus(watch);
}

/**
 * Fetches the QR string, retried up to 5 times 3 s apart while the server has none yet (409).
 * A newer fetch for the same phone supersedes an older one.
 */
export async function fetchQr(id: number): Promise<void> {
  const w = watch;
  if (!w || w.id !== id) return;
  const run = ++w.qrRun;
  if ($qr.get().kind !== 'ready') $qr.set({ kind: 'waiting' });
  for (let attempt = 1; attempt <= QR_FETCH_ATTEMPTS; attempt++) {
    try {
      const body = await msgGet<{ qrData: string }>(`/${id}/qrData`);
      if (live(w) && w.qrRun === run) $qr.set({ kind: 'ready', data: body.qrData });
      return;
    } catch {
      // 409 while the session has no QR yet: try again after the pause.
      if (!live(w) || w.qrRun !== run) return;
    }
    if (attempt < QR_FETCH_ATTEMPTS) await new Promise((r) => setTimeout(r, QR_FETCH_GAP_MS));
    if (!live(w) || w.qrRun !== run) return;
  }
  $qr.set({ kind: 'failed' });
}

/** Watches a phone while it is selected; returns the function that stops watching. */
export function watchPhone(id: number): () => void {
  const w: Watch = { id, stopped: false, instanceReady: false, qrRun: 0 };
  watch = w;
  $qr.set({ kind: 'idle' });
  const phone = $phones.get().find((p) => p.id === id);
  if (phone?.active) restartProgress();
  else $progress.set({ visible: false, percent: 0, label: '' });
  if (phone?.status === 'qr-screen' || phone?.status === 'creating...') void fetchQr(id);
  void pollStatus(w);
  return () => {
    w.stopped = true;
    clearTimeout(w.statusTimer);
    clearTimeout(w.progressTimer);
    clearTimeout(w.hideTimer);
    if (watch === w) watch = null;
  };
}

/* ---------- actions ---------- */

/** A sandbox add waits this long before continuing (2-phones §4.1). */
export const SANDBOX_WAIT_MS = 5_000;

type Added = { id: number };

/** Adds a phone (the partner path for partners) and selects it; throws PHONE_LIMIT when full. */
export async function addPhone(): Promise<void> {
  const added = isPartner() ? await partnerGet<Added>('/addPhone') : await msgPost<Added>('/addPhone', {});
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
  const body = await msgGet<{ connectionResult: string }>(`/${id}/connectWithPhoneNumber?number=${encodeURIComponent(number)}`);
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
  patchPhone(id, { proxy: true, proxyRegion: code, data: { ...($phones.get().find((p) => p.id === id)?.data ?? { sandbox: false }), mobile_proxy: true } });
  restarted(id);
}

/** The test message flow (2-phones §7.2): the status first, then the message. */
export async function sendTestMessage(id: number, to: string, text: string): Promise<void> {
  const status = await msgGet<StatusResponse>(`/${id}/status`);
  if (deriveStatus(status) !== 'active') throw new MessagingError(PHONE_MSG.testNotActive, 0);
  await msgPost(`/${id}/sendMessage`, { to_number: to, type: 'text', message: text });
  void loadQueues();
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
