import { createClient, LibsqlError, type Client } from '@libsql/client/web';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { startHranaServer, type HranaServer } from '../support/hrana-server';

let dir: string;
let server: HranaServer;
let client: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wapi-hrana-'));
  server = await startHranaServer({ url: `file:${join(dir, 'test.db')}`, streamIdleMs: 2_000 });
  client = createClient({ url: server.url });
});

afterAll(async () => {
  client?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Hrana test server, through @libsql/client/web', () => {
  it('answers the version probes', async () => {
    expect((await fetch(`${server.url}/v2`)).status).toBe(200);
    expect((await fetch(`${server.url}/v3`)).status).toBe(200);
    expect((await fetch(`${server.url}/v3-protobuf`)).status).toBe(404);
  });

  it('creates a table, inserts with positional and named args, and selects every value type', async () => {
    await client.execute(
      'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, price REAL, data BLOB, note TEXT)',
    );
    const a = await client.execute({
      sql: 'INSERT INTO items (name, price, data) VALUES (?, ?, ?)',
      args: ['apple', 1.5, new Uint8Array([1, 2, 255])],
    });
    expect(a.rowsAffected).toBe(1);
    expect(a.lastInsertRowid).toBe(1n);
    const b = await client.execute({
      sql: 'INSERT INTO items (name, price) VALUES (:name, $price)',
      args: { name: 'pear', price: 2 },
    });
    expect(b.lastInsertRowid).toBe(2n);

    const rs = await client.execute({
      sql: 'SELECT id, name, price, data, note FROM items WHERE id <= ? ORDER BY id',
      args: [10],
    });
    expect(rs.columns).toEqual(['id', 'name', 'price', 'data', 'note']);
    expect(rs.columnTypes).toEqual(['INTEGER', 'TEXT', 'REAL', 'BLOB', 'TEXT']);
    expect(rs.rows).toHaveLength(2);
    const [apple, pear] = rs.rows;
    expect(apple!.id).toBe(1);
    expect(apple!.name).toBe('apple');
    expect(apple!.price).toBe(1.5);
    expect([...new Uint8Array(apple!.data as ArrayBuffer)]).toEqual([1, 2, 255]);
    expect(apple!.note).toBeNull();
    expect(pear!.price).toBe(2); // a REAL that happens to be whole
  });

  it('reports changes and the rowid of INSERT … RETURNING', async () => {
    const rs = await client.execute({ sql: 'INSERT INTO items (name) VALUES (?) RETURNING id, name', args: ['plum'] });
    expect(rs.rows[0]).toMatchObject({ id: 3, name: 'plum' });
    expect(rs.rowsAffected).toBe(1);
    expect(rs.lastInsertRowid).toBe(3n);
  });

  it('runs a batch atomically and rolls it back when a statement fails', async () => {
    const ok = await client.batch(
      [
        { sql: 'INSERT INTO items (name) VALUES (?)', args: ['kiwi'] },
        { sql: 'UPDATE items SET note = ? WHERE name = ?', args: ['green', 'kiwi'] },
        'SELECT count(*) AS n FROM items',
      ],
      'write',
    );
    expect(ok[1]!.rowsAffected).toBe(1);
    expect(ok[2]!.rows[0]!.n).toBe(4);

    await expect(
      client.batch(
        [
          { sql: 'INSERT INTO items (name) VALUES (?)', args: ['fig'] },
          { sql: 'INSERT INTO items (name) VALUES (?)', args: ['apple'] },
        ],
        'write',
      ),
    ).rejects.toThrow(/UNIQUE constraint failed/);
    const figs = await client.execute("SELECT count(*) AS n FROM items WHERE name = 'fig'");
    expect(figs.rows[0]!.n).toBe(0);
  });

  it('keeps an interactive transaction on its stream: commit and rollback', async () => {
    const tx = await client.transaction('write');
    await tx.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['lime'] });
    const inside = await tx.execute("SELECT count(*) AS n FROM items WHERE name = 'lime'");
    expect(inside.rows[0]!.n).toBe(1);
    await tx.commit();
    expect((await client.execute("SELECT count(*) AS n FROM items WHERE name = 'lime'")).rows[0]!.n).toBe(1);

    const tx2 = await client.transaction('write');
    await tx2.execute({ sql: 'DELETE FROM items WHERE name = ?', args: ['lime'] });
    await tx2.rollback();
    expect((await client.execute("SELECT count(*) AS n FROM items WHERE name = 'lime'")).rows[0]!.n).toBe(1);
  });

  it('makes other streams wait while a transaction is open, and they see only committed data', async () => {
    const tx = await client.transaction('write');
    await tx.execute("INSERT INTO items (name) VALUES ('cherry')");
    let outsideDone = false;
    const outside = client.execute("SELECT count(*) AS n FROM items WHERE name = 'cherry'").then((rs) => {
      outsideDone = true;
      return rs.rows[0]!.n;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(outsideDone).toBe(false);
    await tx.commit();
    expect(await outside).toBe(1);
  });

  it('answers bad SQL with a proper error and keeps serving', async () => {
    const err = await client.execute('SELEC nonsense').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LibsqlError);
    expect((err as LibsqlError).code).toBe('SQLITE_ERROR');
    expect((err as LibsqlError).message).toMatch(/syntax error/);

    await expect(client.execute('SELECT * FROM no_such_table')).rejects.toThrow(/no such table: no_such_table/);
    await expect(client.execute("INSERT INTO items (name) VALUES ('apple')")).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT',
    });

    // An error inside a transaction does not end it.
    const tx = await client.transaction('write');
    await expect(tx.execute('SELECT * FROM nope')).rejects.toThrow(/no such table/);
    await tx.execute("INSERT INTO items (name) VALUES ('date')");
    await tx.commit();
    expect((await client.execute("SELECT count(*) AS n FROM items WHERE name = 'date'")).rows[0]!.n).toBe(1);
  });

  it('answers protocol errors with HTTP errors, not crashes', async () => {
    const bad = await fetch(`${server.url}/v2/pipeline`, { method: 'POST', body: 'not json' });
    expect(bad.status).toBe(400);
    const expired = await fetch(`${server.url}/v2/pipeline`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ baton: 'nope', requests: [{ type: 'close' }] }),
    });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ code: 'STREAM_EXPIRED' });
    expect((await client.execute('SELECT 1 AS one')).rows[0]!.one).toBe(1);
  });

  it('runs multi-statement SQL (sequence) and describe', async () => {
    await client.executeMultiple(
      'CREATE TABLE seq (x INTEGER); INSERT INTO seq VALUES (1); INSERT INTO seq VALUES (2);',
    );
    expect((await client.execute('SELECT sum(x) AS s FROM seq')).rows[0]!.s).toBe(3);

    const res = await fetch(`${server.url}/v2/pipeline`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        baton: null,
        requests: [
          { type: 'store_sql', sql_id: 1, sql: 'SELECT name, price FROM items WHERE id = ? AND name = :n' },
          { type: 'describe', sql_id: 1 },
          { type: 'describe', sql: 'DELETE FROM items WHERE id = ?1' },
          { type: 'execute', stmt: { sql_id: 1, args: [], named_args: [], want_rows: true } },
          { type: 'get_autocommit' },
          { type: 'close_sql', sql_id: 1 },
          { type: 'close' },
        ],
      }),
    });
    const body = (await res.json()) as {
      baton: string | null;
      results: { type: string; response?: { result?: unknown; is_autocommit?: boolean } }[];
    };
    expect(body.baton).toBeNull();
    expect(body.results.map((r) => r.type)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    expect(body.results[1]!.response!.result).toEqual({
      params: [{ name: null }, { name: ':n' }],
      cols: [
        { name: 'name', decltype: 'TEXT' },
        { name: 'price', decltype: 'REAL' },
      ],
      is_explain: false,
      is_readonly: true,
    });
    expect(body.results[2]!.response!.result).toMatchObject({ params: [{ name: '?1' }], cols: [], is_readonly: false });
    expect(body.results[4]!.response!.is_autocommit).toBe(true);
  });

  it('applies the drizzle migrations through it', async () => {
    const db = createDb(createClient({ url: server.url }));
    await migrateDb(db);
    await migrateDb(db); // idempotent
    const tables = await db.all<{ name: string }>(
      sql`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`,
    );
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['__drizzle_migrations', 'users']));
  });
});
