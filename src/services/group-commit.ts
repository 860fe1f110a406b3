import type { InStatement, InValue, ResultSet } from '@libsql/client';
import type { BatchItem } from 'drizzle-orm/batch';
import { sql, type SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { CASING, type Db } from '../../db/client';

/** A condition in SQL and its arguments, as `where` takes it. */
export interface Condition {
  sql: string;
  args: InValue[];
}

const dialect = new SQLiteAsyncDialect({ casing: CASING });

/** A drizzle condition as plain SQL, for `insertRow`'s `onlyIf`. */
export function conditionOf(cond: SQL): Condition {
  const q = dialect.sqlToQuery(cond);
  return { sql: q.sql, args: q.params as InValue[] };
}

/**
 * "A row of `table` matches `where`", as plain SQL: the condition of the writes that go with an
 * update of that row, checked before it in the same transaction (they are written only if it takes effect).
 */
export function rowMatches(table: SQLiteTable, where: SQL | undefined): Condition {
  return conditionOf(sql`exists (select 1 from ${table} where ${where})`);
}

/** A value computed in SQL as the statement runs (a subquery, `jsonSet`): SQL and its arguments. */
export type Expr = Condition;

/** Whether a value is an `Expr` (not a value to bind). */
export const isExpr = (v: unknown): v is Expr =>
  typeof v === 'object' && v !== null && !(v instanceof Date) && !ArrayBuffer.isView(v) && 'sql' in v;

/** `value` as JSON text with the field at `path` set from `expr` (`json_set`, evaluated in the transaction). */
export function jsonSet(value: unknown, path: string, expr: Expr): Expr {
  return { sql: `json_set(?, ?, ${expr.sql})`, args: [JSON.stringify(value), path, ...expr.args] };
}

/**
 * A one-row insert as plain SQL (`head`: `insert into t (columns)`); a value may be an `Expr`. With
 * `onlyIf`, the row is written only when the condition holds as the statement runs (a row that must go
 * with another write of the same transaction, or not at all). `tail`: an `on conflict` clause.
 */
export function insertRow(head: string, values: (InValue | Expr)[], onlyIf?: Condition, tail = ''): InStatement {
  const marks = values.map((v) => (isExpr(v) ? v.sql : '?')).join(', ');
  const args = values.flatMap((v) => (isExpr(v) ? v.args : [v]));
  const end = tail ? ` ${tail}` : '';
  return onlyIf
    ? { sql: `${head} select ${marks} where ${onlyIf.sql}${end}`, args: [...args, ...onlyIf.args] }
    : { sql: `${head} values (${marks})${end}`, args };
}

/** A drizzle query as a batch takes it. */
export type Query = BatchItem<'sqlite'>;
/** A statement of a batch: plain SQL (hot paths build it by hand: the ORM costs more than the insert) or a drizzle query. */
export type Statement = InStatement | Query;

/** What a drizzle query becomes in a batch: its SQL, and how its raw result turns into the query's answer. */
interface PreparedQuery {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: ResultSet, isFromBatch: boolean): unknown;
}

interface Pending {
  stmts: InStatement[];
  /** Turns each statement's raw result into its answer (drizzle queries); absent: the ResultSet. */
  maps: ((rs: ResultSet) => unknown)[] | null;
  /** A single row that may be merged with others of its table (`write`). */
  row: boolean;
  /** Only reads: they go after every writer of the batch. */
  reads: boolean;
  resolve: (results: unknown[]) => void;
  reject: (err: unknown) => void;
}

/** How long a write waits for company by default before its batch commits. */
export const DEFAULT_WAIT_MS = 2;

/**
 * A write an answer waits for (sendMessage's row, the API log row): it commits at the end of the
 * event loop's turn, with every write queued in that turn. Under load the turn itself gathers company
 * (the requests read while the previous batch committed); a lone request is not held back by a window.
 */
export const END_OF_TURN = 0;

