import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { messages, phoneLeases, phoneProtection, phones, products, users } from '../../db/schema';
import { EngineError, type EngineSession } from '../../src/engines/types';
import { GroupCommit } from '../../src/services/group-commit';
import { NO_PACING, PhoneSender, type Pacing } from '../../src/runner/sender';

const PID = '00000000-0000-4000-8000-000000000001';
const fence = { runnerId: 'r', generation: 1 };

async function world() {
  const db = createDb(createClient({ url: ':memory:' }));
  await migrateDb(db);
  await db.insert(users).values({ id: 1, email: 'a@b.c', createdAt: 0, updatedAt: 0 });
  await db.insert(products).values({ id: PID, uid: 1, productType: 'wapi', apiTokenHash: 't', createdAt: 0 });
  await db.insert(phones).values({ pid: PID, engine: 'sim', statusAt: 0, createdAt: 0, updatedAt: 0 });
  await db
    .insert(phoneLeases)
    .values({ phoneId: 1, runnerId: 'r', generation: 1, leaseUntil: Date.now() + 60_000, acquiredAt: 0 });
  // The send loop alone: ban protection (on by default) opens a new chat with its first message and sends
  // the chat's later ones on the next claim; tests/unit/protection-claim.test.ts holds that.
  await db.update(phoneProtection).set({ enabled: false });
  return db;
}

const queue = (db: Db, rows: [string, string][]) =>
  db.insert(messages).values(
    rows.map(([id, chat]) => ({
      id,
      pid: PID,
      phoneId: 1,
      direction: 'out' as const,
      chatId: `${chat}@c.us`,
      waId: `W${id}`,
      type: 'text',
      body: { type: 'text', text: id },
      status: 'queued' as const,
      createdAt: 0,
      updatedAt: 0,
    })),
  );

/** A session that records what it sent and when; `fail` makes a message's sends throw. */
function recorder(fail: (id: string) => EngineError | null = () => null) {
  const sent: { id: string; chat: string; at: number }[] = [];
  const session = {
    send: async (chatId: string, content: { text: string }) => {
      const err = fail(content.text);
      if (err) throw err;
      sent.push({ id: content.text, chat: chatId, at: Date.now() });
      return { chatId, waId: 'x', timestamp: 0 };
    },
  } as unknown as EngineSession;
  return { sent, session };
}

function sender(
  db: Db,
  session: EngineSession,
  pacing: Pacing,
  extra: { batch?: GroupCommit; claimMax?: number } = {},
) {
  return new PhoneSender({
    db,
    now: Date.now,
    phoneId: 1,
    fence,
    session,
    pacing,
    resolve: async (row) => ({ content: { type: 'text', text: String(row.body.text) } as never }),
    ...extra,
  });
}

async function until(what: string, fn: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const statuses = async (db: Db) =>
  Object.fromEntries((await db.select().from(messages).all()).map((m) => [m.id, m.status]));

describe('the send loop', () => {
  it('with pacing, keeps the gap between any two sends and the same-chat gap, sending other chats meanwhile', async () => {
    const db = await world();
    await queue(db, [
      ['a1', 'A'],
      ['a2', 'A'],
      ['b1', 'B'],
    ]);
    const { sent, session } = recorder();
    const s = sender(db, session, { minGapMs: 80, maxGapMs: 80, sameChatGapMs: 300 });
    s.setActive(true);
    await until('three sends', async () => sent.length === 3);
    s.stop();
    expect(sent.map((m) => m.id)).toEqual(['a1', 'b1', 'a2']);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(75);
    expect(sent[2]!.at - sent[0]!.at).toBeGreaterThanOrEqual(295);
    // Each send is written back at once, not after the gap.
    await until('all sent', async () => Object.values(await statuses(db)).every((st) => st === 'sent'));
  });

  it('without pacing, claims several in one round, sends them in order and writes them back, one batch per round', async () => {
    const db = await world();
    await queue(db, [
      ['m1', 'A'],
      ['m2', 'B'],
      ['m3', 'A'],
      ['m4', 'C'],
    ]);
    const { sent, session } = recorder();
    const batch = new GroupCommit(db);
    let trips = 0;
    const run = batch.run.bind(batch);
    batch.run = (q, w) => (trips++, run(q, w));
    const s = sender(db, session, NO_PACING, { batch, claimMax: 20 });
    s.setActive(true);
    await until('all sent', async () => Object.values(await statuses(db)).every((st) => st === 'sent'));
    s.stop();
    expect(sent.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
    // One claim of all four, then their write-back with the claim that finds nothing.
    expect(trips).toBe(2);
    const chat = await db.select().from(messages).where(eq(messages.id, 'm4')).get();
    expect(chat).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a transient failure holds its chat (later messages of it go back unspent) while other chats go', async () => {
    const db = await world();
    await queue(db, [
      ['a1', 'A'],
      ['a2', 'A'],
      ['b1', 'B'],
    ]);
    const { sent, session } = recorder((id) => (id === 'a1' ? new EngineError('TRANSIENT', 'try later') : null));
    const s = sender(db, session, NO_PACING, { claimMax: 20 });
    s.setActive(true);
    await until('b1 sent', async () => (await statuses(db)).b1 === 'sent');
    s.stop();
    expect(sent.map((m) => m.id)).toEqual(['b1']);
    const rows = Object.fromEntries((await db.select().from(messages).all()).map((m) => [m.id, m]));
    expect(rows.a1).toMatchObject({ status: 'queued', attempts: 1, error: 'try later' });
    expect(rows.a1!.nextAttemptAt).toBeGreaterThan(Date.now());
    expect(rows.a2).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('a round the database refuses is written back on the next try, and nothing is sent twice', async () => {
    const db = await world();
    await queue(db, [['m1', 'A']]);
    const { sent, session } = recorder();
    const batch = new GroupCommit(db);
    let calls = 0;
    const run = batch.run.bind(batch);
    batch.run = (q, w) => (++calls === 2 ? Promise.reject(new Error('connection reset')) : run(q, w));
    const s = sender(db, session, NO_PACING, { batch, claimMax: 20 });
    s.setActive(true);
    await until('m1 written back', async () => (await statuses(db)).m1 === 'sent');
    s.stop();
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(sent.map((m) => m.id)).toEqual(['m1']);
  });
});
