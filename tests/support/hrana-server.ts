/**
 * A small Hrana-over-HTTP server (the protocol of sqld / Turso) for tests: it lets `@libsql/client/web`
 * (and so the Cloudflare Worker under `wrangler dev`) reach a real libSQL database on this machine.
 *
 * Backed by `@libsql/client` (node) on a local file or `:memory:`, with a single connection:
 *
 * - Endpoints: `GET /`, `GET /v2`, `GET /v3` (version probes; `/v3-protobuf` answers 404 so clients
 *   fall back to JSON), `POST /v2/pipeline`, `POST /v3/pipeline` and `POST /v3/cursor` (JSON only).
 * - Stream requests: execute, batch (with ok/error/not/and/or/is_autocommit conditions), sequence,
 *   describe, store_sql, close_sql, get_autocommit, close.
 * - Streams are identified by batons, rotated on every answer and dropped after `streamIdleMs` without
 *   a request (rolling back what they left open).
 * - Transactions: `BEGIN …` opens a `client.transaction()` owned by the stream; `COMMIT`/`END`/
 *   `ROLLBACK` settle it. While a stream is inside a transaction, requests of other streams wait
 *   (transactions are serialized, like SQLite's single writer, and no reader sees uncommitted data).
 *   Known simplification: `SAVEPOINT` outside a transaction opens a deferred transaction that its
 *   `RELEASE` does not commit (send COMMIT). Connection-level PRAGMAs are shared by all streams. An
 *   `EXPLAIN` sent through `execute` may block a later COMMIT on the connection (a libsql quirk: the
 *   statement stays "in progress" until garbage-collected); `describe` avoids it.
 */
import {
  createClient,
  LibsqlError,
  type Client,
  type InArgs,
  type InValue,
  type ResultSet,
  type Transaction,
  type TransactionMode,
} from '@libsql/client';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HranaServerOptions {
  /** `file:path/to.db` or `:memory:`. */
  url: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** When set, requests must carry `Authorization: Bearer <authToken>`. */
  authToken?: string;
  /** Streams (and their open transactions) are dropped after this long without a request. Default 10 s. */
  streamIdleMs?: number;
}

export interface HranaServer {
  /** `http://127.0.0.1:<port>`: give it to `@libsql/client` as the database URL. */
  url: string;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------
// Wire types (Hrana JSON encoding)

type WireValue =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };

interface WireStmt {
  sql?: string;
  sql_id?: number;
  args?: WireValue[];
  named_args?: { name: string; value: WireValue }[];
  want_rows?: boolean;
}

interface WireError {
  message: string;
  code?: string;
}

interface WireStmtResult {
  cols: { name: string | null; decltype: string | null }[];
  rows: WireValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
  rows_read: number;
  rows_written: number;
  query_duration_ms: number;
}

type WireCond =
  | { type: 'ok' | 'error'; step: number }
  | { type: 'not'; cond: WireCond }
  | { type: 'and' | 'or'; conds: WireCond[] }
  | { type: 'is_autocommit' };

interface WireBatch {
  steps: { condition?: WireCond | null; stmt: WireStmt }[];
}

interface WireBatchResult {
  step_results: (WireStmtResult | null)[];
  step_errors: (WireError | null)[];
}

type StreamRequest =
  | { type: 'close' }
  | { type: 'execute'; stmt: WireStmt }
  | { type: 'batch'; batch: WireBatch }
  | { type: 'sequence'; sql?: string; sql_id?: number }
  | { type: 'describe'; sql?: string; sql_id?: number }
  | { type: 'store_sql'; sql_id: number; sql: string }
  | { type: 'close_sql'; sql_id: number }
  | { type: 'get_autocommit' };

type StreamResult =
  { type: 'ok'; response: Record<string, unknown> & { type: string } } | { type: 'error'; error: WireError };

/** A failure answered to the client as a Hrana error (never a crash of the server). */
class HranaError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------------
// Values