/** Runs `fn` once the event loop has handled the I/O that is ready (Node), or as soon as a timer can (Workers). */
const immediate = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate;
const endOfTurn: (fn: () => void) => void = immediate ? (fn) => void immediate(fn) : (fn) => void setTimeout(fn, 0);

function isQuery(s: Statement): s is Query {
  return typeof (s as { _prepare?: unknown })._prepare === 'function';
}

/**
 * Group commit: the one batcher of a database connection. The statements of concurrent callers (the
 * API's accepted messages and their log rows, a runner's settled sends and next claims, acks, the
 * simulator's wire) go to the database as one transaction, one round trip for all. Each caller says
 * how long it may wait for company (the batch leaves when the most impatient one is due) and gets its
 * own results. A caller's statements run in order, all together or not at all; single rows of the
 * same insert are merged into one multi-row insert. A batch that fails is retried caller by caller,
 * so one bad row fails only its own caller. Batches commit one after the other.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private due = Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** The commit that will take what is queued when the one in flight ends (there is at most one). */
  private next: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  /** Queues one single-row statement (merged with others of its insert); resolves once committed. */
  write(stmt: InStatement, waitMs = DEFAULT_WAIT_MS): Promise<void> {
    return new Promise((resolve, reject) =>
      this.enqueue({ stmts: [stmt], maps: null, row: true, reads: false, resolve: () => resolve(), reject }, waitMs),
    );
  }

  /**
   * Runs `stmts` in the next batch, in order, all or nothing, leaving within `waitMs`; resolves with
   * each statement's result (a ResultSet for SQL, the query's answer for a drizzle query). `reads`:
   * they only read. Those go after every caller that writes: a transaction that read first and then
   * writes fails at once when another process wrote meanwhile (SQLite's stale snapshot).
   */
  run(stmts: readonly Statement[], waitMs = DEFAULT_WAIT_MS, opts: { reads?: boolean } = {}): Promise<unknown[]> {
    if (stmts.length === 0) return Promise.resolve([]);
    let maps: Pending['maps'] = null;
    const built: InStatement[] = [];
    try {
      for (const [i, s] of stmts.entries()) {
        if (!isQuery(s)) {
          built.push(s);
          if (maps) maps.push((rs) => rs);
          continue;
        }
        const prepared = (s as unknown as { _prepare(): PreparedQuery })._prepare();
        const q = prepared.getQuery();
        built.push({ sql: q.sql, args: q.params as InStatement extends { args?: infer A } ? A : never });
        maps ??= Array.from({ length: i }, () => (rs: ResultSet) => rs);
        maps.push((rs) => prepared.mapResult(rs, true));
      }
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise((resolve, reject) =>
      this.enqueue({ stmts: built, maps, row: false, reads: Boolean(opts.reads), resolve, reject }, waitMs),
    );
  }

  /** Raw statements that commit together (`run` typed for plain SQL). */
  runSql(stmts: readonly InStatement[], waitMs = DEFAULT_WAIT_MS): Promise<ResultSet[]> {
    return this.run(stmts, waitMs) as Promise<ResultSet[]>;
  }

  private enqueue(item: Pending, waitMs: number): void {
    this.queue.push(item);
    const due = Date.now() + waitMs;
    if (due >= this.due) return;
    this.due = due;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (waitMs <= END_OF_TURN) endOfTurn(() => this.due === due && void this.flush());
    else this.timer = setTimeout(() => void this.flush(), waitMs);
  }

  /**
   * Commits everything queued so far (readers call it to see their own writes; a stopping runner so
   * nothing is left behind). While a batch commits, what queues meanwhile waits for it and then goes
   * as one batch, however many callers flushed.
   */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.due = Infinity;
    if (this.queue.length === 0) return this.next ?? this.flushing;
    this.next ??= this.flushing = this.flushing.then(() => {
      this.next = undefined;
      const items = this.queue.splice(0);
      return items.length ? this.commit(items) : undefined;
    });
    return this.next;
  }

  private async commit(items: Pending[]): Promise<void> {
    const client = this.db.$client;
    const writers = items.filter((i) => !i.row && !i.reads);
    const rows = items.filter((i) => i.row);
    const readers = items.filter((i) => i.reads);
    const ordered = [...writers, ...readers];
    try {
      const merged = mergeInserts(rows.map((i) => i.stmts[0]!));
      const all = [...writers.flatMap((i) => i.stmts), ...merged, ...readers.flatMap((i) => i.stmts)];
      const results = await client.batch(all, writers.length || rows.length ? 'write' : 'deferred');
      let at = 0;
      for (const i of writers) i.resolve(answer(i, results.slice(at, (at += i.stmts.length))));
      at += merged.length;
      for (const i of readers) i.resolve(answer(i, results.slice(at, (at += i.stmts.length))));
      for (const i of rows) i.resolve([]);
    } catch (err) {
      if (items.length === 1) return items[0]!.reject(err);
      // One bad row must not fail its neighbours: retry each caller alone (its statements in their own transaction).
      for (const i of [...ordered, ...rows]) {
        try {
          i.resolve(
            answer(
              i,
              i.row ? [await client.execute(i.stmts[0]!)] : await client.batch(i.stmts, i.reads ? 'deferred' : 'write'),
            ),
          );
        } catch (e) {
          i.reject(e);
        }
      }
    }
  }
}

