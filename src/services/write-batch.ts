import type { InStatement } from '@libsql/client';
import type { Db } from '../../db/client';

interface Pending {
  stmt: InStatement;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** How long a write waits for company before its batch commits. */
export const BATCH_WINDOW_MS = 2;

/**
 * Groups the writes of concurrent requests into one transaction every few milliseconds: one commit
 * for many rows. Each caller still learns whether its own row was written. Statements are plain SQL
 * (built by hand on hot paths: the ORM's query building costs more than the insert itself).
 */
export class WriteBatcher {
  private queue: Pending[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly windowMs = BATCH_WINDOW_MS,
  ) {}

  /** Queues a statement; resolves once it is committed. */
  add(stmt: InStatement): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ stmt, resolve, reject });
      this.timer ??= setTimeout(() => void this.flush(), this.windowMs);
    });
  }

  /** Commits everything queued so far (readers call it to see their own writes). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const items = this.queue.splice(0);
    if (items.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() => this.commit(items));
    return this.flushing;
  }

  private async commit(items: Pending[]): Promise<void> {
    const client = this.db.$client;
    try {
      await client.batch(items.map((i) => i.stmt), 'write');
      for (const i of items) i.resolve();
    } catch {
      // One bad row must not fail its neighbours: retry each alone.
      for (const i of items) {
        try {
          await client.execute(i.stmt);
          i.resolve();
        } catch (err) {
          i.reject(err);
        }
      }
    }
  }
}

const batchers = new WeakMap<Db, WriteBatcher>();

/** The batcher of a database (one per connection). */
export function batcherFor(db: Db): WriteBatcher {
  let b = batchers.get(db);
  if (!b) batchers.set(db, (b = new WriteBatcher(db)));
  return b;
}
