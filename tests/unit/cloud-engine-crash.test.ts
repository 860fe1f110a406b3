import { createClient } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { messages, phones, products, users } from '../../db/schema';
import { createCloudEngine } from '../../src/engines/cloud/engine';
import { dbAuthStore } from '../../src/runner/auth-store';
import { PhoneRunner } from '../../src/runner/runner';
import { FAKE_PHONE_NUMBER_ID, FAKE_TOKEN, FAKE_WABA_ID, startFakeGraph, type FakeGraph } from '../support/fake-graph';
import { eventually } from '../support/phones';

const PID = '00000000-0000-4000-8000-000000000001';
let graph: FakeGraph;
let runner: PhoneRunner | undefined;
beforeEach(async () => {
  graph = await startFakeGraph();
});
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  await graph.close();
});

async function world(): Promise<Db> {
  const db = createDb(createClient({ url: ':memory:' }));
  await migrateDb(db);
  await db.insert(users).values({ id: 1, email: 'a@b.c', createdAt: 0, updatedAt: 0 });
  await db.insert(products).values({ id: PID, uid: 1, productType: 'wapi', apiTokenHash: 't', createdAt: 0 });
  await db.insert(phones).values({ pid: PID, engine: 'cloud', statusAt: 0, createdAt: 0, updatedAt: 0 });
  return db;
}

describe('the crash rule holds for official numbers (engine cloud)', () => {
  it("every accepted message is sent once or reported failed: an interrupted send is sent only if Meta's wamid was recorded", async () => {
    const db = await world();
    const engine = createCloudEngine({
      graph: { apiUrl: graph.url, version: 'v21.0' },
      account: async () => ({
        phoneNumberId: FAKE_PHONE_NUMBER_ID,
        wabaId: FAKE_WABA_ID,
        token: FAKE_TOKEN,
        number: '15550102030',
        name: 'Acme Shoes',
      }),
      pending: async () => [],
      done: async () => undefined,
    });
    expect(engine.claimSize).toBe(1);
    // A crash after Meta's answer was recorded, and one before (Meta may or may not have it).
    await dbAuthStore(db, 1).set({ 'wamid:Wgone': 'wamid.GONE', 'ours:wamid.GONE': 'Wgone' });
    const row = (id: string, status: 'queued' | 'sending') => ({
      id,
      pid: PID,
      phoneId: 1,
      direction: 'out' as const,
      chatId: `1555000${id.length}@c.us`,
      waId: `W${id}`,
      type: 'text',
      body: { type: 'text', message: id },
      status,
      attempts: status === 'sending' ? 1 : 0,
      createdAt: 0,
      updatedAt: 0,
    });
    await db
      .insert(messages)
      .values([
        row('gone', 'sending'),
        row('lost', 'sending'),
        row('q1', 'queued'),
        row('q2', 'queued'),
        row('q3', 'queued'),
      ]);
    runner = new PhoneRunner({
      db,
      runnerId: 'r1',
      leaseMs: 60_000,
      engines: { cloud: engine },
      resolve: async (r) => ({ content: { type: 'text', text: String(r.body.message) } }),
    });
    await runner.start({ loops: false });
    await eventually(
      async () => (await db.select().from(messages).all()).every((m) => m.status === 'sent' || m.status === 'failed'),
      5_000,
      'the queue to settle',
    );
    const byId = Object.fromEntries((await db.select().from(messages).all()).map((m) => [m.id, m.status]));
    expect(byId).toEqual({ gone: 'sent', lost: 'failed', q1: 'sent', q2: 'sent', q3: 'sent' });
    expect(graph.sent.map((s) => (s.body.text as { body: string }).body).sort()).toEqual(['q1', 'q2', 'q3']);
  });
});
