import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agents, liveConversations, products } from '../../db/schema';
import type { ServiceCtx } from '../../src/services/context';
import { bucketSql } from '../../src/services/inbox/percentiles';
import { monthsAndEdges } from '../../src/services/inbox/report-rollup';
import { openThread } from '../../src/services/inbox/threads';
import { DAY_MS } from '../../src/shared/analytics-dates';
import { LIVE_AUTO_MSG } from '../../src/shared/live-auto-messages';
import { conv, customerWrites, json, liveAccount, ok, type LiveAccount } from '../support/live-inbox';
import { backfilled, directReport, rollupMigration, rollupRows } from '../support/live-reports-direct';
import { eventually } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

/** A customer whose simulated phone does not echo what it gets (numbers ending in 7 do). */
const QUIET = '905301234561';

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

const at = (iso: string) => Date.parse(iso);

/** The account's holders with a name (what the report lists): its agents and its owner. */
async function holdersOf(a: LiveAccount) {
  const owner = await t.db.select({ uid: products.uid }).from(products).where(eq(products.id, a.pid)).get();
  const rows = await t.db.select({ id: agents.id }).from(agents).where(eq(agents.pid, a.pid)).all();
  return { owner: `o:${owner!.uid}`, ann: `a:${rows[0]!.id}`, bob: `a:${rows[1]!.id}` };
}

/** GET /api/live/reports over `from`..`to` answers what the threads say, computed straight from them. */
async function expectDirect(a: LiveAccount, from: string, to: string) {
  const { data } = await ok(await a.o.agent.get(`/api/live/reports?from=${from}&to=${to}`));
  const direct = await directReport(t.db, a.pid, at(from), at(to) + DAY_MS);
  const { agents: byHolder, ...rest } = direct;
  expect(data).toMatchObject(rest);
  expect(data.series).toEqual(rest.series);
  const named = new Set(Object.values(await holdersOf(a)));
  const expected = [...byHolder].filter(([h]) => named.has(h)).sort(([x], [y]) => x.localeCompare(y));
  const got = data.agents
    .map(({ holder, conversations, first_response_median_s, resolved, csat_average }: any) => [
      holder,
      { conversations, first_response_median_s, resolved, csat_average },
    ])
    .sort(([x]: [string], [y]: [string]) => x.localeCompare(y));
  expect(got).toEqual(expected);
  return data;
}

type Row = {
  created: string;
  first?: [number, string | null];
  close?: [number, string | null];
  who?: string[];
  csat?: number;
};
async function insert(a: LiveAccount, r: Row): Promise<number> {
  const c = at(r.created);
  const [row] = await t.db.all<{ id: number }>(sql`insert into live_threads (pid, phone_id, chat_jid, created_at,
    first_response_at, first_responder, closed_at, closer, participants, csat_rating)
    values (${a.pid}, ${a.phone}, 'x@c.us', ${c}, ${r.first ? c + r.first[0] * 1000 : null}, ${r.first?.[1] ?? null},
      ${r.close ? c + r.close[0] * 1000 : null}, ${r.close?.[1] ?? null}, ${JSON.stringify(r.who ?? [])}, ${r.csat ?? null})
    returning id`);
  return row!.id;
}

/**
 * Threads of `a` written the ways the inbox writes them, with raw SQL: opened, answered, transferred,
 * closed, rated, moved, re-credited and deleted, over September to November 2026 (now is 22 November).
 */
