import { createClient, type Client } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { messages, phoneCommands, phoneLeases, phones, products, users } from '../../db/schema';
import { parseConfig } from '../../src/config';
import type { SimSession } from '../../src/engines/simulator/session';
import type { EngineSession } from '../../src/engines/types';
import { Bus } from '../../src/services/bus';
import { takeCommand } from '../../src/services/commands/commands';
import { holds } from '../../src/runner/fence';
import { markReady } from '../../src/runner/leases';
import { fenceMargin } from '../../src/runner/runner';
import { NO_PACING, PhoneSender } from '../../src/runner/sender';
import { createPhoneSystem, type PhoneSystem } from '../../src/runner/system';
import { fetchMedia } from '../../src/adapters/media/download';
import { FAST_SIM } from '../support/fast-sim';

const LEASE = 10_000;
const PID = '00000000-0000-4000-8000-000000000001';
let systems: PhoneSystem[] = [];
afterEach(async () => {
  for (const s of systems) await s.runner.stop().catch(() => undefined);
  systems = [];
});

/** A client whose calls fail while `cut` is set: the database is unreachable for its holder. */
function cuttable(client: Client) {
  const state = { cut: false };
  const proxy = new Proxy(client, {
    get(t, prop) {
      const v = Reflect.get(t, prop) as unknown;
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        if (state.cut) return Promise.reject(new Error('connection refused'));
        return (v as (...a: unknown[]) => unknown).apply(t, args);
      };
    },
  });
  return { client: proxy, state };
}

async function world(phoneCount: number) {
  const client = createClient({ url: ':memory:' });
  const db = createDb(client);
  await migrateDb(db);
  await db.insert(users).values({ id: 1, email: 'a@b.c', createdAt: 0, updatedAt: 0 });
  await db.insert(products).values({ id: PID, uid: 1, productType: 'wapi', apiTokenHash: 't', createdAt: 0 });
  for (let i = 0; i < phoneCount; i++)
    await db.insert(phones).values({ pid: PID, engine: 'sim', statusAt: 0, createdAt: 0, updatedAt: 0 });
  return { client, db, clock: { now: 1_000_000 } };
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

const lease = async (db: Db, phoneId: number) =>
  (await db.select().from(phoneLeases).where(eq(phoneLeases.phoneId, phoneId)).get())!;

describe('fencing by lease generation', () => {
  it('a runner whose lease was taken over writes with a stale generation, and its writes change nothing', async () => {
    const { db, clock } = await world(1);
    const a = runner(db, clock, 'a');
    await a.start({ loops: false });
    const stale = { runnerId: 'a', generation: (await lease(db, 1)).generation };

    // a stalls past its lease (a long pause, a cut link) without noticing; b takes the phone over.
    clock.now += LEASE + 1;
    const b = runner(db, clock, 'b');
    await b.start({ loops: false });
    const taken = await lease(db, 1);
    expect(taken).toMatchObject({ runnerId: 'b' });
    expect(taken.generation).toBeGreaterThan(stale.generation);
    const phoneBefore = (await db.select().from(phones).where(eq(phones.id, 1)).get())!;

    // a's session still runs: its state change (a scan) is written with a's old lease and lands nowhere.
    const old = a.session(1) as SimSession;
    if (old.current.kind !== 'qr') throw new Error('the phone shows no QR');
    await old.simScan(old.current.qr, '905301110009');
    await new Promise((r) => setTimeout(r, 50));
    expect((await db.select().from(phones).where(eq(phones.id, 1)).get())!.status).toBe(phoneBefore.status);

    // Its send loop cannot claim a queued message, so the message is neither sent nor touched.
    await db.insert(messages).values({
      id: 'm1',
      pid: PID,
      phoneId: 1,
      direction: 'out',
      chatId: '905301110001@c.us',
      waId: 'W1',
      type: 'text',
      body: { type: 'text', text: 'hi' },
      status: 'queued',
      createdAt: 0,
      updatedAt: 0,
    });
    const sent: string[] = [];
    const session = { send: async (chatId: string) => (sent.push(chatId), { chatId }) } as unknown as EngineSession;
    const sender = new PhoneSender({
      db,
      now: () => clock.now,
      phoneId: 1,
      fence: stale,
      session,
      pacing: NO_PACING,
      resolve: async () => ({ content: { type: 'text', text: 'hi' } as never }),
    });
    sender.setActive(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.id, 'm1')).get()).toMatchObject({
      status: 'queued',
      attempts: 0,
    });

    // Nor take a command, nor mark the lease ready.
    const cmd = (await db
      .insert(phoneCommands)
      .values({ phoneId: 1, kind: 'groups', args: {}, createdAt: 0, expiresAt: clock.now + 1_000 })
      .returning()
      .get())!;
    expect(await takeCommand(db, cmd.id, holds(1, stale))).toBe(false);
    await markReady(db, stale, 1, 42);
    expect(await lease(db, 1)).toEqual(taken);

    // The holder's own generation does write.
    expect(await takeCommand(db, cmd.id, holds(1, { runnerId: 'b', generation: taken.generation }))).toBe(true);
    sender.stop();
  });

  it('a runner cut off from the database stops its phones before its lease can pass, and takes them back when it returns', async () => {
    const { client, db: shared, clock } = await world(2);
    const link = cuttable(client);
    const a = runner(createDb(link.client), clock, 'a');
    await a.start({ loops: false });
    expect(a.phoneIds.sort()).toEqual([1, 2]);
    expect(a.leasesCurrent).toBe(true);

    link.state.cut = true;
    clock.now += LEASE - fenceMargin(LEASE) - 1;
    await a.tick();
    expect(a.phoneIds).toHaveLength(2); // still inside its lease, less the margin
    clock.now += 2;
    await a.tick();
    // Before the lease expires (nobody could have taken the phones yet), a drives none of them.
    expect(a.phoneIds).toEqual([]);
    expect(a.leasesCurrent).toBe(false);
    expect((await lease(shared, 1)).leaseUntil).toBeGreaterThan(clock.now);

    link.state.cut = false;
    const before = (await lease(shared, 1)).generation;
    await a.tick();
    expect(a.phoneIds.sort()).toEqual([1, 2]);
    expect((await lease(shared, 1)).generation).toBe(before);
  });
});
