import { createClient } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { phoneLeases, phones, products, users } from '../../db/schema';
import { parseConfig } from '../../src/config';
import { Bus } from '../../src/services/bus';
import { createPhoneSystem, type PhoneSystem } from '../../src/runner/system';
import { fetchMedia } from '../../src/adapters/media/download';
import { FAST_SIM } from '../support/fast-sim';

const LEASE = 10_000;
let systems: PhoneSystem[] = [];
afterEach(async () => {
  for (const s of systems) await s.runner.stop();
  systems = [];
});

async function world(phoneCount: number) {
  const db = createDb(createClient({ url: ':memory:' }));
  await migrateDb(db);
  const clock = { now: 1_000_000 };
  await db.insert(users).values({ id: 1, email: 'a@b.c', createdAt: 0, updatedAt: 0 });
  await db.insert(products).values({
    id: '00000000-0000-4000-8000-000000000001',
    uid: 1,
    productType: 'wapi',
    apiTokenHash: 't',
    createdAt: 0,
  });
  for (let i = 0; i < phoneCount; i++) {
    await db
      .insert(phones)
      .values({ pid: '00000000-0000-4000-8000-000000000001', engine: 'sim', statusAt: 0, createdAt: 0, updatedAt: 0 });
  }
  return { db, clock };
}

function runner(db: Db, clock: { now: number }, id: string) {
  const config = parseConfig({ DATABASE_URL: ':memory:', RUNNER_LEASE_MS: String(LEASE), LOG_LEVEL: 'silent' });
  const s = createPhoneSystem({
    fetchMedia,
    db,
    config,
    bus: new Bus(),
    now: () => clock.now,
    runnerId: id,
    simTimings: FAST_SIM,
  });
  systems.push(s);
  return s.runner;
}

async function holders(db: Db) {
  const rows = await db.select().from(phoneLeases).all();
  const by: Record<string, number> = {};
  for (const r of rows) by[r.runnerId] = (by[r.runnerId] ?? 0) + 1;
  return by;
}

describe('phone runner leases', () => {
  it("splits the phones between two runners and hands a dead runner's phones over after the lease time", async () => {
    const { db, clock } = await world(6);
    const a = runner(db, clock, 'a');
    await a.start({ loops: false });
    expect(await holders(db)).toEqual({ a: 6 });
    const b = runner(db, clock, 'b');
    await b.start({ loops: false });
    await a.tick();
    await b.tick();
    expect(await holders(db)).toEqual({ a: 3, b: 3 });
    expect(new Set([...a.phoneIds, ...b.phoneIds]).size).toBe(6);

    // a dies: it stops renewing. Until its leases expire nobody takes its phones.
    clock.now += LEASE - 1;
    await b.tick();
    expect(await holders(db)).toEqual({ a: 3, b: 3 });
    clock.now += 2;
    await b.tick();
    expect(await holders(db)).toEqual({ b: 6 });
    expect(b.phoneIds.sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('takes its own phones back at once after a restart with the same id', async () => {
    const { db, clock } = await world(2);
    const first = runner(db, clock, 'same');
    await first.start({ loops: false });
    // a crash leaves the leases in place; a new process with the same id does not wait for them
    const second = runner(db, clock, 'same');
    await second.start({ loops: false });
    expect(second.phoneIds.sort()).toEqual([1, 2]);
  });

  it('gives leases back on a clean stop so the other runner takes over on its next tick', async () => {
    const { db, clock } = await world(4);
    const a = runner(db, clock, 'a');
    const b = runner(db, clock, 'b');
    await a.start({ loops: false });
    await b.start({ loops: false });
    await a.tick();
    await b.tick();
    await a.stop();
    clock.now += 1;
    await b.tick();
    expect(await holders(db)).toEqual({ b: 4 });
  });

  it('stops hosting a phone that is disabled', async () => {
    const { db, clock } = await world(2);
    const a = runner(db, clock, 'a');
    await a.start({ loops: false });
    const { eq } = await import('drizzle-orm');
    await db.update(phones).set({ enabled: false }).where(eq(phones.id, 1));
    await a.tick();
    expect(a.phoneIds).toEqual([2]);
    expect(await holders(db)).toEqual({ a: 1 });
  });
});