async function rawMix(a: LiveAccount) {
  const h = await holdersOf(a);
  const ids: number[] = [];
  const durations = [5, 42, 99, 100, 150, 999, 4_000, 50_000, 2_000_000];
  for (let i = 0; i < 40; i++) {
    const created = new Date(at('2026-09-10T08:00:00Z') + i * 1.77 * DAY_MS + (i % 7) * 3_600_000).toISOString();
    const by = [h.ann, h.bob, h.owner][i % 3]!;
    ids.push(
      await insert(a, {
        created,
        ...(i % 4
          ? { first: [durations[i % durations.length]!, i % 13 === 5 ? null : by] as [number, string | null] }
          : {}),
        ...(i % 3 ? { close: [durations[(i * 5) % durations.length]! * 3, i % 11 === 4 ? null : by] } : {}),
        who: i % 5 === 0 ? [] : i % 2 ? [by, h.bob] : [by, 'a:999999'],
        ...(i % 3 && i % 2 ? { csat: 1 + (i % 5) } : {}),
      }),
    );
  }
  const set = (id: number, what: ReturnType<typeof sql>) =>
    t.db.run(sql`update live_threads set ${what} where id = ${id}`);
  const participants = (holder: string) =>
    sql`participants = case when exists (select 1 from json_each(participants) where value = ${holder})
      then participants else json_insert(participants, '$[#]', ${holder}) end`;
  // The first response of unanswered ones, as threadTouched writes it (participants rewritten too).
  for (const id of ids.filter((_, i) => i % 4 === 0).slice(0, 6))
    await set(
      id,
      sql`${participants(h.ann)}, first_response_at = coalesce(first_response_at, created_at + 777000),
      first_responder = case when first_response_at is null then ${h.ann} else first_responder end`,
    );
  // Transfers: a holder added; the same holder again changes nothing.
  for (const id of ids.slice(3, 12)) await set(id, participants(h.owner));
  for (const id of ids.slice(3, 6)) await set(id, participants(h.owner));
  // Closes of open ones, then ratings of closed ones (the CSAT reply).
  for (const id of ids.filter((_, i) => i % 3 === 0).slice(1, 8))
    await set(id, sql`${participants(h.bob)}, closed_at = created_at + 86400000 * 3 + 1234, closer = ${h.bob}`);
  for (const id of ids.slice(6, 14))
    await t.db.run(
      sql`update live_threads set csat_rating = 5 where id = ${id} and closed_at is not null and csat_rating is null`,
    );
  // A thread moved to another day (and month), a first response re-credited, a close re-credited.
  await set(ids[9]!, sql`created_at = created_at - 20 * 86400000`);
  await set(ids[10]!, sql`first_responder = ${h.owner}`);
  await set(ids[14]!, sql`closer = ${h.ann}, closed_at = closed_at + 40 * 86400000`);
  // Deleted threads: one answered and closed, one just opened (as openThread's race loser).
  await t.db.run(sql`delete from live_threads where id in (${ids[13]!}, ${ids[20]!})`);
  await insert(a, { created: '2026-10-31T23:59:59Z', first: [2, h.ann], close: [1, h.ann], who: [h.ann], csat: 2 });
  await insert(a, { created: '2026-11-01T00:00:00Z', first: [2, h.bob], close: [86_400, h.bob], who: [h.bob] });
}

