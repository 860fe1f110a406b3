import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { messages, phoneLeases, phoneProtection, phones, products, users } from '../../db/schema';
import type { EngineSession, SentCheck } from '../../src/engines/types';
import { ConcurrentSender } from '../../src/runner/concurrent-sender';
import { NO_PACING, recoverInterrupted, type SenderDeps } from '../../src/runner/sender';
import { GroupCommit } from '../../src/services/group-commit';

// The crash rule of a sender that claims ahead of its sends (official numbers): only the sends in
// flight are uncertain; what was claimed but not yet handed to the engine goes back to the queue.

const PID = '00000000-0000-4000-8000-000000000001';
const N = 40;

async function world(): Promise<Db> {
  const db = createDb(createClient({ url: ':memory:' }));
  await migrateDb(db);
  await db.insert(users).values({ id: 1, email: 'a@b.c', createdAt: 0, updatedAt: 0 });
  await db.insert(products).values({ id: PID, uid: 1, productType: 'wapi', apiTokenHash: 't', createdAt: 0 });
  await db.insert(phones).values({ pid: PID, engine: 'cloud', statusAt: 0, createdAt: 0, updatedAt: 0 });
  await db
    .insert(phoneLeases)
    .values({ phoneId: 1, runnerId: 'r', generation: 1, leaseUntil: Date.now() + 60_000, acquiredAt: 0 });
  await db.update(phoneProtection).set({ enabled: false });
  await db.insert(messages).values(
    Array.from({ length: N }, (_, i) => ({
      id: `m${i}`,
      pid: PID,
      phoneId: 1,
      direction: 'out' as const,
      chatId: `1555000${String(i).padStart(4, '0')}@c.us`,
      waId: `W${i}`,
      type: 'text',
      body: { type: 'text', text: `m${i}` },
      status: 'queued' as const,
      createdAt: 0,
      updatedAt: 0,
    })),
  );
  return db;
}

/**
 * A network that takes every message it is handed (by waId, as WhatsApp would) and answers it only
 * when `answering`: with it off, the sends handed to it stay in flight, as at a crash.
 */
function network() {
  const taken: string[] = [];
  let answering = true;
  const held: (() => void)[] = [];
  const session = (): EngineSession =>
    ({
      sendRate: () => 40,
      send: async (chatId: string, _c: unknown, o: { waId: string }) => {
        taken.push(o.waId);
        if (!answering) await new Promise<void>((resolve) => held.push(resolve));
        return { chatId, waId: o.waId, timestamp: 0 };
      },
    }) as unknown as EngineSession;
  return {
    taken,
    session,
    hang: () => (answering = false),
    /** The engine that can tell whether it took a message (the simulator's wire). */
    knows: async (waId: string): Promise<SentCheck> => (taken.includes(waId) ? 'sent' : 'not-sent'),
  };
}

function deps(db: Db, session: EngineSession, generation: number, wasSent?: SenderDeps['wasSent']): SenderDeps {
  return {
    db,
    now: Date.now,
    phoneId: 1,
    fence: { runnerId: 'r', generation },
    session,
    pacing: NO_PACING,
    batch: new GroupCommit(db),
    resolve: async (row) => ({ content: { type: 'text', text: String(row.body.text) } }),
    ...(wasSent ? { wasSent } : {}),
  };
}

async function until(what: string, fn: () => Promise<boolean> | boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const rows = (db: Db) => db.select().from(messages).all();

/**
 * Runs the sender until some sends are in flight (handed, unanswered) while other claimed rows wait
 * for their slot, then "crashes" it: the lease moves on (generation 2), so nothing it does counts any
 * more, as after a SIGKILL. Answers the waIds in flight and the rows claimed but not handed at the crash.
 */
async function crashMidway(db: Db, net: ReturnType<typeof network>) {
  const s = new ConcurrentSender(deps(db, net.session(), 1), () => 40);
  s.setActive(true);
  await until('some sends to go through', async () => (await rows(db)).filter((r) => r.status === 'sent').length >= 5);
  net.hang();
  const before = net.taken.length;
  await until('sends in flight and claimed rows waiting for their slot', async () => {
    const sending = (await rows(db)).filter((r) => r.status === 'sending');
    return net.taken.length >= before + 2 && sending.some((r) => !net.taken.includes(r.waId));
  });
  await db.update(phoneLeases).set({ generation: 2 }).where(eq(phoneLeases.phoneId, 1));
  // A hand-off that committed before the lease moved may still reach the network: let it.
  await new Promise((r) => setTimeout(r, 100));
  const sending = (await rows(db)).filter((r) => r.status === 'sending');
  const inFlight = sending.filter((r) => net.taken.includes(r.waId)).map((r) => r.waId);
  const waiting = sending.filter((r) => !net.taken.includes(r.waId)).map((r) => r.waId);
  return { inFlight, waiting, stop: () => s.stop() };
}

/** The restarted holder: recovers with `wasSent`, then sends the rest, answering again. */
async function restart(db: Db, net: ReturnType<typeof network>, wasSent: SenderDeps['wasSent']) {
  const fresh = network();
  const d = deps(db, fresh.session(), 2, wasSent);
  await recoverInterrupted(d);
  const s = new ConcurrentSender(d, () => 40);
  s.setActive(true);
  await until('the queue to settle', async () =>
    (await rows(db)).every((r) => r.status === 'sent' || r.status === 'failed'),
  );
  await s.stop();
  return [...net.taken, ...fresh.taken];
}

describe('a concurrent sender across a crash', () => {
  it('with an engine that cannot tell, fails at most the sends in flight; claimed rows go once after the restart', async () => {
    const db = await world();
    const net = network();
    const crash = await crashMidway(db, net);
    expect(crash.inFlight.length).toBeGreaterThan(0);
    expect(crash.waiting.length).toBeGreaterThan(0);
    const all = await restart(db, net, async () => 'unknown');
    const failed = (await rows(db)).filter((r) => r.status === 'failed').map((r) => r.waId);
    expect(failed.sort()).toEqual([...crash.inFlight].sort());
    // None twice; every message that did not fail went out.
    expect(new Set(all).size).toBe(all.length);
    const sent = (await rows(db)).filter((r) => r.status === 'sent');
    expect(sent).toHaveLength(N - failed.length);
    for (const r of sent) expect(all).toContain(r.waId);
    // A row claimed but never handed got its attempt back.
    for (const id of crash.waiting) {
      const row = (await rows(db)).find((r) => r.waId === id)!;
      expect(row.attempts).toBe(1);
    }
    void crash.stop();
  });

  it('with an engine that can tell, every message goes exactly once and none fails', async () => {
    const db = await world();
    const net = network();
    const crash = await crashMidway(db, net);
    expect(crash.inFlight.length).toBeGreaterThan(0);
    const all = await restart(db, net, net.knows);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(N);
    expect((await rows(db)).map((r) => r.status)).toEqual(Array.from({ length: N }, () => 'sent'));
    void crash.stop();
  });
});
