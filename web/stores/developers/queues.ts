import { atom } from 'nanostores';
import type { z } from 'zod';
import type { queueResponse, queuesResponse } from '../../../src/shared/schemas/messaging/answers';
import { errorMessage, msgGet } from '../../lib/messaging-api';

/** One row of `GET /queues?number=true`: with that parameter every row has its number. */
type QueueEntry = z.infer<typeof queuesResponse>['queues'][number] & { number: string };
export interface QueueRow extends QueueEntry {
  /** stats.sending of the phone's queue call, when asked. */
  sending?: number;
}

/** The queue list refreshes this often (3-developer §2.1, §9). */
export const QUEUE_REFRESH_MS = 60_000;
/** ... and this often while any queue is being processed (above 0). */
export const PROCESSING_REFRESH_MS = 10_000;

/** The refresh interval for a queue list. */
export function queueRefreshMs(rows: readonly { queue: number }[]): number {
  return rows.some((r) => r.queue > 0) ? PROCESSING_REFRESH_MS : QUEUE_REFRESH_MS;
}

/** `GET /{id}/purgeQueue`: deletes the phone's queued messages. */
export const purgeQueue = (id: number) => msgGet<{ success?: boolean; purged: number }>(`/${id}/purgeQueue`);

/** Queues of every phone; null until loaded. */
export const $queueRows = atom<QueueRow[] | null>(null);
export const $queuesError = atom('');

/** Loads the queues, with the sending statistic of those above 0. */
async function loadQueueRows(): Promise<void> {
  try {
    const list = (await msgGet<{ queues: QueueEntry[] }>('/queues?number=true')).queues;
    const sending = (id: number) => msgGet<z.infer<typeof queueResponse>>(`/${id}/queue`).then((s) => s.stats.sending);
    const stats = await Promise.all(
      list.map((q) => (q.queue > 0 ? sending(q.id).catch(() => undefined) : Promise.resolve(0))),
    );
    $queueRows.set(list.map((q, i) => ({ ...q, ...(stats[i] !== undefined ? { sending: stats[i] } : {}) })));
    $queuesError.set('');
  } catch (e) {
    $queuesError.set(errorMessage(e));
    $queueRows.set($queueRows.get() ?? []);
  }
}

/** Loads the queues now and again every 60 s (10 s while one is processing); returns the stop. */
export function watchQueues(): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    await loadQueueRows();
    if (!stopped) timer = setTimeout(() => void tick(), queueRefreshMs($queueRows.get() ?? []));
  };
  $queueRows.set(null);
  $queuesError.set('');
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Clears one phone's queue, then reloads the list; resolves to how many messages were deleted. */
export async function clearQueue(id: number): Promise<number> {
  const res = await purgeQueue(id);
  await loadQueueRows();
  return res.purged;
}