describe('live inbox: the reports rollup (migration 0029)', () => {
  it('equals the threads after every kind of write, over partial and whole months, one account at a time', async () => {
    const other = await liveAccount(t, 'b');
    await rawMix(acc);
    await rawMix(other);
    const kept = await rollupRows(t.db);
    expect(kept.counts.length).toBeGreaterThan(50);
    expect(await backfilled(t.db)).toEqual(kept);
    for (const a of [acc, other]) {
      const year = await expectDirect(a, '2026-01-01', '2026-11-22');
      expect(year.conversations).toBe(40);
      expect(year.agents.length).toBe(3);
      await expectDirect(a, '2026-09-15', '2026-11-20');
      await expectDirect(a, '2026-10-01', '2026-10-31');
      await expectDirect(a, '2026-10-05', '2026-10-25');
      await expectDirect(a, '2026-11-01', '2026-11-01');
      await expectDirect(a, '2026-10-31', '2026-11-22');
    }
    // A product that goes takes its threads and its rollup with it (the delete trigger inserts nothing).
    await t.db.run(sql`delete from products where id = ${other.pid}`);
    const left = await rollupRows(t.db);
    expect(left.counts.some((r: any) => r.pid === other.pid) || left.hist.some((r: any) => r.pid === other.pid)).toBe(
      false,
    );
    expect(await backfilled(t.db)).toEqual(left);
    await expectDirect(acc, '2026-09-15', '2026-11-20');
  });

  it("equals the threads after the inbox's own writes across a month's end, a rating, a reopen and a race", async () => {
    await acc.o.agent.postJson('/api/live/settings', { csat: true });
    t.clock.advance(at('2026-11-30T23:56:00Z') - t.clock.now);
    const id = await customerWrites(acc, 'my order is late', QUIET);
    expect((await acc.ann.postJson(conv(id, 'take'), {})).status).toBe(200);
    t.clock.advance(30_000);
    await ok(await acc.ann.postJson(conv(id, 'send'), { type: 'text', message: 'on it' }));
    const bob = (await acc.o.call('list')).body.agents.find((x: any) => x.email === acc.bobEmail).uid;
    await ok(await acc.ann.postJson(conv(id, 'transfer'), { agentId: bob }));
    t.clock.advance(5 * 60_000);
    await ok(await acc.bob.postJson(conv(id, 'close'), {}));
    await eventually(
      async () =>
        (await json(await acc.ann.get('/api/live/conversations'))).data[0]?.lastMessage === LIVE_AUTO_MSG.csatQuestion,
      5_000,
      'the rating question sent',
    );
    t.clock.advance(60_000);
    await customerWrites(acc, '4', QUIET);
    t.clock.advance(60_000);
    await customerWrites(acc, 'one more thing', QUIET);
    t.clock.advance(60_000);
    await ok(await acc.o.agent.postJson(conv(id, 'send'), { type: 'text', message: 'sure' }));
    // openThread's race: a request that read the conversation before the reopen links nothing and deletes its thread.
    const live = (await t.db.select().from(liveConversations).where(eq(liveConversations.pid, acc.pid)).get())!;
    const [closed] = await t.db.all<{ id: number }>(sql`select min(id) as id from live_threads where pid = ${acc.pid}`);
    const ctx = { db: t.db, now: () => t.clock.now } as unknown as ServiceCtx;
    expect(await openThread(ctx, acc.pid, { ...live, threadId: closed!.id })).toBe(live.threadId);
    const rows = await t.db.all<{ csat_rating: number | null }>(
      sql`select csat_rating from live_threads where pid = ${acc.pid} order by id`,
    );
    expect(rows.map((r) => r.csat_rating)).toEqual([4, null]);
    const kept = await rollupRows(t.db);
    expect(await backfilled(t.db)).toEqual(kept);
    const data = await expectDirect(acc, '2026-11-25', '2026-12-01');
    expect(data).toMatchObject({ conversations: 2, csat: { responses: 1, average: 4 } });
    expect(data.series.at(-2)).toMatchObject({ day: '2026-11-30', conversations: 1, first_response_median_s: 30 });
    expect(data.series.at(-1)).toMatchObject({ day: '2026-12-01', conversations: 1, resolution_median_s: 330 });
    await expectDirect(acc, '2026-11-30', '2026-11-30');
  });

  it('a dropped trigger leaves the rollup wrong; the triggers bucket with bucketSql', async () => {
    const triggers = await t.db.all<{ name: string; sql: string }>(
      sql`select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'live_threads' order by name`,
    );
    expect(triggers.map((x) => x.name)).toEqual([
      'live_threads_report_closed',
      'live_threads_report_delete',
      'live_threads_report_first',
      'live_threads_report_insert',
      'live_threads_report_move',
      'live_threads_report_took',
    ]);
    for (const trigger of triggers) {
      await t.db.run(sql`delete from live_threads`);
      await t.db.run(sql`delete from live_report_counts`);
      await t.db.run(sql`delete from live_report_hist`);
      await t.db.run(sql.raw(`drop trigger ${trigger.name}`));
      await rawMix(acc);
      const kept = await rollupRows(t.db);
      expect(await backfilled(t.db), trigger.name).not.toEqual(kept);
      await t.db.run(sql.raw(trigger.sql));
    }
    expect(rollupMigration()).toContain(bucketSql('h.`s`'));
    expect(rollupMigration()).toContain(bucketSql('`s`'));
  });

  it('splits a range into whole UTC months and the days around them', () => {
    const day = (iso: string) => at(iso) / DAY_MS;
    const month = (y: number, m: number) => y * 12 + m - 1;
    expect(monthsAndEdges(day('2026-09-15'), day('2026-11-21'))).toEqual({
      months: [month(2026, 10), month(2026, 11)],
      days: [
        [day('2026-09-15'), day('2026-10-01')],
        [day('2026-11-01'), day('2026-11-21')],
      ],
    });
    expect(monthsAndEdges(day('2025-12-01'), day('2027-01-01'))).toEqual({
      months: [month(2025, 12), month(2027, 1)],
      days: [
        [day('2025-12-01'), day('2025-12-01')],
        [day('2027-01-01'), day('2027-01-01')],
      ],
    });
    expect(monthsAndEdges(day('2026-10-05'), day('2026-10-26'))).toEqual({
      months: [0, 0],
      days: [[day('2026-10-05'), day('2026-10-26')]],
    });
  });
});
