import type { LiveRow } from '../cache';
import type { ServiceCtx } from '../context';
import { LIVE_EVENTS_BATCH, latestLiveEventId, liveEventsAfter } from './events';
import { liveFeed } from './feed';
import { seatsChanged } from './auto-assign';
import { streamClosed, streamOpened, touchStreams } from './presence-streams';

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/** Past this many rows waiting for a slow client, it reads its backlog from the log instead. */
const QUEUE_MAX = 1_000;

/** One server-sent event as the stream writes it. */
interface LiveSseEvent {
  id?: string;
  event: string;
  data: string;
  retry?: number;
}

/** Where an inbox stream goes (the route hands over its SSE writer): events, and a keep-alive comment. */
export interface LiveSink {
  event(e: LiveSseEvent): Promise<void>;
  ping(): Promise<void>;
}

/** Resolves false after `ms`, or true sooner when `wake` is called. */
function pause(ms: number): { done: Promise<boolean>; wake: () => void } {
  let wake = () => {};
  const done = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    wake = () => {
      clearTimeout(timer);
      resolve(true);
    };
  });
  return { done, wake };
}

/**
 * An inbox stream of the account: it starts after `resume` (the last id the client saw), or at the
 * log's end now when there is none. The answer runs it: a 'ready' event, the durable log replayed
 * after that id, then this process's shared feed of the account (feed.ts), with a comment line
 * when quiet, until `signal` aborts (the client left).
 */
export async function liveStream(
  ctx: ServiceCtx,
  pid: string,
  resume: number | undefined,
  /** Whose stream it is: counted in their presence, so the last one closing sets them offline. */
  who?: { key: string; email: string },
) {
  let last = resume ?? (await latestLiveEventId(ctx, pid));
  return async (sink: LiveSink, signal: AbortSignal): Promise<void> => {
    let sleeping = pause(0);
    let queue: LiveRow[] = [];
    let behind = true;
    const onAbort = () => sleeping.wake();
    signal.addEventListener('abort', onAbort);
    const opened = who ? await streamOpened(ctx, pid, who.key, who.email) : undefined;
    const streamId = opened?.id;
    if (opened?.online) await seatsChanged(ctx, pid); // round robin may give them a waiting conversation
    const feed = liveFeed(ctx, pid);
    // Subscribed before reading the backlog, so nothing recorded meanwhile falls between the two.
    const off = feed.subscribe({
      push(rows) {
        if (queue.length + rows.length > QUEUE_MAX) {
          queue = [];
          behind = true;
        } else queue.push(...rows);
        sleeping.wake();
      },
    });
    const write = async (rows: readonly LiveRow[]) => {
      for (const r of rows) {
        if (r.id <= last) continue;
        await sink.event({ id: String(r.id), event: r.type, data: JSON.stringify(r.data) });
        last = r.id;
      }
    };
    try {
      await sink.event({ event: 'ready', data: JSON.stringify({ lastEventId: last }), retry: 1000 });
      while (!signal.aborted) {
        if (streamId) await touchStreams(ctx);
        if (behind) {
          behind = false;
          let rows: LiveRow[];
          do await write((rows = await liveEventsAfter(ctx, pid, last)));
          while (rows.length === LIVE_EVENTS_BATCH && !signal.aborted);
          feed.begin(last);
        }
        if (queue.length) {
          const rows = queue;
          queue = [];
          await write(rows);
          continue;
        }
        // Nothing waiting: sleep until the feed hands rows over, with a comment line when quiet.
        sleeping = pause(HEARTBEAT_MS);
        if (signal.aborted) break; // it left during an await above: the abort woke the pause before this one
        if (!(await sleeping.done) && !signal.aborted) await sink.ping();
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      off();
      if (who && streamId) await streamClosed(ctx, pid, streamId, who.key, who.email);
    }
  };
}