function answer(i: Pending, results: ResultSet[]): unknown[] {
  return i.maps ? results.map((rs, k) => i.maps![k]!(rs)) : results;
}

const SINGLE_ROW_INSERT = /^insert into \w+ \([^)]*\) values (\([^)]*\))$/i;
/** SQLite's limit on bound parameters per statement. */
const MAX_PARAMS = 32_000;

/** The `(?, ?, …)` of a single-row insert, remembered by its SQL (hot paths write the same few statements). */
const tuples = new Map<string, string | null>();
function valuesTuple(sql: string): string | null {
  let t = tuples.get(sql);
  if (t === undefined) {
    t = SINGLE_ROW_INSERT.exec(sql)?.[1] ?? null;
    if (tuples.size < 500) tuples.set(sql, t);
  }
  return t;
}

/**
 * Turns runs of identical single-row inserts into multi-row inserts: one statement prepared per table
 * and batch instead of one per row (preparing costs more than inserting).
 */
function mergeInserts(stmts: InStatement[]): InStatement[] {
  const out: InStatement[] = [];
  const groups = new Map<string, { tuple: string; rows: unknown[][] }>();
  for (const s of stmts) {
    const sql = typeof s === 'string' ? s : s.sql;
    const args = typeof s === 'string' ? [] : s.args;
    const tuple = Array.isArray(args) ? valuesTuple(sql) : null;
    if (!tuple) {
      out.push(s);
      continue;
    }
    let g = groups.get(sql);
    if (!g) groups.set(sql, (g = { tuple, rows: [] }));
    g.rows.push(args as unknown[]);
  }
  for (const [sql, g] of groups) {
    const head = sql.slice(0, sql.length - g.tuple.length);
    const per = Math.max(1, Math.floor(MAX_PARAMS / Math.max(1, g.rows[0]!.length)));
    for (let i = 0; i < g.rows.length; i += per) {
      const chunk = g.rows.slice(i, i + per);
      out.push({
        sql: head + chunk.map(() => g.tuple).join(', '),
        args: chunk.flat() as InStatement extends { args?: infer A } ? A : never,
      });
    }
  }
  return out;
}

/**
 * The group commit belongs to its connection, not to a context: it holds no data to go stale, and every
 * context on a connection (the API's, the runner's) must share it so that a reader's flush commits all
 * pending writes and concurrent writers share round trips.
 */
const byDb = new WeakMap<Db, GroupCommit>();

/** The group commit of a database connection (one per connection). */
export function groupCommit(db: Db): GroupCommit {
  let g = byDb.get(db);
  if (!g) byDb.set(db, (g = new GroupCommit(db)));
  return g;
}
