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

/**
 * Loads the queues and keeps those above 0 (2-phones §7.2). A listed phone missing from them has an
 * empty queue now, whatever the phone list said when it loaded. Failures are logged only (§8).
 */
export async function loadQueues(): Promise<void> {
  try {
    const body = await msgGet<{ queues: { id: number; queue: number }[] }>('/queues');
    const queues = Object.fromEntries(body.queues.filter((q) => q.queue > 0).map((q) => [q.id, q.queue]));
    $queues.set(queues);
    const list = $phones.get();
    if (list.some((p) => p.queue !== (queues[p.id] ?? 0)))
      $phones.set(list.map((p) => ({ ...p, queue: queues[p.id] ?? 0 })));
  } catch (e) {
    console.warn('queues', e);
  }
}

/** After a send the queues are asked again this often while the phone's queue is not empty (ours; the spec gives none). */
const QUEUE_FOLLOW_MS = 1_000;
/** How long a send's queue is followed at most; the page's own reload takes over after. */
const QUEUE_FOLLOW_LIMIT_MS = 30_000;

/** Follows a phone's queue after a send until it is empty, so its count shows the message leave. */
export async function followQueue(id: number): Promise<void> {
  const end = Date.now() + QUEUE_FOLLOW_LIMIT_MS;
  for (;;) {
    await loadQueues();
    if (!$queues.get()[id] || Date.now() >= end) return;
    await new Promise((r) => setTimeout(r, QUEUE_FOLLOW_MS));
  }
}

/** Shows a phone in the detail panel. */
export function selectPhone(id: number): void {
  $selectedId.set(id);
}
