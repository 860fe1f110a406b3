import { atom } from 'nanostores';
import { msgGet } from '../lib/messaging-api';
import { deriveStatus, type InstanceStatus, type StatusResponse } from '../lib/phones';
import { $phones, patchPhone } from './phones';

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

/** Status poll interval (2-phones §4.2). */
const STATUS_POLL_MS = 5_000;
/** Status poll interval while the phone is active. */
const STATUS_POLL_ACTIVE_MS = 20_000;
/** How often instance_status is asked while the progress bar climbs (ours; the spec gives none). */
const INSTANCE_POLL_MS = 2_000;
/** The progress bar hides this long after it reaches 100 % (2-phones §4.2). */
const PROGRESS_HIDE_MS = 3_000;
/** Progress bar stages (2-phones §4.2). */
const PROGRESS_START = 20;
const PROGRESS_STEP = 30;
/** QR fetch: attempts and the pause between them (2-phones §4.1, §9). */
const QR_FETCH_ATTEMPTS = 5;
const QR_FETCH_GAP_MS = 3_000;

/** The status poll interval for a status. */
export function statusPollMs(status: string): number {
  return status === 'active' ? STATUS_POLL_ACTIVE_MS : STATUS_POLL_MS;
}

/** Progress for an instance_status answer; the last stage needs the screen image. */
export function progressOf(s: InstanceStatus): Progress {
  if (s.readyReplicas > 0)
    return { visible: true, percent: PROGRESS_START + 2 * PROGRESS_STEP, label: 'instance created' };
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
  /** A QR fetch is under way (a logout shows 'waiting' before any fetch has started). */
  qrFetching: boolean;
  /** The status the last poll saw: a change loads a new screen image. */
  lastStatus?: string;
}
let watch: Watch | null = null;

function live(w: Watch): boolean {
  return !w.stopped && watch === w;
}

/** Statuses with no QR to scan: a QR fetch under way stops, and the countdown asks for none. */
const NO_QR: ReadonlySet<string> = new Set(['active', 'disabled', 'idle', 'PAIRING']);

/** Ends the QR fetch under way (its retries included): the phone no longer shows a QR. */
function stopQr(w: Watch): void {
  if (!w.qrFetching) return;
  w.qrRun++;
  w.qrFetching = false;
}

async function pollStatus(w: Watch): Promise<void> {
  clearTimeout(w.statusTimer);
  let next = STATUS_POLL_MS;
  try {
    const res = await msgGet<StatusResponse>(`/${w.id}/status`);
    if (!live(w)) return;
    const status = deriveStatus(res);
    const before = $phones.get().find((p) => p.id === w.id);
    patchPhone(w.id, {
      status,
      number: res.number || before?.number || '',
      proxy: res.mobile_proxy,
      proxyRegion: res.proxy_region,
    });
    if (status === 'qr-screen' && $qr.get().kind !== 'ready' && !w.qrFetching) void fetchQr(w.id);
    if (NO_QR.has(status)) stopQr(w);
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
  w.qrFetching = true;
  try {
    await fetchQrRun(w, id, run);
  } finally {
    if (w.qrRun === run) w.qrFetching = false;
  }
}

async function fetchQrRun(w: Watch, id: number, run: number): Promise<void> {
  for (let attempt = 1; attempt <= QR_FETCH_ATTEMPTS; attempt++) {
    try {
      const body = await msgGet<{ qrData: string }>(`/${id}/qrData`);
      if (live(w) && w.qrRun === run) $qr.set({ kind: 'ready', data: body.qrData });
      return;
    } catch {
      // 409 while the session has no QR yet, or none any more: a phone linked meanwhile answers the
      // same, so the status is asked at once, and a linked phone's QR is not asked again (stopQr).
      if (!live(w) || w.qrRun !== run) return;
      await pollStatus(w);
      if (!live(w) || w.qrRun !== run) return;
    }
    if (attempt < QR_FETCH_ATTEMPTS) await new Promise((r) => setTimeout(r, QR_FETCH_GAP_MS));
    if (!live(w) || w.qrRun !== run) return;
  }
  $qr.set({ kind: 'failed' });
}

/** Watches a phone while it is selected; returns the function that stops watching. */
export function watchPhone(id: number): () => void {
  const w: Watch = { id, stopped: false, instanceReady: false, qrRun: 0, qrFetching: false };
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
