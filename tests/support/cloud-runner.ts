import { createClient } from '@libsql/client';
import { createDb, type Db } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { messages, phones, products, users } from '../../db/schema';
import { createCloudEngine } from '../../src/engines/cloud/engine';
import { PhoneRunner } from '../../src/runner/runner';
import { markCloudEventsDone, pendingCloudEvents } from '../../src/services/cloud/inbox';
import { FAKE_PHONE_NUMBER_ID, FAKE_TOKEN, FAKE_WABA_ID, type FakeGraph } from './fake-graph';

/**
 * One official number (engine `cloud`) on an in-memory database, hosted by a runner whose engine
 * talks to a fake Graph API: the sender's pacing, back-off and order tests drive it.
 */
export const CLOUD_PID = '00000000-0000-4000-8000-000000000001';

export interface CloudWorld {
  db: Db;
  runner: PhoneRunner;
  /** Queues texts (`to` digits, text) in this order, as accepted messages. */
  enqueue(list: { to: string; text: string }[]): Promise<void>;
  /** Resolves once no row is queued or sending (or throws after `ms`). */
  drained(ms: number): Promise<void>;
}

export async function cloudWorld(graph: FakeGraph): Promise<CloudWorld> {
  const db = createDb(createClient({ url: ':memory:' }));
  await migrateDb(db);
  await db.insert(users).values({ id: 1, email: 'a@b.c', createdAt: 0, updatedAt: 0 });
  await db.insert(products).values({ id: CLOUD_PID, uid: 1, productType: 'wapi', apiTokenHash: 't', createdAt: 0 });
  await db.insert(phones).values({
    pid: CLOUD_PID,
    engine: 'cloud',
    statusAt: 0,
    createdAt: 0,
    updatedAt: 0,
    data: {
      cloud: {
        phone_number_id: FAKE_PHONE_NUMBER_ID,
        waba_id: FAKE_WABA_ID,
        token: 'sealed',
        display_phone_number: '+1 555-010-2030',
        verified_name: 'Acme Shoes',
        quality_rating: 'GREEN',
      },
    },
  });
  const ctx = { db, now: Date.now };
  const engine = createCloudEngine({
    graph: { apiUrl: graph.url, version: 'v21.0' },
    account: async () => ({
      phoneNumberId: FAKE_PHONE_NUMBER_ID,
      wabaId: FAKE_WABA_ID,
      token: FAKE_TOKEN,
      number: '15550102030',
      name: 'Acme Shoes',
    }),
    pending: (phoneId, limit) => pendingCloudEvents(ctx, phoneId, limit),
    done: (phoneId, ids) => markCloudEventsDone(ctx, phoneId, ids),
    pollMs: 50,
  });
  const runner = new PhoneRunner({
    db,
    runnerId: 'r1',
    leaseMs: 60_000,
    engines: { cloud: engine },
    resolve: async (r) => ({ content: { type: 'text', text: String(r.body.message) } }),
  });
  let n = 0;
  return {
    db,
    runner,
    async enqueue(list) {
      const rows = list.map(({ to, text }) => {
        const id = `m${++n}`;
        return {
          id,
          pid: CLOUD_PID,
          phoneId: 1,
          direction: 'out' as const,
          chatId: `${to}@c.us`,
          waId: `W${id}`,
          type: 'text',
          body: { type: 'text', message: text },
          status: 'queued' as const,
          attempts: 0,
          createdAt: Date.now(),
          updatedAt: Date.now(),
        };
      });
      for (let i = 0; i < rows.length; i += 500) await db.insert(messages).values(rows.slice(i, i + 500));
      runner.nudge(1);
    },
    async drained(ms) {
      const end = Date.now() + ms;
      for (;;) {
        const open = (await db.select({ s: messages.status }).from(messages).all()).filter(
          (m) => m.s === 'queued' || m.s === 'sending',
        ).length;
        if (open === 0) return;
        if (Date.now() > end) throw new Error(`${open} messages still queued or sending after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
