import type { LiveFeedHandle, LiveRow } from '../cache';
import type { ServiceCtx } from '../context';
import { runAgain, type RunAgain } from '../run-again';
import { LIVE_EVENTS_BATCH, liveEventsAfter } from './events';

/** How often a feed looks for events another process recorded (this process's wake it at once). */
const LIVE_POLL_MS = 250;

interface Subscriber {
  push(rows: readonly LiveRow[]): void;
}

/**
 * One reader of an account's event log per process, shared by every inbox stream of that account
 * open here: a new event costs one query however many agents watch, and the rows are handed to the
 * streams instead of each stream reading them again. It polls while anyone listens (events recorded
 * by other processes) and reads at once when this process records one.
 */
class LiveFeed implements LiveFeedHandle {
  private cursor: number | null = null;
  private readonly subscribers = new Set<Subscriber>();
  private loop: RunAgain | null = null;

  constructor(
    private readonly ctx: ServiceCtx,
    private readonly pid: string,
    private readonly onIdle: () => void,
  ) {}

  /** Adds a stream; it gets every row the feed reads from now on. Returns the unsubscribe. */
  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    this.loop ??= runAgain(
      {
        everyMs: LIVE_POLL_MS,
        idle: true,
        wakeOn: { bus: this.ctx.bus, topic: 'live', when: (e: { pid: string }) => e.pid === this.pid },
        failMsg: 'live feed read failed',
      },
      () => this.read(),
    );
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size) return;
      void this.loop?.();
      this.loop = null;
      this.onIdle();
    };
  }

  /**
   * A subscribed stream has read the log up to `last` on its own: the feed starts after it when it
   * has no position yet (rows the feed read before were in that stream's own reading).
   */
  begin(last: number): void {
    if (this.cursor === null) this.cursor = last;
    this.loop?.wake();
  }

  /** One read of what is new; true when a full page came (more is waiting). */
  private async read(): Promise<boolean> {
    if (this.cursor === null || !this.subscribers.size) return false;
    const rows = await liveEventsAfter(this.ctx, this.pid, this.cursor);
    if (!rows.length) return false;
    this.cursor = rows.at(-1)!.id;
    for (const s of this.subscribers) s.push(rows);
    return rows.length === LIVE_EVENTS_BATCH;
  }
}

/** This process's feed of an account's events (made on first use, dropped when its last stream closes). */
export function liveFeed(ctx: ServiceCtx, pid: string): LiveFeedHandle {
  let feed = ctx.cache.liveFeeds.get(pid);
  if (!feed) {
    feed = new LiveFeed(ctx, pid, () => ctx.cache.liveFeeds.delete(pid));
    ctx.cache.liveFeeds.set(pid, feed);
  }
  return feed;
}
