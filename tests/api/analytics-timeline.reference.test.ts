import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, resolveRange } from '../../src/shared/analytics-dates';
import { seedPhone, seedStatus } from '../support/analytics-seed';
import { customer } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * statusTimeline reads each phone's history as one JSON text per phone (ordered inside SQL). Its answer
 * must equal a plain computation over every `phone_status_log` row of the account: the status in force
 * at the start of the range first, then each change in the range in (at, id) order, repeats dropped.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** `h:m` UTC of a November 2026 day; the test clock stands at 22 Nov 12:00. */
const nov = (d: number, h = 12, m = 0) => Date.UTC(2026, 10, d, h, m);

interface LogRow {
  id: number;
  phone_id: number;
  status: string;
  at: number;
}

/** The timeline by hand: all rows of the account's phones, filtered, sorted and deduplicated in JS. */
async function reference(pid: string, data: { start_date?: string; end_date?: string }) {
  const range = resolveRange(data, t.clock.now);
  if ('error' in range) throw new Error(range.error);
  const to = Math.min(range.to, t.clock.now);
  const phones = await t.db.all<{ id: number; number: string | null; name: string; type: string; status: string }>(
    sql`SELECT id, number, name, type, status FROM phones WHERE pid = ${pid}`,
  );
  const log = await t.db.all<LogRow>(sql`SELECT id, phone_id, status, at FROM phone_status_log`);
  return {
    start_date: range.start_date,
    end_date: range.end_date,
    from: range.from,
    to,
    phones: phones
      .sort((a, b) => a.id - b.id)
      .map((p) => {
        const own = log.filter((l) => l.phone_id === p.id).sort((a, b) => a.at - b.at || a.id - b.id);
        const before = own.filter((l) => l.at < range.from).at(-1);
        const seq = [
          ...(before ? [{ status: before.status, date: range.from }] : []),
          ...own.filter((l) => l.at >= range.from && l.at < to).map((l) => ({ status: l.status, date: l.at })),
        ];
        const changes = seq.filter((c, i) => i === 0 || c.status !== seq[i - 1]!.status);
        return { phone: p.number || p.name || `#${p.id}`, id: p.id, type: p.type, last_status: p.status, changes };
      }),
  };
}

describe('statusTimeline equals a plain computation over the status log', () => {
  it('at day boundaries, with ties, repeats, empty ranges, a phone without history, and another account beside it', async () => {
    const a = await customer(t);
    const b = await customer(t);
    const p1 = await seedPhone(t.db, a.pid, '905300000001');
    const p2 = await seedPhone(t.db, a.pid, 'shop.ig', 'instagram', 'idle');
    const quiet = await seedPhone(t.db, a.pid, '905300000003');
    const foreign = await seedPhone(t.db, b.pid, '905300000099');
    // p1: a change at the last millisecond before a day, exactly at midnight, two at the same time
    // (the later id wins the order), repeats across the start of a range, and one in the future.
    const p1Log: [string, number][] = [
      ['creating...', nov(1, 9)],
      ['active', nov(10, 23, 59) + 59_999],
      ['qr-screen', Date.UTC(2026, 10, 11)],
      ['qr-screen', Date.UTC(2026, 10, 11) + 1],
      ['active', nov(12, 8)],
      ['phone-error', nov(12, 8)],
      ['active', nov(14)],
      ['active', Date.UTC(2026, 10, 16)],
      ['idle', nov(20, 23, 59) + 59_999],
      ['active', Date.UTC(2026, 10, 21)],
      ['idle', nov(22, 11, 59)],
      ['active', nov(22, 12, 1)],
    ];
    for (const [status, at] of p1Log) await seedStatus(t.db, p1, status, at);
    await seedStatus(t.db, p2, 'idle', nov(21, 6));
    await seedStatus(t.db, p2, 'idle', nov(21, 7));
    await seedStatus(t.db, foreign, 'phone-error', nov(11));
    await seedStatus(t.db, foreign, 'active', Date.UTC(2026, 10, 16));

    const ranges = [
      {},
      { start_date: '2026-11-11', end_date: '2026-11-11' },
      { start_date: '2026-11-10', end_date: '2026-11-12' },
      { start_date: '2026-11-13', end_date: '2026-11-13' },
      { start_date: '2026-11-16', end_date: '2026-11-20' },
      { start_date: '2026-11-21', end_date: '2026-11-22' },
      { start_date: '2026-10-01', end_date: '2026-10-31' },
      { start_date: '2026-01-01', end_date: '2026-11-22' },
      { start_date: '2026-11-22', end_date: '2026-11-22' },
    ];
    for (const data of ranges) {
      const res = await a.agent.postForm('/api/wapi/analytics', { name: 'statusTimeline', data });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: Awaited<ReturnType<typeof reference>> };
      expect(body.data, JSON.stringify(data)).toEqual(await reference(a.pid, data));
      expect(body.data.phones.map((p) => p.id)).toEqual([p1, p2, quiet]);
    }
    // Spot checks the reference itself must get right: the same-time pair in id order, the midnight change inside its day.
    const day12 = await reference(a.pid, { start_date: '2026-11-12', end_date: '2026-11-12' });
    expect(day12.phones[0]!.changes).toEqual([
      { status: 'qr-screen', date: Date.UTC(2026, 10, 12) },
      { status: 'active', date: nov(12, 8) },
      { status: 'phone-error', date: nov(12, 8) },
    ]);
    const day11 = await reference(a.pid, { start_date: '2026-11-11', end_date: '2026-11-11' });
    expect(day11.phones[0]!.changes).toEqual([
      { status: 'active', date: Date.UTC(2026, 10, 11) },
      { status: 'qr-screen', date: Date.UTC(2026, 10, 11) },
    ]);
    expect(day11.phones[2]!.changes).toEqual([]);
    expect(Date.UTC(2026, 10, 11) - (nov(10, 23, 59) + 59_999)).toBe(1);
    expect(DAY_MS).toBe(86_400_000);

    const other = await b.agent.postForm('/api/wapi/analytics', {
      name: 'statusTimeline',
      data: { start_date: '2026-11-01', end_date: '2026-11-22' },
    });
    const otherBody = (await other.json()) as { data: Awaited<ReturnType<typeof reference>> };
    expect(otherBody.data).toEqual(await reference(b.pid, { start_date: '2026-11-01', end_date: '2026-11-22' }));
    expect(otherBody.data.phones.map((p) => p.id)).toEqual([foreign]);
  });
});
