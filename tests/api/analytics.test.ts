import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_DATE_MSG } from '../../src/shared/analytics-dates';
import { Agent, expectError } from '../support/agent';
import { seedConversation, seedMessages, seedPhone, seedStatus } from '../support/analytics-seed';
import { customer } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** Noon UTC (or `h` o'clock) of a November 2026 day; the test clock stands at 22 Nov 12:00. */
const nov = (d: number, h = 12, m = 0) => Date.UTC(2026, 10, d, h, m);

/**
 * Account A: phone 1 (c1 closed by Ann, c2 waiting, a group), phone 2 on Instagram (c3 only written
 * to, c5 taken by Bob, c6 never handled), and older work outside the default range. Account B writes
 * and closes in the same days and must never show.
 */
async function seeded() {
  const a = await customer(t);
  const b = await customer(t);
  const p1 = await seedPhone(t.db, a.pid, '905300000001');
  const p2 = await seedPhone(t.db, a.pid, 'shop.ig', 'instagram', 'idle');
  const pb = await seedPhone(t.db, b.pid, '905300000099');
  const msg = (pid: string, phoneId: number, chatId: string, direction: 'in' | 'out', at: number, count = 1) =>
    seedMessages(t.db, { pid, phoneId, chatId, direction, at, count });
  await msg(a.pid, p1, 'c1@c.us', 'in', nov(20), 2);
  await msg(a.pid, p1, 'c1@c.us', 'out', nov(20, 13));
  await msg(a.pid, p1, 'c2@c.us', 'in', nov(20));
  await msg(a.pid, p1, 'g1@g.us', 'in', nov(20));
  await msg(a.pid, p1, 'c1@c.us', 'in', nov(22, 9));
  await msg(a.pid, p2, 'c3@c.us', 'out', nov(22, 10));
  await msg(a.pid, p2, 'c5@c.us', 'in', nov(21));
  await msg(a.pid, p2, 'c6@c.us', 'in', nov(19));
  await msg(a.pid, p1, 'c4@c.us', 'in', nov(10));
  await msg(b.pid, pb, 'c9@c.us', 'in', nov(21), 5);
  await seedConversation(t.db, {
    pid: a.pid,
    phoneId: p1,
    chatJid: 'c1@c.us',
    state: 'closed',
    holderEmail: 'ann@example.com',
    takenAt: nov(20, 10),
    closedAt: nov(20, 11),
    updatedAt: nov(20, 11),
  });
  await seedConversation(t.db, { pid: a.pid, phoneId: p1, chatJid: 'c2@c.us', state: 'waiting', updatedAt: nov(20) });
  await seedConversation(t.db, {
    pid: a.pid,
    phoneId: p2,
    chatJid: 'c5@c.us',
    state: 'taken',
    holderEmail: 'bob@example.com',
    takenAt: nov(21, 14),
    updatedAt: nov(21, 14),
  });
  await seedConversation(t.db, {
    pid: a.pid,
    phoneId: p1,
    chatJid: 'c4@c.us',
    state: 'closed',
    holderEmail: 'bob@example.com',
    takenAt: nov(10),
    closedAt: nov(10, 13),
    updatedAt: nov(10, 13),
  });
  await seedConversation(t.db, {
    pid: b.pid,
    phoneId: pb,
    chatJid: 'c9@c.us',
    state: 'closed',
    holderEmail: 'eve@example.com',
    takenAt: nov(21),
    closedAt: nov(21, 13),
    updatedAt: nov(21, 13),
  });
  await seedStatus(t.db, p1, 'active', nov(14));
  await seedStatus(t.db, p1, 'qr-screen', nov(18, 10));
  await seedStatus(t.db, p1, 'qr-screen', nov(18, 10, 1));
  await seedStatus(t.db, p1, 'active', nov(19, 8));
  await seedStatus(t.db, p2, 'idle', nov(21, 6));
  await seedStatus(t.db, pb, 'phone-error', nov(20));
  return { a, b, p1, p2 };
}

const ask = async (agent: Agent, name: string, data?: unknown, extra: Record<string, unknown> = {}) => {
  const res = await agent.postForm('/api/wapi/analytics', { name, ...(data === undefined ? {} : { data }), ...extra });
  return { status: res.status, body: (await res.clone().json()) as any, res };
};

describe('POST /api/{brand}/analytics over seeded rows', () => {
  it('chartInfo: users who wrote and messages per day for the last 7 days, groups not users', async () => {
    const { a } = await seeded();
    const { status, body } = await ask(a.agent, 'chartInfo');
    expect(status).toBe(200);
    expect(body.name).toBe('chartInfo');
    const zero = (date: string) => ({ date, users: 0, incoming: 0, outgoing: 0, messages: 0 });
    expect(body.data).toEqual({
      start_date: '2026-11-16',
      end_date: '2026-11-22',
      total_users: 4,
      total_messages: 9,
      days: [
        zero('2026-11-16'),
        zero('2026-11-17'),
        zero('2026-11-18'),
        { date: '2026-11-19', users: 1, incoming: 1, outgoing: 0, messages: 1 },
        { date: '2026-11-20', users: 2, incoming: 4, outgoing: 1, messages: 5 },
        { date: '2026-11-21', users: 1, incoming: 1, outgoing: 0, messages: 1 },
        { date: '2026-11-22', users: 1, incoming: 1, outgoing: 1, messages: 2 },
      ],
    });
  });

  it('statusInfo: every label, conversations active in the range by their live-chat state', async () => {
    const { a } = await seeded();
    const { body } = await ask(a.agent, 'statusInfo', {});
    expect(body.data.statuses).toEqual([
      { status: 'On/Operator', count: 1 },
      { status: 'Waiting', count: 1 },
      { status: 'Close', count: 1 },
      { status: 'No Interaction', count: 1 },
      { status: 'Other', count: 1 },
    ]);
    // Over a quarter (read in conversation order), c4 closed on 10 Nov joins the closed ones.
    const quarter = await ask(a.agent, 'statusInfo', { start_date: '2026-09-01', end_date: '2026-11-22' });
    expect(quarter.body.data.statuses.find((s: { status: string }) => s.status === 'Close').count).toBe(2);
  });

  it('closedInfo: closed in the range, waiting now, and the issues per phone', async () => {
    const { a, p1, p2 } = await seeded();
    const { body } = await ask(a.agent, 'closedInfo');
    expect(body.data).toEqual({
      start_date: '2026-11-16',
      end_date: '2026-11-22',
      closed: 1,
      waiting: 1,
      issues: [
        { phone_id: p1, phone: '905300000001', taken: 0, waiting: 1, closed: 1, no_interaction: 0 },
        { phone_id: p2, phone: 'shop.ig', taken: 1, waiting: 0, closed: 0, no_interaction: 1 },
      ],
    });
    expect(
      (await ask(a.agent, 'closedInfo', { start_date: '2026-11-01', end_date: '2026-11-22' })).body.data.closed,
    ).toBe(2);
  });

  it('takenInfoByAgents: taken and closed per agent in the range, most closes first', async () => {
    const { a } = await seeded();
    expect((await ask(a.agent, 'takenInfoByAgents')).body.data.byAgents).toEqual([
      { email: 'ann@example.com', taken: 1, close: 1 },
      { email: 'bob@example.com', taken: 1, close: 0 },
    ]);
    const month = await ask(a.agent, 'takenInfoByAgents', { start_date: '2026-11-01', end_date: '2026-11-22' });
    expect(month.body.data.byAgents).toEqual([
      { email: 'bob@example.com', taken: 2, close: 1 },
      { email: 'ann@example.com', taken: 1, close: 1 },
    ]);
    expect(
      (await ask(a.agent, 'takenInfoByAgents', { start_date: '2026-11-11', end_date: '2026-11-15' })).body.data
        .byAgents,
    ).toEqual([]);
  });

  it('statusTimeline: each phone from the status in force at the start, repeats dropped, up to now', async () => {
    const { a, p1, p2 } = await seeded();
    const { body } = await ask(a.agent, 'statusTimeline');
    expect(body.data).toEqual({
      start_date: '2026-11-16',
      end_date: '2026-11-22',
      from: Date.UTC(2026, 10, 16),
      to: nov(22),
      phones: [
        {
          phone: '905300000001',
          id: p1,
          type: 'whatsapp',
          last_status: 'active',
          changes: [
            { status: 'active', date: Date.UTC(2026, 10, 16) },
            { status: 'qr-screen', date: nov(18, 10) },
            { status: 'active', date: nov(19, 8) },
          ],
        },
        {
          phone: 'shop.ig',
          id: p2,
          type: 'instagram',
          last_status: 'idle',
          changes: [{ status: 'idle', date: nov(21, 6) }],
        },
      ],
    });
  });

  it("counts only the caller's account, and another account's pid answers 404", async () => {
    const { a, b } = await seeded();
    const other = await ask(b.agent, 'chartInfo');
    expect(other.body.data.total_messages).toBe(5);
    expect((await ask(b.agent, 'takenInfoByAgents')).body.data.byAgents).toEqual([
      { email: 'eve@example.com', taken: 1, close: 1 },
    ]);
    expect((await ask(b.agent, 'statusTimeline')).body.data.phones).toHaveLength(1);
    await expectError((await ask(a.agent, 'chartInfo', undefined, { pid: b.pid })).res, 404, 'NOT_FOUND');
  });

  it('the per-day rollup the queries read always equals the messages: every insert counted, a deleted phone gone', async () => {
    const { a, p1 } = await seeded();
    await seedMessages(t.db, {
      pid: a.pid,
      phoneId: p1,
      chatId: 'c1@c.us',
      direction: 'out',
      at: nov(22, 11),
      count: 3,
    });
    const fromMessages = () =>
      t.db.all(
        sql`SELECT pid, created_at / 86400000 AS day, phone_id, chat_id, direction, count(*) AS n FROM messages GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      );
    const rollup = () =>
      t.db.all(sql`SELECT pid, day, phone_id, chat_id, direction, n FROM message_chat_days ORDER BY 1, 2, 3, 4, 5`);
    expect((await rollup()).length).toBeGreaterThan(5);
    expect(await rollup()).toEqual(await fromMessages());
    await t.db.run(sql`DELETE FROM phones WHERE id = ${p1}`);
    expect(await rollup()).toEqual(await fromMessages());
  });

  it('an account without rows answers zeros and empty lists', async () => {
    const { agent } = await customer(t);
    const chart = (await ask(agent, 'chartInfo', { start_date: '2026-11-22', end_date: '2026-11-22' })).body.data;
    expect(chart).toEqual({
      start_date: '2026-11-22',
      end_date: '2026-11-22',
      total_users: 0,
      total_messages: 0,
      days: [{ date: '2026-11-22', users: 0, incoming: 0, outgoing: 0, messages: 0 }],
    });
    expect((await ask(agent, 'closedInfo')).body.data).toMatchObject({ closed: 0, waiting: 0, issues: [] });
  });
});

describe('POST /api/{brand}/analytics refuses', () => {
  it('bad names and bad ranges with 422 naming the rule', async () => {
    const { agent } = await customer(t);
    await expectError((await ask(agent, 'everything')).res, 422, 'VALIDATION');
    const cases: [unknown, string][] = [
      [{ start_date: 'last week' }, ANALYTICS_DATE_MSG.format],
      [{ start_date: '2026-02-30', end_date: '2026-03-01' }, ANALYTICS_DATE_MSG.format],
      [{ end_date: '2026-11-23' }, ANALYTICS_DATE_MSG.future],
      [{ start_date: '2026-11-20', end_date: '2026-11-19' }, ANALYTICS_DATE_MSG.order],
      [{ start_date: '2025-01-01', end_date: '2026-11-22' }, ANALYTICS_DATE_MSG.tooLong],
    ];
    for (const [data, message] of cases) {
      const body = await expectError((await ask(agent, 'chartInfo', data)).res, 422, 'VALIDATION');
      expect(body.message).toBe(message);
    }
    await expectError((await ask(agent, 'chartInfo', { start_date: 20261101 })).res, 422, 'VALIDATION');
  });

  it('anonymous callers with 401, and a missing CSRF token with 403', async () => {
    const anon = new Agent(t);
    await expectError((await ask(anon, 'chartInfo')).res, 401);
    const { agent } = await customer(t);
    const res = await agent.request('/api/wapi/analytics', {
      method: 'POST',
      csrf: false,
      headers: { 'content-type': 'application/json' },
      body: '{"name":"chartInfo"}',
    });
    expect(res.status).toBe(403);
  });
});
