import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createDb } from '../../db/client';
import { END_OF_TURN, GroupCommit } from '../../src/services/group-commit';

async function setup() {
  const client = createClient({ url: ':memory:' });
  await client.execute('create table t (k text primary key, v text)');
  return { client, batcher: new GroupCommit(createDb(client)) };
}

/** Counts the client's batches; while `hold` is set, a batch waits for it before committing. */
function countBatches(client: ReturnType<typeof createClient>) {
  const seen = { batches: 0, hold: null as Promise<void> | null };
  const batch = client.batch.bind(client);
  client.batch = (async (stmts: Parameters<typeof batch>[0], mode?: Parameters<typeof batch>[1]) => {
    seen.batches++;
    if (seen.hold) await seen.hold;
    return batch(stmts, mode);
  }) as typeof client.batch;
  return seen;
}
const row = (k: string) => ({ sql: 'insert into t (k, v) values (?, ?)', args: [k, '1'] });
const keys = async (client: ReturnType<typeof createClient>) =>
  (await client.execute('select k from t order by k')).rows.map((r) => r.k);

describe('GroupCommit groups', () => {
  it('hands back each statement of a group its own result, beside merged single rows', async () => {
    const { client, batcher } = await setup();
    const [, group] = await Promise.all([
      batcher.write({ sql: 'insert into t (k, v) values (?, ?)', args: ['e', '5'] }),
      batcher.runSql([
        { sql: 'insert into t (k, v) values (?, ?)', args: ['a', '1'] },
        { sql: "insert into t (k, v) select ?, ? where not exists (select 1 from t where k = 'a')", args: ['b', '2'] },
        { sql: 'insert into t (k, v) values (?, ?) on conflict (k) do nothing', args: ['c', '3'] },
      ]),
      batcher.write({ sql: 'insert into t (k, v) values (?, ?)', args: ['d', '4'] }),
    ]);
    // In order, in one commit with the single rows: 'a' was written first, so 'b' was not.
    expect(group.map((r) => r.rowsAffected)).toEqual([1, 0, 1]);
    expect(await keys(client)).toEqual(['a', 'c', 'd', 'e']);
  });

  it('commits a group all or nothing when its batch fails, and its neighbours still commit', async () => {
    const { client, batcher } = await setup();
    await batcher.write({ sql: 'insert into t (k, v) values (?, ?)', args: ['taken', '0'] });
    const results = await Promise.allSettled([
      batcher.write({ sql: 'insert into t (k, v) values (?, ?)', args: ['n1', '1'] }),
      batcher.runSql([
        { sql: 'insert into t (k, v) values (?, ?)', args: ['g1', '1'] },
        { sql: 'insert into t (k, v) values (?, ?)', args: ['taken', '2'] },
      ]),
      batcher.runSql([{ sql: 'insert into t (k, v) values (?, ?)', args: ['g2', '1'] }]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await keys(client)).toEqual(['g2', 'n1', 'taken']);
  });
});

describe('GroupCommit: raw SQL and drizzle queries in one batch', () => {
  it('answers each caller its own results, a drizzle query mapped as the ORM would, in one transaction', async () => {
    const client = createClient({ url: ':memory:' });
    await client.execute('create table t (k text primary key, v text)');
    const db = createDb(client);
    const g = new GroupCommit(db);
    const seen = countBatches(client);
    const [single, [inserted], [read]] = await Promise.all([
      g.write({ sql: 'insert into t (k, v) values (?, ?)', args: ['a', '1'] }),
      g.run([db.run(sql`insert into t (k, v) values ('b', '2')`)], 5),
      g.run([db.all(sql`select k, v from t order by k`)], 5, { reads: true }),
    ]);
    expect(single).toBeUndefined();
    expect((inserted as { rowsAffected: number }).rowsAffected).toBe(1);
    // Reads go after every writer of the batch: they see both rows.
    expect(read).toEqual([
      { k: 'a', v: '1' },
      { k: 'b', v: '2' },
    ]);
    expect(seen.batches).toBe(1);
  });

  it('leaves when the most impatient caller is due, and commits batches one after the other', async () => {
    const client = createClient({ url: ':memory:' });
    await client.execute('create table t (k text primary key, v text)');
    const g = new GroupCommit(createDb(client));
    const t0 = Date.now();
    const slow = g.runSql([{ sql: 'insert into t (k, v) values (?, ?)', args: ['slow', '1'] }], 1_000);
    await g.runSql([{ sql: 'insert into t (k, v) values (?, ?)', args: ['fast', '1'] }], 1);
    await slow;
    expect(Date.now() - t0).toBeLessThan(500);
    expect(await keys(client)).toEqual(['fast', 'slow']);
  });
});

describe('GroupCommit: end of turn', () => {
  it('commits writes queued in one turn together at its end, with no window to wait out', async () => {
    const { client, batcher } = await setup();
    const seen = countBatches(client);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      await Promise.all([batcher.write(row('a'), END_OF_TURN), batcher.write(row('b'), END_OF_TURN)]);
      for (let i = 0; i < 3; i++) await batcher.write(row(`s${i}`), END_OF_TURN);
      expect(timers).not.toHaveBeenCalled();
    } finally {
      timers.mockRestore();
    }
    expect(seen.batches).toBe(4);
    expect(await keys(client)).toEqual(['a', 'b', 's0', 's1', 's2']);
  });

  it('holds what queues while a batch commits and sends it as one batch, however many callers flush', async () => {
    const { client, batcher } = await setup();
    const seen = countBatches(client);
    let release!: () => void;
    seen.hold = new Promise((r) => (release = r));
    const first = batcher.write(row('first'), END_OF_TURN);
    await new Promise((r) => setImmediate(r));
    expect(seen.batches).toBe(1);
    // The first batch is in flight: writers and readers' flushes in turn all wait for it.
    const later = [batcher.write(row('x'), END_OF_TURN)];
    const flushes = [batcher.flush()];
    later.push(batcher.write(row('y'), 1));
    flushes.push(batcher.flush());
    later.push(batcher.write(row('z')));
    await new Promise((r) => setTimeout(r, 10));
    expect(seen.batches).toBe(1);
    seen.hold = null;
    release();
    await Promise.all([first, ...later, ...flushes]);
    expect(seen.batches).toBe(2);
    expect(await keys(client)).toEqual(['first', 'x', 'y', 'z']);
  });
});
