import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { messages, phones } from '../../db/schema';
import { holds, type Fence } from '../../src/runner/fence';
import { markReady } from '../../src/runner/leases';
import { until } from './support/http-api';
import { METRICS_TOKEN, readyHolders, rows, startFleet, type Fleet } from './support/fleet';
import { drained, outcome, traffic } from './support/fleet-messages';

const PHONES = 20;
const LEASE = 3_000;

let fleet: Fleet | undefined;
afterAll(async () => fleet?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Lease = {
  phone_id: number;
  runner_id: string;
  generation: number;
  ready_at: number | null;
  status: string;
  status_at: number;
};
const leases = (f: Fleet) =>
  rows<Lease>(
    f.db,
    sql`select l.phone_id, l.runner_id, l.generation, l.ready_at, p.status, p.status_at from phone_leases l join phones p on p.id = l.phone_id order by l.phone_id`,
  );

async function phonesDriven(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^wapi_runner_phones_driven\{[^}]*\} (\d+)/m.exec(text)?.[1]);
}

describe('a runner cut off from the database', () => {
  it('stops driving its phones, another runner takes them over, and when it comes back nothing is sent twice and no stale write lands', async () => {
    const f = (fleet = await startFleet(PHONES, LEASE));
    const link = await f.hop();
    const [r1, r2] = await f.runners(['r1', 'r2'], [link]);
    const split = await until(
      async () => {
        const h = await readyHolders(f.db);
        return h.r1 === PHONES / 2 && h.r2 === PHONES / 2 && (await leases(f)).every((l) => l.status === 'active')
          ? h
          : null;
      },
      30_000,
      'the two runners to share the phones and bring them up',
    );
    console.log(`phones split ${JSON.stringify(split)}`);
    const flow = traffic(f, 1, 40);
    await sleep(1_500);

    // The leases r1 holds before the cut: the fences its writes would carry.
    const stale = (await leases(f))
      .filter((l) => l.runner_id === r1!.id)
      .map((l) => ({
        phoneId: Number(l.phone_id),
        fence: { runnerId: r1!.id, generation: Number(l.generation) } satisfies Fence,
      }));
    link.cut(true);
    const cutAt = Date.now();
    // Before its lease can pass to another runner, r1 stops its sessions and says its leases are stale.
    const stopped = new RegExp(`stopping this runner's phones[^\\n]*"phones":${PHONES / 2}`);
    await until(
      async () =>
        stopped.test(r1!.output()) &&
        ((await (await fetch(`${r1!.url}/readyz`)).json()) as { leases: string }).leases === 'stale',
      LEASE,
      'r1 to stop driving its phones',
    );
    const fencedAfter = Date.now() - cutAt;
    const ids = new Set(stale.map((s) => s.phoneId));
    const moved = (await until(
      async () => {
        const mine = (await leases(f)).filter((l) => ids.has(Number(l.phone_id)));
        return mine.every(
          (l) => l.runner_id === r2!.id && l.ready_at !== null && l.status === 'active' && Number(l.status_at) >= cutAt,
        )
          ? mine
          : null;
      },
      LEASE + 10_000,
      'r2 to take over the phones of r1',
    ))!;
    const takeover = Math.max(...moved.map((l) => Number(l.status_at))) - cutAt;
    console.log(
      `r1 cut off: it stopped driving its ${ids.size} phones within ${fencedAfter} ms; r2 had them all active ${takeover} ms after the cut`,
    );
    await sleep(1_000);

    link.cut(false);
    const healedAt = Date.now();
    const back = (await until(
      async () => {
        const h = await readyHolders(f.db);
        const all = await leases(f);
        return h.r1 === PHONES / 2 && h.r2 === PHONES / 2 && all.every((l) => l.status === 'active') ? all : null;
      },
      LEASE * 4 + 10_000,
      'r1 to come back and take its share again',
    ))!;
    console.log(`r1 back: the phones split again ${Date.now() - healedAt} ms after the link came back`);
    expect(await phonesDriven(r1!.url)).toBe(PHONES / 2);
    for (const { phoneId, fence } of stale) {
      const lease = back.find((l) => Number(l.phone_id) === phoneId)!;
      expect(Number(lease.generation), `phone ${phoneId} lease generation`).toBeGreaterThan(fence.generation);
    }

    // What r1 would write for its old phones with the generation it held before the cut: nothing lands.
    for (const { phoneId, fence } of stale) {
      await markReady(f.db, fence, phoneId, 1);
      const status = await f.db
        .update(phones)
        .set({ status: 'phone-error' })
        .where(and(eq(phones.id, phoneId), holds(phoneId, fence)));
      const queue = await f.db
        .update(messages)
        .set({ status: 'failed', error: 'stale' })
        .where(and(eq(messages.phoneId, phoneId), holds(phoneId, fence)));
      expect(status.rowsAffected + queue.rowsAffected).toBe(0);
    }
    const after = await leases(f);
    expect(after.filter((l) => Number(l.ready_at) === 1 || l.status !== 'active')).toEqual([]);

    await sleep(1_000);
    const accepted = await flow.stop();
    await until(() => drained(f.db), 30_000, 'every accepted message to be sent');
    const result = await outcome(f.db, accepted);
    expect(result.notSent).toEqual([]);
    expect(result.notOnceOnWire).toEqual([]);
    console.log(
      `${accepted.size} messages accepted during the partition and after, each sent exactly once; max delay ${Math.max(...result.delays.values())} ms`,
    );
  });
});
