import { createClient } from '@libsql/client';
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { messages, phoneLeases, phoneProtection, phones, phoneStatusLog, products, users } from '../../db/schema';
import { holds } from '../../src/runner/fence';
import { DAY_MS } from '../../src/services/messages/protection-budget';
import {
  claimQuery,
  interruptedSends,
  outcomeQueries,
  settleInterrupted,
} from '../../src/services/messages/send-queue';

const PID = '00000000-0000-4000-8000-000000000001';
const NOW = Date.UTC(2026, 10, 22, 12);

async function world(opts: { protect?: boolean; linkedAt?: number } = {}) {
  const db = createDb(createClient({ url: ':memory:' }));
  await migrateDb(db);
  await db.insert(users).values({ id: 1, email: 'a@b.c', createdAt: 0, updatedAt: 0 });
  await db.insert(products).values({ id: PID, uid: 1, productType: 'wapi', apiTokenHash: 't', createdAt: 0 });
  await db.insert(phones).values({ pid: PID, engine: 'sim', statusAt: 0, createdAt: 0, updatedAt: 0 });
  await db
    .insert(phoneLeases)
    .values({ phoneId: 1, runnerId: 'b', leaseUntil: NOW + 60_000, acquiredAt: NOW, generation: 2 });
  // Every new WhatsApp Web number gets protection with the defaults (migration 0022's trigger).
  expect(await db.select().from(phoneProtection).all()).toMatchObject([{ phoneId: 1, enabled: true, rampStart: 20 }]);
  await db
    .update(phoneProtection)
    .set(opts.protect === false ? { enabled: false } : { rampStart: 3, rampStep: 3, rampMax: 9, updatedAt: NOW });
  if (opts.linkedAt !== undefined)
    await db.insert(phoneStatusLog).values({ phoneId: 1, status: 'active', at: opts.linkedAt });
  return db;
}

let n = 0;
async function queue(
  db: Awaited<ReturnType<typeof world>>,
  chat: string,
  direction: 'out' | 'in' = 'out',
  id = `m${n + 1}`,
) {
  n++;
  await db.insert(messages).values({
    id,
    pid: PID,
    phoneId: 1,
    direction,
    chatId: chat,
    waId: `w${n}`,
    type: 'text',
    body: { message: 'hi' },
    status: direction === 'out' ? 'queued' : 'received',
    createdAt: NOW,
    updatedAt: NOW,
  });
}

const current = holds(1, { runnerId: 'b', generation: 2 });
const stale = holds(1, { runnerId: 'a', generation: 1 });

