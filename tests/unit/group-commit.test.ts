import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { GroupCommit } from '../../src/services/group-commit';

async function setup() {
  const client = createClient({ url: ':memory:' });
  await client.execute('create table t (k text primary key, v text)');
  return { client, batcher: new GroupCommit(createDb(client)) };
}
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
    let batches = 0;
    const batch = client.batch.bind(client);
    client.batch = ((stmts: Parameters<typeof batch>[0], mode?: Parameters<typeof batch>[1]) => (
      batches++,
      batch(stmts, mode)
    )) as typeof client.batch;
    const [row, [inserted], [read]] = await Promise.all([
      g.write({ sql: 'insert into t (k, v) values (?, ?)', args: ['a', '1'] }),
      g.run([db.run(sql`insert into t (k, v) values ('b', '2')`)], 5),
      g.run([db.all(sql`select k, v from t order by k`)], 5, { reads: true }),
    ]);
    expect(row).toBeUndefined();
    expect((inserted as { rowsAffected: number }).rowsAffected).toBe(1);
    // Reads go after every writer of the batch: they see both rows.
    expect(read).toEqual([
      { k: 'a', v: '1' },
      { k: 'b', v: '2' },
    ]);
    expect(batches).toBe(1);
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
