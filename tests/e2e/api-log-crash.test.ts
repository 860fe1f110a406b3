import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpCustomer } from './support/http-api';
import { freshDbFile, startServer, type RunningServer } from './support/server';

const CONCURRENCY = 40;
/** Kill once this many calls were answered, with more in flight. */
const KILL_AFTER = 300;

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const s of stops.reverse()) await s();
});

describe('API log durability', () => {
  it('has every answered call in the log after a SIGKILL in the middle of a burst', async () => {
    const dbFile = freshDbFile();
    const server: RunningServer = await startServer({}, { dbFile });
    stops.push(() => server.stop('SIGKILL'));
    const user = await new HttpCustomer(server.url).register();
    const phone = (await user.post<{ id: number }>('/addPhone', {})).body.id;

    const answered: string[] = [];
    let killed = false;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, w) => {
        for (let i = 0; !killed; i++) {
          try {
            const res = await user.post(`/${phone}/sendMessage`, {
              to_number: '905301234561',
              message: `burst ${w}-${i}`,
              skip_filter: true,
            });
            if (res.status === 200) answered.push(res.body.data.msgId as string);
          } catch {
            return; // the server is gone
          }
          if (answered.length >= KILL_AFTER && !killed) {
            killed = true;
            await server.stop('SIGKILL');
          }
        }
      }),
    );
    const db = createClient({ url: `file:${dbFile}` });
    const rows = await db.execute("select data from logs where data like '%sendMessage%'");
    db.close();
    const logged = new Set(
      rows.rows.map(
        (r) => (JSON.parse(String(r.data)) as { response?: { data?: { msgId?: string } } }).response?.data?.msgId,
      ),
    );
    const missing = answered.filter((id) => !logged.has(id));
    console.log(
      `${answered.length} sendMessage calls answered before the SIGKILL; ${missing.length} missing from the API log`,
    );
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(missing).toEqual([]);
  });
});
