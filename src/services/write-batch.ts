import type { InStatement, ResultSet } from '@libsql/client';
import type { Db } from '../../db/client';

interface Pending {
  /** One statement, or a group that commits all together or not at all (`addGroup`). */
  stmts: InStatement[];
  group: boolean;
  resolve: (results: ResultSet[]) => void;
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
    return new Promise((resolve, reject) => this.enqueue({ stmts: [stmt], group: false, resolve: () => resolve(), reject }));
  }

  /**
   * Queues statements that commit together or not at all (in this order, in the same transaction as
   * the rest of the batch); resolves with their results once committed. They are never merged with
   * other rows, so each result is the statement's own (`rowsAffected`).
   */
  addGroup(stmts: InStatement[]): Promise<ResultSet[]> {
    return new Promise((resolve, reject) => this.enqueue({ stmts, group: true, resolve, reject }));
  }

  private enqueue(item: Pending): void {
    this.queue.push(item);
    this.timer ??= setTimeout(() => void this.flush(), this.windowMs);
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
    // Groups go first, unmerged, so that their results can be handed back; single statements are
    // merged (the order between items is not kept either way: they are independent).
    const groups = items.filter((i) => i.group);
    const singles = items.filter((i) => !i.group);
    try {
      const results = await client.batch([...groups.flatMap((i) => i.stmts), ...mergeInserts(singles.map((i) => i.stmts[0]!))], 'write');
      let at = 0;
      for (const i of groups) i.resolve(results.slice(at, (at += i.stmts.length)));
      for (const i of singles) i.resolve([]);
    } catch {
      // One bad row must not fail its neighbours: retry each alone (a group in its own transaction).
      for (const i of items) {
        try {
          i.resolve(i.group ? await client.batch(i.stmts, 'write') : [await client.execute(i.stmts[0]!)]);
        } catch (err) {
          i.reject(err);
        }
      }
    }
  }
}

const SINGLE_ROW_INSERT = /^insert into \w+ \([^)]*\) values (\([^)]*\))$/i;
/** SQLite's limit on bound parameters per statement. */
const MAX_PARAMS = 32_000;

/**
 * Turns runs of identical single-row inserts into multi-row inserts: one statement prepared per table
 * and batch instead of one per row (preparing costs more than inserting).
 */
export function mergeInserts(stmts: InStatement[]): InStatement[] {
  const out: InStatement[] = [];
  const groups = new Map<string, { tuple: string; rows: unknown[][] }>();
  for (const s of stmts) {
    const sql = typeof s === 'string' ? s : s.sql;
    const args = typeof s === 'string' ? [] : s.args;
    const m = Array.isArray(args) ? SINGLE_ROW_INSERT.exec(sql) : null;
    if (!m) {
      out.push(s);
      continue;
    }
    let g = groups.get(sql);
    if (!g) groups.set(sql, (g = { tuple: m[1]!, rows: [] }));
    g.rows.push(args as unknown[]);
  }
  for (const [sql, g] of groups) {
    const head = sql.slice(0, sql.length - g.tuple.length);
    const per = Math.max(1, Math.floor(MAX_PARAMS / Math.max(1, g.rows[0]!.length)));
    for (let i = 0; i < g.rows.length; i += per) {
      const chunk = g.rows.slice(i, i + per);
      out.push({ sql: head + chunk.map(() => g.tuple).join(', '), args: chunk.flat() as InStatement extends { args?: infer A } ? A : never });
    }
  }
  return out;
}

/**
 * A batcher belongs to its connection, not to a context: it holds no data to go stale, and every
 * context on a connection must share it so that a reader's flush commits all pending writes.
 */
const batchers = new WeakMap<Db, WriteBatcher>();

/** The batcher of a database (one per connection). */
export function batcherFor(db: Db): WriteBatcher {
  let b = batchers.get(db);
  if (!b) batchers.set(db, (b = new WriteBatcher(db)));
  return b;
}
