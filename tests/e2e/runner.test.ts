import { createClient } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpCustomer, until } from './support/http-api';
import { freshDbFile, startRunner, startServer, type RunningRunner, type RunningServer } from './support/server';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

function track<T extends RunningServer | RunningRunner>(p: T): T {
  cleanup.push(() => p.stop('SIGKILL'));
  return p;
}

async function query(dbFile: string, sql: string, args: (string | number)[] = []) {
  const db = createClient({ url: `file:${dbFile}` });
  await db.execute('PRAGMA busy_timeout = 5000');
  const rs = await db.execute(sql, args);
  db.close();
  return rs.rows;
}

async function holders(dbFile: string): Promise<Record<string, number>> {
  const rows = await query(
    dbFile,
    'select runner_id, count(*) as n from phone_leases where lease_until > ? group by runner_id',
    [Date.now()],
  );
  return Object.fromEntries(rows.map((r) => [String(r.runner_id), Number(r.n)]));
}

describe('phone runner processes', () => {
  it('brings a linked phone back active after SIGKILL and restart, without a new scan', async () => {
    const dbFile = freshDbFile();
    const first = track(await startServer({}, { dbFile }));
    const user = await new HttpCustomer(first.url).register();
    const id = await user.addLinkedPhone('905301110001');
    await first.stop('SIGKILL');

    const second = track(await startServer({}, { dbFile }));
    const again = Object.assign(new HttpCustomer(second.url), { pid: user.pid, token: user.token });
    const started = Date.now();
    await until(async () => (await again.status(id)) === 'active', 20_000, 'phone active after restart');
    console.log(`phone back active ${Date.now() - started} ms after the restart answered`);
    const status = await again.get(`/${id}/status`);
    expect(status.body).toMatchObject({ number: '905301110001', status: { loggedIn: true } });
    expect((await again.get(`/${id}/qrData`)).status).toBe(409);
  });

  it("splits phones between two runners and moves a killed runner's phones within the lease time", async () => {
    const LEASE = 3_000;
    const dbFile = freshDbFile();
    const api = track(await startServer({ RUN_PHONES: 'false', RUNNER_LEASE_MS: String(LEASE) }, { dbFile }));
    const r1 = track(await startRunner(dbFile, 'r1', { RUNNER_LEASE_MS: String(LEASE) }));
    const user = await new HttpCustomer(api.url).register();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await user.addLinkedPhone(`90530111000${i + 2}`));
    // The demo account's seeded phone runs too.
    const total = Number((await query(dbFile, 'select count(*) as n from phones where enabled = 1'))[0]!.n);
    const r2 = track(await startRunner(dbFile, 'r2', { RUNNER_LEASE_MS: String(LEASE) }));
    const split = await until(
      async () => {
        const h = await holders(dbFile);
        return Math.abs((h.r1 ?? 0) - (h.r2 ?? 0)) <= 1 && (h.r1 ?? 0) + (h.r2 ?? 0) === total ? h : null;
      },
      20_000,
      'the phones to be split',
    );
    console.log(`leases split: ${JSON.stringify(split)}`);
    for (const id of ids) await until(async () => (await user.status(id)) === 'active', 20_000, `phone ${id} active`);

    await r1.stop('SIGKILL');
    const killed = Date.now();
    await until(async () => (await holders(dbFile)).r2 === total, 3 * LEASE, 'r2 to hold every phone');
    const moved = Date.now() - killed;
    for (const id of ids)
      await until(async () => (await user.status(id)) === 'active', 10_000, `phone ${id} active on r2`);
    console.log(
      `r1 killed: r2 holds all phones after ${moved} ms (lease ${LEASE} ms, tick ${LEASE / 3} ms); all active after ${Date.now() - killed} ms`,
    );
    expect(moved).toBeLessThanOrEqual(LEASE + LEASE / 3 + 1_000);
    expect(r2.output()).not.toMatch(/error/i);
  });
});
