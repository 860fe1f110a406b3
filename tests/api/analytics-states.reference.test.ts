import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONVERSATION_STATUSES } from '../../src/shared/schemas/console/analytics';
import { resolveRange } from '../../src/shared/analytics-dates';
import { seedConversation, seedMessages, seedPhone } from '../support/analytics-seed';
import { customer } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * statusInfo and closedInfo count the conversations active in a range by their live-chat state. Past
 * 31 days they are read one phone at a time (a correlated subquery per phone), up to 31 days by the
 * rollup's day key. Both answers must equal a plain computation over the messages themselves.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const at = (m: number, d: number, h = 12, min = 0) => Date.UTC(2026, m - 1, d, h, min);

/** The answer by hand, from `messages` and `live_conversations` only. */
async function reference(pid: string, data: { start_date?: string; end_date?: string }) {
  const range = resolveRange(data, t.clock.now);
  if ('error' in range) throw new Error(range.error);
  const msgs = await t.db.all<{ phone_id: number; chat_id: string; direction: string; created_at: number }>(
    sql`SELECT phone_id, chat_id, direction, created_at FROM messages WHERE pid = ${pid}`,
  );
  const lcs = await t.db.all<{ phone_id: number; chat_jid: string; state: string; closed_at: number | null }>(
    sql`SELECT phone_id, chat_jid, state, closed_at FROM live_conversations WHERE pid = ${pid}`,
  );
  const phones = await t.db.all<{ id: number; number: string | null; name: string }>(
    sql`SELECT id, number, name FROM phones WHERE pid = ${pid}`,
  );
  const active = new Map<string, { phone: number; chat: string; wrote: boolean }>();
  for (const m of msgs) {
    if (m.created_at < range.from || m.created_at >= range.to || m.chat_id.toLowerCase().endsWith('@g.us')) continue;
    const key = `${m.phone_id} ${m.chat_id}`;
    const a = active.get(key) ?? { phone: m.phone_id, chat: m.chat_id, wrote: false };
    a.wrote ||= m.direction === 'in';
    active.set(key, a);
  }
  const label = {
    taken: 'On/Operator',
    waiting: 'Waiting',
    closed: 'Close',
    none: 'No Interaction',
    other: 'Other',
  } as const;
  const statuses = new Map<string, number>(CONVERSATION_STATUSES.map((s) => [s, 0]));
  const issues = new Map<
    number,
    { phone_id: number; phone: string; taken: number; waiting: number; closed: number; no_interaction: number }
  >();
  for (const a of active.values()) {
    const state = lcs.find((l) => l.phone_id === a.phone && l.chat_jid === a.chat)?.state as
      'taken' | 'waiting' | 'closed' | undefined;
    const kind = state ?? (a.wrote ? 'none' : 'other');
    statuses.set(label[kind], statuses.get(label[kind])! + 1);
    const p = phones.find((x) => x.id === a.phone);
    const row = issues.get(a.phone) ?? {
      phone_id: a.phone,
      phone: p ? p.number || p.name || `#${p.id}` : `#${a.phone}`,
      taken: 0,
      waiting: 0,
      closed: 0,
      no_interaction: 0,
    };
    if (kind === 'none') row.no_interaction++;
    else if (kind !== 'other') row[kind]++;
    issues.set(a.phone, row);
  }
  const list = [...issues.values()].sort((x, y) => x.phone_id - y.phone_id);
  return {
    statusInfo: {
      start_date: range.start_date,
      end_date: range.end_date,
      statuses: CONVERSATION_STATUSES.map((status) => ({ status, count: statuses.get(status)! })),
    },
    closedInfo: {
      start_date: range.start_date,
      end_date: range.end_date,
      closed: lcs.filter(
        (l) => l.state === 'closed' && l.closed_at !== null && l.closed_at >= range.from && l.closed_at < range.to,
      ).length,
      waiting: list.reduce((n, i) => n + i.waiting, 0),
      issues: list,
    },
  };
}

