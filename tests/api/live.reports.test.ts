import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_DATE_MSG } from '../../src/shared/analytics-dates';
import { expectError } from '../support/agent';
import { conv, customerWrites, json, liveAccount, ok, type LiveAccount } from '../support/live-inbox';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let acc: LiveAccount;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  acc = await liveAccount(t);
}, 30_000);
afterEach(() => t.close());

const reply = async (who: LiveAccount['ann'], id: string) =>
  ok(await who.postJson(conv(id, 'send'), { type: 'text', message: 'on it' }));

/** Ann takes and answers the first conversation, hands it to Bob, who closes it; the owner answers and closes the second. */
async function day() {
  const first = await customerWrites(acc, 'first');
  t.clock.advance(30_000);
  await ok(await acc.ann.postJson(conv(first, 'take'), {}));
  t.clock.advance(30_000);
  await reply(acc.ann, first);
  const bobId = (await acc.o.call('list')).body.agents.find((a: any) => a.email === acc.bobEmail).uid;
  await ok(await acc.ann.postJson(conv(first, 'transfer'), { agentId: bobId }));
  t.clock.advance(60_000);
  await ok(await acc.bob.postJson(conv(first, 'close'), {}));
  const second = await customerWrites(acc, 'second', '905300000002');
  t.clock.advance(10_000);
  await reply(acc.o.agent, second);
  t.clock.advance(10_000);
  await ok(await acc.o.agent.postJson(conv(second, 'close'), {}));
  return { bobId };
}

type Seed = { at: number; first?: [number, string]; close?: [number, string]; who: string[]; csat?: number };
/** Threads as the inbox writes them, at fixed times (the simulator's echo of a reply may open another one). */
async function seedThreads(rows: Seed[]) {
  for (const r of rows)
    await t.db
      .run(sql`insert into live_threads (pid, phone_id, chat_jid, created_at, first_response_at, first_responder,
      closed_at, closer, participants, csat_rating)
      values (${acc.pid}, ${acc.phone}, 'x@c.us', ${r.at}, ${r.first ? r.at + r.first[0] * 1000 : null}, ${r.first?.[1] ?? null},
      ${r.close ? r.at + r.close[0] * 1000 : null}, ${r.close?.[1] ?? null}, ${JSON.stringify(r.who)}, ${r.csat ?? null})`);
}

describe('live inbox: reports', () => {
  it('credits the first responder with the first response and the closer with the resolution', async () => {
    const { bobId } = await day();
    const ann = (await acc.o.call('list')).body.agents.find((a: any) => a.email === acc.annEmail).uid;
    const [owner] = await t.db.all<{ closer: string }>(sql`select closer from live_threads where closer like 'o:%'`);
    const o = owner!.closer;
    await t.db.run(sql`delete from live_threads`);
    const at = t.clock.now - 3_600_000;
    await seedThreads([
      { at, first: [60, `a:${ann}`], close: [120, `a:${bobId}`], who: [`a:${ann}`, `a:${bobId}`], csat: 2 },
      { at, first: [10, o], close: [20, o], who: [o], csat: 4 },
      { at, first: [5000, `a:${ann}`], who: [`a:${ann}`] },
      { at: at - 30 * 86_400_000, first: [1, `a:${ann}`], close: [2, `a:${ann}`], who: [`a:${ann}`] },
    ]);
    const { data } = await ok(await acc.o.agent.get('/api/live/reports'));
    expect(data).toMatchObject({
      conversations: 3,
      first_response: { median_s: 60, p90_s: 5000 },
      resolution: { median_s: 20, p90_s: 120 },
      csat: { responses: 2, average: 3 },
    });
    const agent = (id: number | null) => data.agents.find((a: any) => a.id === id);
    expect(agent(ann)).toMatchObject({
      conversations: 2,
      first_response_median_s: 60,
      resolved: 0,
      csat_average: null,
    });
    expect(agent(bobId)).toMatchObject({
      conversations: 1,
      first_response_median_s: null,
      resolved: 1,
      csat_average: 2,
    });
    expect(agent(null)).toMatchObject({ conversations: 1, first_response_median_s: 10, resolved: 1, csat_average: 4 });
    expect(data.series).toHaveLength(7);
    expect(data.series.at(-1)).toEqual({
      day: data.to,
      conversations: 3,
      first_response_median_s: 60,
      resolution_median_s: 20,
    });
    expect(data.series[0]).toMatchObject({ conversations: 0, first_response_median_s: null });
    const before = await ok(await acc.o.agent.get('/api/live/reports?from=2025-01-01&to=2025-01-31'));
    expect(before.data).toMatchObject({ conversations: 0, agents: [], first_response: { median_s: null } });
    expect(before.data.series).toHaveLength(31);
  });

  it('Closed By Agents credits every agent who took part, not only the closer', async () => {
    await day();
    const res = await acc.o.agent.postForm('/api/wapi/analytics', { name: 'takenInfoByAgents' });
    const rows = (await ok(res)).data.byAgents;
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: acc.annEmail, close: 1 }),
        expect.objectContaining({ email: acc.bobEmail, close: 1 }),
        expect.objectContaining({ email: acc.o.email, close: 1 }),
      ]),
    );
  });

  it('is for the owner only; answers bad ranges with 422 and never counts another account', async () => {
    await day();
    expect((await expectError(await acc.ann.get('/api/live/reports'), 403)).message).toBe(
      "Only the account owner can see the team's reports.",
    );
    const other = await liveAccount(t, 'b');
    expect((await ok(await other.o.agent.get('/api/live/reports'))).data).toMatchObject({
      conversations: 0,
      agents: [],
    });
    const bad = async (q: string, message: string) =>
      expect((await expectError(await acc.o.agent.get(`/api/live/reports?${q}`), 422)).message).toBe(message);
    await bad('from=2026-13-01', ANALYTICS_DATE_MSG.format);
    await bad('to=yesterday', ANALYTICS_DATE_MSG.format);
    await bad('from=2026-11-20&to=2026-11-10', ANALYTICS_DATE_MSG.order);
    await bad('to=2030-01-01', ANALYTICS_DATE_MSG.future);
    await bad('from=2024-01-01&to=2026-11-01', ANALYTICS_DATE_MSG.tooLong);
    await expectError(await acc.o.agent.get(`/api/live/reports?from=${'1'.repeat(11)}`), 422);
    expect((await t.app.request('/api/live/reports')).status).toBe(401);
  });
});
