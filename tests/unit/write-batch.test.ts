import { createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { WriteBatcher } from '../../src/services/write-batch';

async function setup() {
  const client = createClient({ url: ':memory:' });
  await client.execute('create table t (k text primary key, v text)');
  return { client, batcher: new WriteBatcher(createDb(client)) };
}
const keys = async (client: ReturnType<typeof createClient>) => (await client.execute('select k from t order by k')).rows.map((r) => r.k);

describe('WriteBatcher groups', () => {
  it('hands back each statement of a group its own result, beside merged single rows', async () => {
    const { client, batcher } = await setup();
    const [, group] = await Promise.all([
      batcher.add({ sql: 'insert into t (k, v) values (?, ?)', args: ['e', '5'] }),
      batcher.addGroup([
        { sql: 'insert into t (k, v) values (?, ?)', args: ['a', '1'] },
        { sql: "insert into t (k, v) select ?, ? where not exists (select 1 from t where k = 'a')", args: ['b', '2'] },
        { sql: 'insert into t (k, v) values (?, ?) on conflict (k) do nothing', args: ['c', '3'] },
      ]),
      batcher.add({ sql: 'insert into t (k, v) values (?, ?)', args: ['d', '4'] }),
    ]);
    // In order, in one commit with the single rows: 'a' was written first, so 'b' was not.
    expect(group.map((r) => r.rowsAffected)).toEqual([1, 0, 1]);
    expect(await keys(client)).toEqual(['a', 'c', 'd', 'e']);
  });

  it('commits a group all or nothing when its batch fails, and its neighbours still commit', async () => {
    const { client, batcher } = await setup();
    await batcher.add({ sql: 'insert into t (k, v) values (?, ?)', args: ['taken', '0'] });
    const results = await Promise.allSettled([
      batcher.add({ sql: 'insert into t (k, v) values (?, ?)', args: ['n1', '1'] }),
      batcher.addGroup([
        { sql: 'insert into t (k, v) values (?, ?)', args: ['g1', '1'] },
        { sql: 'insert into t (k, v) values (?, ?)', args: ['taken', '2'] },
      ]),
      batcher.addGroup([{ sql: 'insert into t (k, v) values (?, ?)', args: ['g2', '1'] }]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await keys(client)).toEqual(['g2', 'n1', 'taken']);
  });
});
