import { describe, expect, it } from 'vitest';
import { logs, webhookDeliveries } from '../../db/schema';
import { RETENTION, sweep } from '../../src/jobs/housekeeping';
import { createTestApp } from '../support/test-app';

describe('housekeeping', () => {
  it('drops logs and finished deliveries past their retention, and keeps pending ones', async () => {
    const t = await createTestApp();
    const old = t.clock.now - (RETENTION.logsDays + 1) * 86_400_000;
    await t.db.insert(logs).values([
      { pid: 'p', type: 'incoming', data: {}, createdAt: old },
      { pid: 'p', type: 'incoming', data: {}, createdAt: t.clock.now },
    ]);
    await t.db.insert(webhookDeliveries).values([
      { eventId: 'a', pid: 'p', kind: 'message', url: 'u', payload: {}, status: 'delivered', nextAttemptAt: 0, createdAt: old },
      { eventId: 'b', pid: 'p', kind: 'message', url: 'u', payload: {}, status: 'pending', nextAttemptAt: 0, createdAt: old },
    ]);
    await sweep({ db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache });
    expect(await t.db.select().from(logs).all()).toHaveLength(1);
    expect((await t.db.select().from(webhookDeliveries).all()).map((d) => d.eventId)).toEqual(['b']);
  });
});