describe('the budget is enforced in the claim', () => {
  it('one claim of many never takes more openers than the budget left; the stale runner takes nothing', async () => {
    const db = await world({ linkedAt: NOW - 1000 });
    for (let i = 1; i <= 6; i++) await queue(db, `90530000000${i}@c.us`);
    // Both runners claim in the same round trip: the one that lost the lease changes nothing.
    const [fromStale, fromCurrent] = await db.batch([
      claimQuery(db, 1, NOW, 10, stale),
      claimQuery(db, 1, NOW, 10, current),
    ]);
    expect(fromStale).toHaveLength(0);
    expect(fromCurrent.map((r) => r.chatId)).toEqual(['905300000001@c.us', '905300000002@c.us', '905300000003@c.us']);
    expect(fromCurrent.every((r) => r.openedAt === NOW)).toBe(true);
    // Nothing more today: the next claim (of either runner) finds nothing.
    expect(await claimQuery(db, 1, NOW + 1, 10, current)).toHaveLength(0);
    expect(await claimQuery(db, 1, NOW + 1, 10, stale)).toHaveLength(0);
    // Tomorrow the ramp gives 6: three more.
    expect(await claimQuery(db, 1, NOW + DAY_MS, 10, current)).toHaveLength(3);
  });

  it('a chat that wrote to the phone, and later messages of an opened chat, cost nothing; an unopened chat opens once', async () => {
    const db = await world({ linkedAt: NOW - 1000 });
    await queue(db, 'a@c.us', 'in');
    for (const chat of ['x@c.us', 'x@c.us', 'y@c.us', 'z@c.us', 'w@c.us', 'a@c.us']) await queue(db, chat);
    const first = await claimQuery(db, 1, NOW, 10, current);
    // x opens with its first row (its second waits behind it), y and z open; w is held; a answered before.
    expect(first.map((r) => [r.chatId, r.openedAt])).toEqual([
      ['x@c.us', NOW],
      ['y@c.us', NOW],
      ['z@c.us', NOW],
      ['a@c.us', null],
    ]);
    // x's first row went: its second row is a message in an opened chat.
    await db.batch([outcomeQueries(db, 1, { kind: 'sent', row: first[0]!, chatId: 'x@c.us', at: NOW }, current)[0]!]);
    const second = await claimQuery(db, 1, NOW + 1, 10, current);
    expect(second.map((r) => [r.chatId, r.openedAt])).toEqual([['x@c.us', null]]);
  });

  it('a chat the owner opened by hand on the phone still costs a slot when the queue first writes to it', async () => {
    const db = await world({ linkedAt: NOW - 1000 });
    // Typed on the phone itself: stored incoming, with the `true_` id of a message from this number.
    await queue(db, 'h@c.us', 'in', 'true_h@c.us_W1');
    // A message from the other side is the number writing to this phone.
    await queue(db, 'r@c.us', 'in', 'false_r@c.us_W2');
    for (const chat of ['h@c.us', 'r@c.us', 'p@c.us', 'q@c.us', 's@c.us']) await queue(db, chat);
    const claimed = await claimQuery(db, 1, NOW, 10, current);
    expect(claimed.map((r) => [r.chatId, r.openedAt])).toEqual([
      ['h@c.us', NOW],
      ['r@c.us', null],
      ['p@c.us', NOW],
      ['q@c.us', NOW],
    ]);
  });

  it('a retried or failed opener gives its slot back', async () => {
    const db = await world({ linkedAt: NOW - 1000 });
    for (let i = 1; i <= 4; i++) await queue(db, `c${i}@c.us`);
    const [a] = await claimQuery(db, 1, NOW, 1, current);
    await db.batch([outcomeQueries(db, 1, { kind: 'failed', row: a!, error: 'no', at: NOW }, current)[0]!]);
    const next = await claimQuery(db, 1, NOW, 10, current);
    expect(next.map((r) => r.chatId)).toEqual(['c2@c.us', 'c3@c.us', 'c4@c.us']);
    expect(
      await db
        .select()
        .from(messages)
        .where(and(eq(messages.phoneId, 1), isNotNull(messages.openedAt)))
        .all(),
    ).toHaveLength(3);
  });

  it('a number with no first activity logged starts at the top; a phone without protection is not limited nor marked', async () => {
    const top = await world();
    for (let i = 1; i <= 12; i++) await queue(top, `t${i}@c.us`);
    expect(await claimQuery(top, 1, NOW, 20, current)).toHaveLength(9);

    const free = await world({ protect: false });
    for (let i = 1; i <= 12; i++) await queue(free, `f${i}@c.us`);
    const all = await claimQuery(free, 1, NOW, 20, current);
    expect(all).toHaveLength(12);
    expect(all.every((r) => r.openedAt === null)).toBe(true);
  });

  it('the crash rule holds with held messages: held rows are never sending, an interrupted opener keeps its slot only if it went', async () => {
    const db = await world({ linkedAt: NOW - 1000 });
    for (let i = 1; i <= 5; i++) await queue(db, `k${i}@c.us`);
    // A runner claims the 3 the budget allows and crashes before writing back.
    expect(await claimQuery(db, 1, NOW, 10, current)).toHaveLength(3);
    const interrupted = await interruptedSends(db, 1);
    expect(interrupted.map((r) => r.chatId)).toEqual(['k1@c.us', 'k2@c.us', 'k3@c.us']);
    // The new holder settles them as the engine knows: sent, not sent (queued again), unknown (failed).
    const fence = holds(1, { runnerId: 'c', generation: 3 });
    await db.update(phoneLeases).set({ runnerId: 'c', generation: 3 }).where(eq(phoneLeases.phoneId, 1));
    await settleInterrupted(db, interrupted[0]!, 'sent', NOW, fence, 'x');
    await settleInterrupted(db, interrupted[1]!, 'queued', NOW, fence, 'x');
    await settleInterrupted(db, interrupted[2]!, 'failed', NOW, fence, 'x');
    // One slot stays spent: the queued-again row and one held row may go now, never more.
    const again = await claimQuery(db, 1, NOW + 1, 10, fence);
    expect(again.map((r) => r.chatId)).toEqual(['k2@c.us', 'k4@c.us']);
    expect((await db.select().from(messages).where(eq(messages.status, 'queued')).all()).map((r) => r.chatId)).toEqual([
      'k5@c.us',
    ]);
  });
});
