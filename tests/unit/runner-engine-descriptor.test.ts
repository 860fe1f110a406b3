import { createClient } from '@libsql/client';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { messages, phones, products, users } from '../../db/schema';
import { CAPABILITIES } from '../../src/engines/capabilities';
import {
  NO_PACING,
  type AuthStore,
  type Engine,
  type EngineName,
  type EngineSession,
  type Pacing,
  type SentCheck,
} from '../../src/engines/types';
import { dbAuthStore } from '../../src/runner/auth-store';
import { PhoneRunner } from '../../src/runner/runner';
import { eventually } from '../support/phones';

const PID = '00000000-0000-4000-8000-000000000001';
let runners: PhoneRunner[] = [];
afterEach(async () => {
  for (const r of runners) await r.stop().catch(() => undefined);
  runners = [];
});

async function world(engine: EngineName) {
  const db = createDb(createClient({ url: ':memory:' }));
  await migrateDb(db);
  await db.insert(users).values({ id: 1, email: 'a@b.c', createdAt: 0, updatedAt: 0 });
  await db.insert(products).values({ id: PID, uid: 1, productType: 'wapi', apiTokenHash: 't', createdAt: 0 });
  await db.insert(phones).values({ pid: PID, engine, statusAt: 0, createdAt: 0, updatedAt: 0 });
  return db;
}

const rows = (db: Db, list: [string, 'queued' | 'sending', string][]) =>
  db.insert(messages).values(
    list.map(([id, status, chat]) => ({
      id,
      pid: PID,
      phoneId: 1,
      direction: 'out' as const,
      chatId: `${chat}@c.us`,
      waId: `W${id}`,
      type: 'text',
      body: { type: 'text', text: id },
      status,
      attempts: status === 'sending' ? 1 : 0,
      createdAt: 0,
      updatedAt: 0,
    })),
  );

/**
 * An engine the runner has never heard of, under whichever name the phone's column gives: all it
 * knows is the descriptor. Its session links at once and records what it sends, and how many of the
 * phone's rows were claimed ('sending') at each send.
 */
function fakeEngine(
  db: Db,
  name: EngineName,
  d: { pacing: Pacing; claimSize: number; wasSent: (waId: string, auth: AuthStore) => Promise<SentCheck> },
) {
  const sent: { text: string; at: number; claimed: number }[] = [];
  const asked: string[] = [];
  const engine: Engine = {
    name,
    capabilities: CAPABILITIES.baileys,
    version: 'fake 1.0 (test)',
    pacing: d.pacing,
    claimSize: d.claimSize,
    wasSent: async (waId, auth) => {
      asked.push(waId);
      return d.wasSent(waId, auth);
    },
    open: (_phone, _auth, events) =>
      ({
        start: async () => events.state({ kind: 'active', me: { number: '905300000001', name: 'Fake' } }),
        stop: async () => undefined,
        send: async (chatId: string, content: { text: string }, options: { waId: string }) => {
          const claimed = (
            await db
              .select()
              .from(messages)
              .where(and(eq(messages.phoneId, 1), eq(messages.status, 'sending')))
              .all()
          ).length;
          sent.push({ text: content.text, at: Date.now(), claimed });
          return { waId: options.waId, chatId, timestamp: 0 };
        },
      }) as unknown as EngineSession,
  };
  return { engine, sent, asked };
}

function runner(db: Db, engine: Engine) {
  const r = new PhoneRunner({
    db,
    runnerId: 'r1',
    leaseMs: 60_000,
    engines: { [engine.name]: engine },
    resolve: async (row) => ({ content: { type: 'text', text: String(row.body.text) } as never }),
  });
  runners.push(r);
  return r;
}

const statuses = async (db: Db) =>
  Object.fromEntries((await db.select().from(messages).all()).map((m) => [m.id, m.status]));

describe('the runner drives an engine by its descriptor alone', () => {
  it.each(['sim', 'baileys'] as const)(
    'an unknown engine named %s: its crash-recovery rule, claim size and version',
    async (name) => {
      const db = await world(name);
      // What the engine's own store says: the runner hands wasSent the phone's credentials.
      await dbAuthStore(db, 1).set({ 'fake:went': 'Wgone' });
      const fake = fakeEngine(db, name, {
        pacing: NO_PACING,
        claimSize: 3,
        wasSent: async (waId, auth) =>
          waId === (await auth.get('fake:went')) ? 'sent' : waId === 'Wback' ? 'not-sent' : 'unknown',
      });
      await rows(db, [
        ['gone', 'sending', 'a'],
        ['back', 'sending', 'b'],
        ['lost', 'sending', 'c'],
        ['q1', 'queued', 'd'],
        ['q2', 'queued', 'e'],
        ['q3', 'queued', 'f'],
        ['q4', 'queued', 'g'],
        ['q5', 'queued', 'h'],
      ]);
      await runner(db, fake.engine).start({ loops: false });
      await eventually(
        async () => Object.values(await statuses(db)).every((s) => s === 'sent' || s === 'failed'),
        5_000,
        'the queue to drain',
      );

      // Recovery asked the engine about each interrupted row and did what it answered.
      expect(fake.asked.sort()).toEqual(['Wback', 'Wgone', 'Wlost']);
      expect(await statuses(db)).toEqual({
        gone: 'sent',
        back: 'sent',
        lost: 'failed',
        q1: 'sent',
        q2: 'sent',
        q3: 'sent',
        q4: 'sent',
        q5: 'sent',
      });
      expect(fake.sent.map((s) => s.text).sort()).toEqual(['back', 'q1', 'q2', 'q3', 'q4', 'q5']);
      // Unpaced, a claim took as many as the engine's claim size allows, never more.
      expect(Math.max(...fake.sent.map((s) => s.claimed))).toBe(3);
      // The status call shows the engine's version.
      const phone = await db.select().from(phones).where(eq(phones.id, 1)).get();
      expect(phone?.status).toBe('active');
      expect(phone?.state?.version).toBe('fake 1.0 (test)');
    },
  );

  it("keeps the engine's pacing: one message a claim and the gap between sends", async () => {
    const db = await world('baileys');
    const fake = fakeEngine(db, 'baileys', {
      pacing: { minGapMs: 60, maxGapMs: 60, sameChatGapMs: 0 },
      claimSize: 20,
      wasSent: async () => 'unknown',
    });
    await rows(db, [
      ['p1', 'queued', 'a'],
      ['p2', 'queued', 'b'],
      ['p3', 'queued', 'c'],
    ]);
    await runner(db, fake.engine).start({ loops: false });
    await eventually(
      async () => Object.values(await statuses(db)).every((s) => s === 'sent'),
      5_000,
      'the queue to drain',
    );
    expect(fake.sent.map((s) => s.text)).toEqual(['p1', 'p2', 'p3']);
    expect(fake.sent.every((s) => s.claimed === 1)).toBe(true);
    for (let i = 1; i < fake.sent.length; i++)
      expect(fake.sent[i]!.at - fake.sent[i - 1]!.at).toBeGreaterThanOrEqual(55);
  });
});
