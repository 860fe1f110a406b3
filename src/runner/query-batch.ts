import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';

type Query = BatchItem<'sqlite'>;

interface Pending {
  queries: Query[];
  reads: boolean;
  resolve: (results: unknown[]) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for a runner: the writes its phones make at about the same time (sends settled, the
 * next ones claimed, acks) go to the database as one batch, one round trip for all. Each caller says
 * how long its queries may wait for company; the batch leaves when the most impatient one is due.
 * Each caller's queries run in order, in one transaction with the rest, and it gets their results
 * (what `db.batch` answers for each). A batch that fails is retried caller by caller, so one bad
 * query fails only its own caller.
 */
export class QueryBatcher {
  private queue: Pending[] = [];
  private due = Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly db: Db) {}

  /**
   * Runs `queries` in the next batch, leaving within `waitMs`; resolves with their results. `reads`:
   * they only read. Those go after every caller that writes: a transaction that read first and then
   * writes fails at once when another process wrote meanwhile (SQLite's stale snapshot), where one
   * that writes first waits its turn for the lock.
   */
  run(queries: readonly Query[], waitMs: number, opts: { reads?: boolean } = {}): Promise<unknown[]> {
    if (queries.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.queue.push({ queries: [...queries], reads: Boolean(opts.reads), resolve, reject });
      const due = Date.now() + waitMs;
      if (due >= this.due) return;
      this.due = due;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.flush(), Math.max(0, waitMs));
    });
  }

  /** Sends what waits now (a stopping runner calls it so nothing it settled is left behind). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.due = Infinity;
    const queued = this.queue.splice(0);
    if (queued.length === 0) return;
    const items = [...queued.filter((i) => !i.reads), ...queued.filter((i) => i.reads)];
    const all = items.flatMap((i) => i.queries);
    try {
      const results = await this.db.batch(all as [Query, ...Query[]]);
      let at = 0;
      for (const i of items) {
        i.resolve(results.slice(at, at + i.queries.length));
        at += i.queries.length;
      }
    } catch (err) {
      if (items.length === 1) return items[0]!.reject(err);
      for (const i of items) {
        try {
          i.resolve(await this.db.batch(i.queries as [Query, ...Query[]]));
        } catch (e) {
          i.reject(e);
        }
      }
    }
  }
}