describe('statusInfo and closedInfo equal a plain computation over the messages', () => {
  it('for short and long ranges, at day boundaries, with groups, unanswered sends, chats no agent saw, and another account beside it', async () => {
    const a = await customer(t);
    const b = await customer(t);
    const p1 = await seedPhone(t.db, a.pid, '905300000001');
    const p2 = await seedPhone(t.db, a.pid, 'shop.ig', 'instagram', 'idle');
    const silent = await seedPhone(t.db, a.pid, '905300000003');
    const pb = await seedPhone(t.db, b.pid, '905300000099');
    const msg = (pid: string, phoneId: number, chatId: string, direction: 'in' | 'out', when: number, count = 1) =>
      seedMessages(t.db, { pid, phoneId, chatId, direction, at: when, count });
    // p1 through the year: a customer on the last millisecond of a day and the first of the next,
    // one written to only, a group (upper case too), one agents took, one closed in March, one waiting.
    await msg(a.pid, p1, 'c1@c.us', 'in', Date.UTC(2026, 2, 31) - 1);
    await msg(a.pid, p1, 'c1@c.us', 'out', Date.UTC(2026, 2, 31));
    await msg(a.pid, p1, 'c2@c.us', 'out', at(6, 15));
    await msg(a.pid, p1, 'g1@g.us', 'in', at(6, 15), 3);
    await msg(a.pid, p1, 'G2@G.US', 'in', at(9, 1));
    await msg(a.pid, p1, 'c3@c.us', 'in', at(10, 23, 23, 59));
    await msg(a.pid, p1, 'c3@c.us', 'in', at(11, 20));
    await msg(a.pid, p1, 'c4@c.us', 'in', at(1, 2));
    await msg(a.pid, p1, 'c5@c.us', 'in', at(11, 22, 9));
    await msg(a.pid, p1, 'c6@c.us', 'in', Date.UTC(2026, 10, 1));
    // p2: the same customer ids as p1 (another conversation), one with a row but no message in range.
    await msg(a.pid, p2, 'c1@c.us', 'in', at(11, 21));
    await msg(a.pid, p2, 'c7@c.us', 'out', at(4, 4));
    await msg(a.pid, p2, 'c8@c.us', 'in', at(8, 8));
    // Account B writes and closes on the same days and must never count.
    await msg(b.pid, pb, 'c1@c.us', 'in', Date.UTC(2026, 2, 31) - 1, 4);
    await msg(b.pid, pb, 'c9@c.us', 'in', at(11, 21), 2);
    const conv = (
      pid: string,
      phoneId: number,
      chatJid: string,
      state: 'waiting' | 'taken' | 'closed',
      closedAt?: number,
    ) =>
      seedConversation(t.db, {
        pid,
        phoneId,
        chatJid,
        state,
        holderEmail: state === 'waiting' ? undefined : 'ann@example.com',
        takenAt: closedAt,
        closedAt,
        updatedAt: closedAt ?? at(11, 1),
      });
    await conv(a.pid, p1, 'c1@c.us', 'closed', Date.UTC(2026, 2, 31));
    await conv(a.pid, p1, 'c3@c.us', 'taken');
    await conv(a.pid, p1, 'c4@c.us', 'closed', at(3, 1));
    await conv(a.pid, p1, 'c6@c.us', 'waiting');
    await conv(a.pid, p2, 'c1@c.us', 'waiting');
    await conv(a.pid, p2, 'c8@c.us', 'closed', at(11, 21, 23, 59) + 59_999);
    await conv(a.pid, p2, 'c9@c.us', 'taken');
    await conv(b.pid, pb, 'c1@c.us', 'closed', at(11, 21));
    await conv(b.pid, pb, 'c9@c.us', 'waiting');

    const ranges = [
      {},
      { start_date: '2026-11-22', end_date: '2026-11-22' },
      { start_date: '2026-11-01', end_date: '2026-11-01' },
      { start_date: '2026-10-23', end_date: '2026-11-22' }, // 31 days: the day key
      { start_date: '2026-10-22', end_date: '2026-11-22' }, // 32 days: per phone
      { start_date: '2026-10-24', end_date: '2026-11-22' },
      { start_date: '2026-03-30', end_date: '2026-03-30' },
      { start_date: '2026-03-31', end_date: '2026-05-31' },
      { start_date: '2026-01-01', end_date: '2026-03-30' },
      { start_date: '2026-01-03', end_date: '2026-03-30' },
      { start_date: '2025-12-01', end_date: '2025-12-31' },
      { start_date: '2025-11-22', end_date: '2026-11-22' },
      { start_date: '2026-01-01', end_date: '2026-11-22' },
    ];
    for (const data of ranges) {
      const expected = await reference(a.pid, data);
      for (const name of ['statusInfo', 'closedInfo'] as const) {
        const res = await a.agent.postForm('/api/wapi/analytics', { name, data });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { data: unknown }).data, `${name} ${JSON.stringify(data)}`).toEqual(
          expected[name],
        );
      }
    }
    // The reference itself, over the whole year: every kind present, groups and the silent phone absent.
    const year = await reference(a.pid, { start_date: '2025-11-22', end_date: '2026-11-22' });
    expect(year.statusInfo.statuses).toEqual([
      { status: 'On/Operator', count: 1 },
      { status: 'Waiting', count: 2 },
      { status: 'Close', count: 3 },
      { status: 'No Interaction', count: 1 },
      { status: 'Other', count: 2 },
    ]);
    expect(year.closedInfo.issues.map((i) => i.phone_id)).toEqual([p1, p2]);
    expect(year.closedInfo.issues.some((i) => i.phone_id === silent)).toBe(false);
    const edge = await reference(a.pid, { start_date: '2026-03-30', end_date: '2026-03-30' });
    expect(edge.statusInfo.statuses.find((s) => s.status === 'Close')!.count).toBe(1);
  });
});
