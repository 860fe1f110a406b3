import { createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { createDb } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import { mailOutbox } from '../../db/schema';
import { JOBS, type JobHost } from '../../src/jobs';
import { runAgain } from '../../src/services/run-again';
import { parseConfig } from '../../src/config';
import { Bus } from '../../src/services/bus';
import { claimDue } from '../../src/services/claim';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('runAgain', () => {
  it('never runs two passes at a time; a wake-up during a pass and a pass that answers true run another', async () => {
    const bus = new Bus();
    let active = 0;
    let most = 0;
    let passes = 0;
    let release: () => void = () => {};
    const stop = runAgain({ everyMs: 60_000, wakeOn: { bus, topic: 'outbox' }, failMsg: 'x' }, async () => {
      passes++;
      active++;
      most = Math.max(most, active);
      await new Promise<void>((r) => (release = r));
      active--;
      return passes === 2; // the second pass says more is waiting
    });
    expect(passes).toBe(1); // at once without firstAfterMs
    bus.emit('outbox', {});
    bus.emit('outbox', {});
    release();
    await tick();
    expect(passes).toBe(2); // the two wake-ups during the pass ran one more
    release();
    await tick();
    expect(passes).toBe(3); // it answered true
    const stopped = stop();
    release();
    await stopped;
    bus.emit('outbox', {});
    await tick();
    expect(passes).toBe(3);
    expect(most).toBe(1);
  });

  it('waits firstAfterMs before the first pass and logs a failing pass, then keeps going', async () => {
    const logged: Record<string, unknown>[] = [];
    let passes = 0;
    const stop = runAgain(
      { everyMs: 20, firstAfterMs: 10, failMsg: 'it failed', log: (e) => logged.push(e) },
      async () => {
        passes++;
        throw new Error('boom');
      },
    );
    expect(passes).toBe(0);
    await new Promise((r) => setTimeout(r, 70));
    await stop();
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(logged[0]).toMatchObject({ level: 'error', msg: 'it failed', err: 'Error: boom' });
  });
});

describe('the job list', () => {
  const names = (h: JobHost, mail: boolean) =>
    JOBS.filter((j) =>
      j.runsIn(h, {
        post: async () => ({ status: 200, durationMs: 0, body: '' }) as never,
        dialogflow: {} as never,
        ...(mail ? { mail: {} as never } : {}),
      }),
    ).map((j) => j.name);
  it('starts the phone jobs in runners and phone-hosting servers, housekeeping and mail in the server only', () => {
    const on = parseConfig({ DATABASE_URL: ':memory:' });
    const off = parseConfig({ DATABASE_URL: ':memory:', RUN_PHONES: 'false' });
    const phoneJobs = [
      'webhooks',
      'warming',
      'dialogflow',
      'campaigns',
      'billing-due',
      'cart-recovery',
      'live-snooze',
      'live-presence',
    ];
    expect(names({ entry: 'runner', config: on }, true)).toEqual(phoneJobs);
    expect(names({ entry: 'server', config: on }, false)).toEqual([...phoneJobs, 'housekeeping']);
    expect(names({ entry: 'server', config: on }, true)).toEqual([...phoneJobs, 'housekeeping', 'mail']);
    expect(names({ entry: 'server', config: off }, true)).toEqual(['mail']);
  });
});

describe('claimDue', () => {
  it('claims each due, free row once across concurrent claimers, in due order, with the lease set', async () => {
    const db = createDb(createClient({ url: ':memory:' }));
    await migrateDb(db);
    const now = 1_000_000;
    const rows = Array.from({ length: 30 }, (_, i) => ({
      to: `a${i}@b.c`,
      subject: 's',
      text: 't',
      html: 'h',
      status: 'pending' as const,
      nextAttemptAt: now - ((i * 7) % 30),
      leaseUntil: i === 3 ? now + 5 : i % 2 ? null : now,
      createdAt: 0,
    }));
    await db.insert(mailOutbox).values(rows);
    const due = and(
      eq(mailOutbox.status, 'pending'),
      lte(mailOutbox.nextAttemptAt, now),
      or(isNull(mailOutbox.leaseUntil), lte(mailOutbox.leaseUntil, now)),
    );
    const claim = () => claimDue(db, mailOutbox, { due, order: 'nextAttemptAt', limit: 10, leaseUntil: now + 60_000 });
    const claims = await Promise.all([claim(), claim(), claim(), claim()]);
    const ids = claims.flat().map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(29); // the leased row is not free
    for (const c of claims) {
      expect(c.map((r) => r.nextAttemptAt)).toEqual([...c.map((r) => r.nextAttemptAt)].sort((a, b) => a - b));
      for (const r of c) expect(r.leaseUntil).toBe(now + 60_000);
    }
    expect(claims[0]!.map((r) => r.nextAttemptAt)).toEqual(
      rows
        .filter((_, i) => i !== 3)
        .map((r) => r.nextAttemptAt)
        .sort((a, b) => a - b)
        .slice(0, 10),
    );
    expect(await claim()).toEqual([]);
  });
});

describe('runAgain controls (the sender and the live feed run on them)', () => {
  it('idle: no first pass; wake(), wakeIn(ms) and a filtered bus event each run one', async () => {
    const bus = new Bus();
    let passes = 0;
    const loop = runAgain(
      { idle: true, wakeOn: { bus, topic: 'live', when: (e: { pid: string }) => e.pid === 'mine' }, failMsg: 'x' },
      async () => {
        passes++;
      },
    );
    await tick();
    expect(passes).toBe(0);
    loop.wake();
    await tick();
    expect(passes).toBe(1);
    bus.emit('live', { pid: 'other' } as never);
    await tick();
    expect(passes).toBe(1);
    bus.emit('live', { pid: 'mine' } as never);
    await tick();
    expect(passes).toBe(2);
    loop.wakeIn(30);
    loop.wakeIn(1); // replaces the first
    await new Promise((r) => setTimeout(r, 60));
    expect(passes).toBe(3);
    await loop();
    loop.wake();
    await tick();
    expect(passes).toBe(3);
  });

  it('wakePending says a wake-up came during the pass; takeWakes() forgets it, so no second pass follows', async () => {
    let passes = 0;
    const seenDuring: boolean[] = [];
    let release: () => void = () => {};
    const loop = runAgain({ idle: true, failMsg: 'x' }, async () => {
      passes++;
      await new Promise<void>((r) => (release = r));
      seenDuring.push(loop.wakePending);
      loop.takeWakes();
    });
    loop.wake();
    await tick();
    expect(loop.busy).toBe(true);
    loop.wake();
    release();
    await tick();
    expect(seenDuring).toEqual([true]);
    expect(passes).toBe(1);
    expect(loop.busy).toBe(false);
  });
});
