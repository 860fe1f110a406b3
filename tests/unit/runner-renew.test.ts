import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { phoneLeases, phones, products, runners, users } from '../../db/schema';
import { renewLeases } from '../../src/runner/leases';

describe('lease renewal beside a long round', () => {
  it('renews the leases and the heartbeat, so a runner busy starting sessions still counts in the fair share', async () => {
    const db = createDb(createClient({ url: ':memory:' }));
    await migrateDb(db);
    await db.insert(users).values({ id: 1, email: 'a@b.c', createdAt: 0, updatedAt: 0 });
    await db.insert(products).values({
      id: '00000000-0000-4000-8000-000000000001',
      uid: 1,
      productType: 'wapi',
      apiTokenHash: 't',
      createdAt: 0,
    });
    const phone = (await db
      .insert(phones)
      .values({ pid: '00000000-0000-4000-8000-000000000001', engine: 'sim', statusAt: 0, createdAt: 0, updatedAt: 0 })
      .returning()
      .get())!;
    await db.insert(runners).values({ id: 'a', host: 'h', pid: 1, startedAt: 0, heartbeatAt: 1_000 });
    await db
      .insert(phoneLeases)
      .values({ phoneId: phone.id, runnerId: 'a', leaseUntil: 4_000, acquiredAt: 1_000, generation: 1_000 });

    await renewLeases(db, 'a', 9_000, 3_000);

    expect((await db.select().from(runners).where(eq(runners.id, 'a')).get())!.heartbeatAt).toBe(9_000);
    expect((await db.select().from(phoneLeases).where(eq(phoneLeases.phoneId, phone.id)).get())!.leaseUntil).toBe(
      12_000,
    );
  });
});
