import { createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { messages, phoneLeases, phoneProtection, phones, products, users } from '../../db/schema';
import type { EngineSession } from '../../src/engines/types';
import { PhoneSender } from '../../src/runner/sender';

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
  expect(await db.select().from(phoneProtection).all()).toHaveLength(1); // on by default
  return db;
}

const queue = (db: Db, rows: [string, string, 'out' | 'in'][]) =>
  db.insert(messages).values(
    rows.map(([id, chat, direction]) => ({
      id,
      pid: PID,
      phoneId: 1,
      direction,
      chatId: `${chat}@c.us`,
      waId: `W${id}`,
      type: 'text',
      body: { type: 'text', text: id },
      status: direction === 'out' ? ('queued' as const) : ('received' as const),
      createdAt: 0,
      updatedAt: 0,
    })),
  );

describe('risk slows the sender', () => {
  it('a Critical phone waits twice the gap after a message that opened a chat, and the usual gap after a reply', async () => {
    const db = await world();
    // o1 and o2 open chats; r1 and r2 answer chats that wrote first.
    await queue(db, [
      ['i1', 'R', 'in'],
      ['o1', 'O1', 'out'],
      ['r1', 'R', 'out'],
      ['o2', 'O2', 'out'],
      ['r2', 'R', 'out'],
    ]);
    const sent: { id: string; at: number }[] = [];
    const session = {
      send: async (chatId: string, c: { text: string }) => (
        sent.push({ id: c.text, at: Date.now() }),
        { chatId, waId: 'x', timestamp: 0 }
      ),
    } as unknown as EngineSession;
    const s = new PhoneSender({
      db,
      now: Date.now,
      phoneId: 1,
      fence,
      session,
      pacing: { minGapMs: 100, maxGapMs: 100, sameChatGapMs: 0 },
      newChatPace: () => 2,
      resolve: async (row) => ({ content: { type: 'text', text: String(row.body.text) } as never }),
    });
    s.setActive(true);
    const end = Date.now() + 5_000;
    while (sent.length < 4 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    s.stop();
    expect(sent.map((m) => m.id)).toEqual(['o1', 'r1', 'o2', 'r2']);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(195);
    expect(sent[2]!.at - sent[1]!.at).toBeLessThan(190);
    expect(sent[3]!.at - sent[2]!.at).toBeGreaterThanOrEqual(195);
  });
});
