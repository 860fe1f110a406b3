import { atom, computed } from 'nanostores';
import { msgGet } from '../lib/messaging-api';
import type { Phone } from '../lib/phones';

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

/** Replaces fields of one listed phone. */
export function patchPhone(id: number, patch: Partial<Phone>): void {
  $phones.set($phones.get().map((p) => (p.id === id ? { ...p, ...patch } : p)));
}

/** Selects a phone: the first active one, else the first enabled one, else the first. */
function defaultSelection(list: readonly Phone[]): number | null {
  return (list.find((p) => p.status === 'active') ?? list.find((p) => p.active) ?? list[0])?.id ?? null;
}

/** `GET /listPhones`: the product's phones. */
export const fetchPhones = () => msgGet<Phone[]>('/listPhones');

/** Loads the phone list (`GET /listPhones`), keeping the selection when the phone is still there. */
export async function loadPhones(): Promise<void> {
  try {
    const list = await fetchPhones();
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

/** Shows a phone in the detail panel. */
export function selectPhone(id: number): void {
  $selectedId.set(id);
}
