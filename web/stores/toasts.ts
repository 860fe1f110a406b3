import { atom } from 'nanostores';

export interface Toast {
  id: number;
  text: string;
  tone: 'success' | 'error' | 'info';
}

/** How long a toast stays before it leaves on its own. */
const TOAST_MS = 6_000;
/** At most this many toasts show at once; older ones make room. */
const MAX_TOASTS = 3;

/** Where the toasts show: at the bottom, or under the header on a page whose main button sits at the bottom. */
export type ToastPlace = 'bottom' | 'top';
export const $toastPlace = atom<ToastPlace>('bottom');

/** Moves the toasts under the header while a page is open; call the answer to put them back (a useEffect cleanup). */
export function toastsOnTop(): () => void {
  $toastPlace.set('top');
  return () => $toastPlace.set('bottom');
}

/** The toasts on screen, oldest first. */
export const $toasts = atom<Toast[]>([]);
let next = 1;

/** Removes a toast. */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** Shows a short message at the bottom of the screen for `ms` (TOAST_MS unless a page's spec says otherwise). */
export function showToast(text: string, tone: Toast['tone'] = 'info', ms = TOAST_MS): void {
  const toast = { id: next++, text, tone };
  $toasts.set([...$toasts.get(), toast].slice(-MAX_TOASTS));
  setTimeout(() => dismissToast(toast.id), ms);
}