function decodeValue(v: WireValue | undefined): InValue {
  if (!v || typeof v !== 'object') throw new HranaError('Invalid value in arguments', 'HRANA_PROTO_ERROR');
  switch (v.type) {
    case 'null':
      return null;
    case 'integer':
      return BigInt(v.value);
    case 'float':
      return Number(v.value);
    case 'text':
      return String(v.value);
    case 'blob': {
      const buf = Buffer.from(v.base64 ?? '', 'base64');
      return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
    }
    default:
      throw new HranaError(`Unknown value type ${JSON.stringify((v as { type: unknown }).type)}`, 'HRANA_PROTO_ERROR');
  }
}

function encodeValue(v: unknown): WireValue {
  if (v === null || v === undefined) return { type: 'null' };
  if (typeof v === 'bigint') return { type: 'integer', value: v.toString() };
  // The client runs with intMode 'bigint', so every JS number is a REAL.
  if (typeof v === 'number') return { type: 'float', value: v };
  if (typeof v === 'string') return { type: 'text', value: v };
  if (typeof v === 'boolean') return { type: 'integer', value: v ? '1' : '0' };
  if (v instanceof ArrayBuffer) return { type: 'blob', base64: Buffer.from(v).toString('base64') };
  if (ArrayBuffer.isView(v))
    return { type: 'blob', base64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') };
  return { type: 'text', value: String(v) };
}

function errorOf(err: unknown): WireError {
  if (err instanceof HranaError) return { message: err.message, code: err.code };
  if (err instanceof LibsqlError) {
    // LibsqlError prefixes its message with the code; the client adds the code again, so send the bare message.
    const cause = err.cause instanceof Error ? err.cause.message : err.message.replace(/^[A-Z_]+: /, '');
    return { message: cause, code: err.code };
  }
  return { message: err instanceof Error ? err.message : String(err), code: 'UNKNOWN' };
}

// ---------------------------------------------------------------------------------------------------
// SQL classification (transaction control is handled by the server, the rest goes to libSQL)

const BEGIN = /^\s*BEGIN(?:\s+(DEFERRED|IMMEDIATE|EXCLUSIVE))?(?:\s+TRANSACTION)?(?:\s+(READONLY))?\s*;?\s*$/i;
const COMMIT = /^\s*(?:COMMIT|END)(?:\s+TRANSACTION)?\s*;?\s*$/i;
const ROLLBACK = /^\s*ROLLBACK(?:\s+TRANSACTION)?\s*;?\s*$/i;
const SAVEPOINT = /^\s*SAVEPOINT\b/i;
const DML = /^\s*(?:INSERT|UPDATE|DELETE|REPLACE)\b/i;

/** An approximation of sqlite3_stmt_readonly from the statement's text. */
function isReadonlySql(sql: string): boolean {
  if (/^\s*(SELECT|VALUES|EXPLAIN|BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b/i.test(sql)) return true;
  if (/^\s*WITH\b/i.test(sql)) return !/\b(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql);
  if (/^\s*PRAGMA\b/i.test(sql)) return !/=/.test(sql);
  return false;
}

function beginMode(m: RegExpExecArray): TransactionMode {
  if (m[2]) return 'read';
  const kind = (m[1] ?? 'DEFERRED').toUpperCase();
  return kind === 'DEFERRED' ? 'deferred' : 'write';
}

/** The parameters of a statement, as sqlite3_bind_parameter_name would name them (null for `?`). */
function describeParams(sql: string): { name: string | null }[] {
  const params: (string | null)[] = [];
  const named = new Map<string, number>();
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (ch === "'" || ch === '"' || ch === '`' || ch === '[') {
      const close = ch === '[' ? ']' : ch;
      i = sql.indexOf(close, i + 1);
      if (i < 0) break;
      i++;
    } else if (ch === '-' && sql[i + 1] === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? sql.length : nl + 1;
    } else if (ch === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (ch === '?') {
      const m = /^\?(\d*)/.exec(sql.slice(i))!;
      if (m[1]) {
        const n = Number(m[1]);
        while (params.length < n) params.push(null);
        params[n - 1] = `?${m[1]}`;
      } else {
        params.push(null);
      }
      i += m[0].length;
    } else if ((ch === ':' || ch === '@' || ch === '$') && /[A-Za-z0-9_]/.test(sql[i + 1] ?? '')) {
      const m = /^[:@$][A-Za-z0-9_]+/.exec(sql.slice(i))!;
      if (!named.has(m[0])) {
        params.push(m[0]);
        named.set(m[0], params.length);
      }
      i += m[0].length;
    } else {
      i++;
    }
  }
  return params.map((name) => ({ name }));
}

// ---------------------------------------------------------------------------------------------------
// Streams

class Stream {
  tx: Transaction | null = null;
  readonly sqls = new Map<number, string>();
  baton: string | null = null;
  timer: NodeJS.Timeout | undefined;
  active = false;
  closed = false;
}

export async function startHranaServer(opts: HranaServerOptions): Promise<HranaServer> {
  const url = opts.url === ':memory:' ? 'file::memory:' : opts.url;
  // One connection: streams take turns on it (see the scheduler below), which keeps transactions exact.
  const client: Client = createClient({ url, intMode: 'bigint', concurrency: 1 });
  // As sqld keeps its databases: a write-ahead log, synced at checkpoints rather than on every commit.
  if (url !== 'file::memory:') {
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA synchronous = NORMAL');
  }
  const idleMs = opts.streamIdleMs ?? 10_000;
  const streams = new Map<string, Stream>();

  // --- Scheduler: one request at a time, and a stream inside a transaction owns the database.
  let owner: Stream | null = null;
  let busy = false;
  let waiters: (() => void)[] = [];
  const wake = () => {
    const w = waiters;
    waiters = [];
    w.forEach((f) => f());
  };
  async function acquire(s: Stream) {
    while (busy || (owner && owner !== s)) await new Promise<void>((r) => waiters.push(r));
    busy = true;
  }
  function release(s: Stream) {
    if (s.tx) owner = s;
    else if (owner === s) owner = null;
    busy = false;
    wake();
  }

  function newBaton(s: Stream) {
    if (s.baton) streams.delete(s.baton);
    s.baton = randomBytes(18).toString('base64url');
    streams.set(s.baton, s);
    return s.baton;
  }

  function dropTx(s: Stream) {
    const tx = s.tx;
    s.tx = null;
    if (tx) {
      try {
        tx.close(); // rolls back if still open
      } catch {
        // nothing more to do
      }
    }
  }

  function closeStream(s: Stream) {
    s.closed = true;
    clearTimeout(s.timer);
    if (s.baton) streams.delete(s.baton);
    s.baton = null;
    dropTx(s);
    if (owner === s) {
      owner = null;
      wake();
    }
  }

  function armExpiry(s: Stream) {
    clearTimeout(s.timer);
    s.timer = setTimeout(() => {
      if (!s.active) closeStream(s);
    }, idleMs);
    s.timer.unref();
  }

  // --- Statement execution

  function sqlOf(s: Stream, r: { sql?: string; sql_id?: number }): string {
    if (typeof r.sql === 'string') return r.sql;
    if (typeof r.sql_id === 'number') {
      const sql = s.sqls.get(r.sql_id);
      if (sql === undefined) throw new HranaError(`SQL text ${r.sql_id} is not stored on this stream`, 'SQL_NOT_FOUND');
      return sql;
    }
    throw new HranaError('The statement has neither sql nor sql_id', 'HRANA_PROTO_ERROR');
  }

  function argsOf(sql: string, stmt: WireStmt): InArgs {
    const positional = (stmt.args ?? []).map(decodeValue);
    const named = stmt.named_args ?? [];
    if (named.length === 0) return positional;
    // (libsql's native binding panics, killing the process, on named arguments for a statement with a bare `?`.)
    if (positional.length > 0 || describeParams(sql).some((p) => p.name === null)) {
      throw new HranaError('Mixing positional and named arguments is not supported by this server', 'ARGS_INVALID');
    }
    return Object.fromEntries(named.map((a) => [a.name, decodeValue(a.value)]));
  }

  /** Runs one statement on the stream's transaction, or on the connection in autocommit mode. */
  async function run(s: Stream, sql: string, args: InArgs = []): Promise<ResultSet> {
    const begin = BEGIN.exec(sql);
    if (begin) {
      if (s.tx) throw new HranaError('cannot start a transaction within a transaction', 'SQLITE_ERROR');
      s.tx = await client.transaction(beginMode(begin));
      return emptyResult();
    }
    if (COMMIT.test(sql) || ROLLBACK.test(sql)) {
      const tx = s.tx;
      if (!tx)
        throw new HranaError(
          `cannot ${COMMIT.test(sql) ? 'commit' : 'rollback'} - no transaction is active`,
          'SQLITE_ERROR',
        );
      s.tx = null;
      if (COMMIT.test(sql)) await tx.commit();
      else await tx.rollback();
      return emptyResult();
    }
    if (!s.tx && SAVEPOINT.test(sql)) s.tx = await client.transaction('deferred');
    try {
      const stmt = { sql, args };
      const rs = s.tx ? await s.tx.execute(stmt) : await client.execute(stmt);
      if (rs.columns.length > 0 && DML.test(sql)) {
        // `… RETURNING` runs as a query, which does not report changes: ask the connection.
        const info = s.tx
          ? await s.tx.execute('SELECT changes(), last_insert_rowid()')
          : await client.execute('SELECT changes(), last_insert_rowid()');
        const row = info.rows[0];
        return Object.assign(rs, {
          rowsAffected: Number(row?.[0] ?? 0),
          lastInsertRowid: BigInt((row?.[1] as bigint | undefined) ?? 0n),
        });
      }
      return rs;
    } finally {
      // An error (or RELEASE of the outermost savepoint) may have ended the transaction.
      if (s.tx?.closed) dropTx(s);
    }
  }

  async function execute(s: Stream, stmt: WireStmt): Promise<WireStmtResult> {
    const sql = sqlOf(s, stmt);
    const args = argsOf(sql, stmt);
    const started = performance.now();
    const rs = await run(s, sql, args);
    return {
      cols: rs.columns.map((name, i) => ({ name, decltype: rs.columnTypes[i] || null })),
      rows:
        stmt.want_rows === false
          ? []
          : rs.rows.map((row) => Array.from({ length: rs.columns.length }, (_, i) => encodeValue(row[i]))),
      affected_row_count: rs.rowsAffected,
      last_insert_rowid: rs.lastInsertRowid === undefined ? null : rs.lastInsertRowid.toString(),
      rows_read: 0,
      rows_written: 0,
      query_duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
    };
  }

  function evalCond(s: Stream, cond: WireCond, outcomes: ('ok' | 'error' | 'skipped')[]): boolean {
    switch (cond.type) {
      case 'ok':
        return outcomes[cond.step] === 'ok';
      case 'error':
        return outcomes[cond.step] === 'error';
      case 'not':
        return !evalCond(s, cond.cond, outcomes);
      case 'and':
        return cond.conds.every((c) => evalCond(s, c, outcomes));
      case 'or':
        return cond.conds.some((c) => evalCond(s, c, outcomes));
      case 'is_autocommit':
        return !s.tx;
      default:
        throw new HranaError(
          `Unknown batch condition ${JSON.stringify((cond as { type: unknown }).type)}`,
          'HRANA_PROTO_ERROR',
        );
    }
  }

  async function batch(s: Stream, b: WireBatch): Promise<WireBatchResult> {
    const out: WireBatchResult = { step_results: [], step_errors: [] };
    const outcomes: ('ok' | 'error' | 'skipped')[] = [];
    for (const step of b.steps ?? []) {
      if (step.condition && !evalCond(s, step.condition, outcomes)) {
        outcomes.push('skipped');
        out.step_results.push(null);
        out.step_errors.push(null);
        continue;
      }
      try {
        out.step_results.push(await execute(s, step.stmt));
        out.step_errors.push(null);
        outcomes.push('ok');
      } catch (err) {
        out.step_results.push(null);
        out.step_errors.push(errorOf(err));
        outcomes.push('error');
      }
    }
    return out;
  }

  async function describe(s: Stream, sql: string) {
    // Compile without running, to report syntax and schema errors. (Through exec: libsql leaves an
    // EXPLAIN read through a prepared statement "in progress", which then blocks COMMIT.)
    await sequence(s, `EXPLAIN ${sql.replace(/;\s*$/, '')}`);
    const isExplain = /^\s*EXPLAIN\b/i.test(sql);
    const isReadonly = isReadonlySql(sql);
    const params = describeParams(sql);
    let cols: { name: string; decltype: string | null }[] = [];
    if (isExplain) {
      cols = ['addr', 'opcode', 'p1', 'p2', 'p3', 'p4', 'p5', 'comment'].map((name) => ({ name, decltype: null }));
    } else if (isReadonly && /^\s*(SELECT|WITH|VALUES)\b/i.test(sql)) {
      // Unbound parameters are NULL, which is all a LIMIT 0 query needs.
      const rs = await run(s, `SELECT * FROM (${sql.replace(/;\s*$/, '')}) LIMIT 0`);
      cols = rs.columns.map((name, i) => ({ name, decltype: rs.columnTypes[i] || null }));
    }
    return { params, cols, is_explain: isExplain, is_readonly: isReadonly };
  }

  async function sequence(s: Stream, sql: string) {
    if (s.tx) await s.tx.executeMultiple(sql);
    else await client.executeMultiple(sql);
    if (s.tx?.closed) dropTx(s);
  }

  async function handle(s: Stream, req: StreamRequest): Promise<StreamResult> {
    try {
      if (s.closed) throw new HranaError('The stream is closed', 'STREAM_CLOSED');
      switch (req.type) {
        case 'close':
          closeStream(s);
          return { type: 'ok', response: { type: 'close' } };
        case 'execute':
          return { type: 'ok', response: { type: 'execute', result: await execute(s, req.stmt) } };
        case 'batch':
          return { type: 'ok', response: { type: 'batch', result: await batch(s, req.batch) } };
        case 'sequence':
          await sequence(s, sqlOf(s, req));
          return { type: 'ok', response: { type: 'sequence' } };
        case 'describe':
          return { type: 'ok', response: { type: 'describe', result: await describe(s, sqlOf(s, req)) } };
        case 'store_sql':
          s.sqls.set(req.sql_id, req.sql);
          return { type: 'ok', response: { type: 'store_sql' } };
        case 'close_sql':
          s.sqls.delete(req.sql_id);
          return { type: 'ok', response: { type: 'close_sql' } };
        case 'get_autocommit':
          return { type: 'ok', response: { type: 'get_autocommit', is_autocommit: !s.tx } };
        default:
          throw new HranaError(
            `Unknown request type ${JSON.stringify((req as { type: unknown }).type)}`,
            'HRANA_PROTO_ERROR',
          );
      }
    } catch (err) {
      return { type: 'error', error: errorOf(err) };
    }
  }

  /** Finds (or opens) the stream of a baton and runs `work` on it with the database to itself. */
  async function withStream<T>(baton: unknown, work: (s: Stream) => Promise<T>): Promise<{ s: Stream; value: T }> {
    let s: Stream;
    if (baton === undefined || baton === null) {
      s = new Stream();
    } else {
      const found = typeof baton === 'string' ? streams.get(baton) : undefined;
      if (!found) throw new HranaError('The stream has expired or the baton is invalid', 'STREAM_EXPIRED');
      s = found;
    }
    s.active = true;
    clearTimeout(s.timer);
    await acquire(s);
    try {
      return { s, value: await work(s) };
    } finally {
      s.active = false;
      if (!s.closed) {
        newBaton(s);
        armExpiry(s);
      }
      release(s);
    }
  }

  async function pipeline(body: { baton?: string | null; requests?: StreamRequest[] }) {
    if (!Array.isArray(body.requests)) throw new HranaError('The pipeline has no requests array', 'HRANA_PROTO_ERROR');
    const { s, value } = await withStream(body.baton, async (st) => {
      const results: StreamResult[] = [];
      for (const req of body.requests!) results.push(await handle(st, req));
      return results;
    });
    return { baton: s.closed ? null : s.baton, base_url: null, results: value };
  }

  async function cursor(body: { baton?: string | null; batch?: WireBatch }): Promise<string> {
    if (!body.batch) throw new HranaError('The cursor request has no batch', 'HRANA_PROTO_ERROR');
    const { s, value } = await withStream(body.baton, (st) => batch(st, body.batch!));
    const lines: unknown[] = [{ baton: s.closed ? null : s.baton, base_url: null }];
    value.step_results.forEach((result, step) => {
      const error = value.step_errors[step];
      if (error) lines.push({ type: 'step_error', step, error });
      else if (result) {
        lines.push({ type: 'step_begin', step, cols: result.cols });
        for (const row of result.rows) lines.push({ type: 'row', row });
        lines.push({
          type: 'step_end',
          affected_row_count: result.affected_row_count,
          last_insert_rowid: result.last_insert_rowid,
        });
      }
    });
    return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  }

  // --- HTTP

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 32 * 1024 * 1024) throw new HranaError('Request body too large', 'BODY_TOO_LARGE', 413);
      chunks.push(chunk as Buffer);
    }
    try {
      const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      if (!value || typeof value !== 'object') throw new Error('not an object');
      return value as Record<string, unknown>;
    } catch {
      throw new HranaError('The request body is not a JSON object', 'HRANA_PROTO_ERROR');
    }
  }

  function send(res: ServerResponse, status: number, type: string, body: string) {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '') || '/';
    if (opts.authToken !== undefined && req.headers.authorization !== `Bearer ${opts.authToken}`) {
      return send(
        res,
        401,
        'application/json',
        JSON.stringify({ message: 'Unauthorized: wrong or missing token', code: 'UNAUTHORIZED' }),
      );
    }
    if (req.method === 'GET' && (path === '/' || path === '/health' || path === '/v2' || path === '/v3')) {
      return send(res, 200, 'text/plain', 'Hrana test server\n');
    }
    if (req.method === 'POST' && (path === '/v2/pipeline' || path === '/v3/pipeline')) {
      const out = await pipeline((await readJson(req)) as Parameters<typeof pipeline>[0]);
      return send(res, 200, 'application/json', JSON.stringify(out));
    }
    if (req.method === 'POST' && path === '/v3/cursor') {
      const out = await cursor((await readJson(req)) as Parameters<typeof cursor>[0]);
      return send(res, 200, 'text/plain', out);
    }
    return send(res, 404, 'text/plain', `Not found: ${req.method} ${path}\n`);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      const status = err instanceof HranaError ? err.status : 500;
      if (!res.headersSent) send(res, status, 'application/json', JSON.stringify(errorOf(err)));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 1_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const s of new Set(streams.values())) closeStream(s);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      client.close();
    },
  };
}

function emptyResult(): ResultSet {
  return { columns: [], columnTypes: [], rows: [], rowsAffected: 0, lastInsertRowid: undefined, toJSON: () => ({}) };
}
