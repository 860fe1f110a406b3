import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, products, warmingPhones } from '../../db/schema';
import { productChanged } from '../../src/services/cache';
import { runWarmingOnce } from '../../src/jobs/warming';
import { dailyCap, DAY_MS, daysInPool, MIN_GAP_MS } from '../../src/services/warming/pace';
import type { Agent } from '../support/agent';
import { customer, eventually, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

/** A seeded random source, so a failing run can be replayed. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

let t: TestApp;
let agent: Agent;
let api: Api;
const pool: Record<number, string> = {};
let outsider: number;
const POOL_NUMBERS = ['905551000011', '905551000023', '905551000035'];

beforeAll(async () => {
  t = await createTestApp({}, { phones: true });
  ({ agent, api } = await customer(t));
  const row = await t.db.select().from(products).where(eq(products.id, api.pid)).get();
  await t.db
    .update(products)
    .set({ settings: { ...row!.settings, phone_limit: 10 } })
    .where(eq(products.id, api.pid));
  productChanged(t, api.pid);
  for (const number of POOL_NUMBERS) {
    const id = await api.addPhone();
    await api.link(id, number);
    pool[id] = number;
    expect((await agent.postForm('/api/warming/createWarming', { phone_id: id })).status).toBe(200);
  }
  outsider = await api.addPhone();
  await api.link(outsider, '905551000047');
  const stranger = await customer(t);
  await stranger.api.link(await stranger.api.addPhone(), '905551000059');
}, 30_000);
afterAll(() => t.close());

const ctx = () => ({ db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache, bus: t.bus });

/** Moves the clock in 5-minute steps, taking due turns and letting the runner send what they queued. */
async function live(ms: number, random: () => number): Promise<void> {
  for (let passed = 0; passed < ms; passed += 5 * 60_000) {
    t.clock.advance(5 * 60_000);
    if ((await runWarmingOnce({ ctx: ctx(), random })) > 0) {
      await eventually(
        async () => (await t.db.select().from(messages).where(eq(messages.status, 'queued')).all()).length === 0,
        15_000,
        'queue to drain',
      );
    }
  }
}

async function outgoing() {
  const ids = Object.keys(pool).map(Number);
  return (await t.db.select().from(messages).where(eq(messages.direction, 'out')).all()).filter((m) =>
    ids.includes(m.phoneId),
  );
}

describe('the warming pool over several days', () => {
  it("talks only inside the pool, within each day's rising cap, at a humane pace, with answers", async () => {
    const start = t.clock.now;
    const random = seeded(12);
    await live(3 * DAY_MS, random);
    const sent = await outgoing();
    const poolJids = new Set(POOL_NUMBERS.map((n) => `${n}@c.us`));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => poolJids.has(m.chatId) && m.chatId !== `${pool[m.phoneId]}@c.us`)).toBe(true);
    for (const id of Object.keys(pool).map(Number)) {
      const mine = sent.filter((m) => m.phoneId === id).sort((a, b) => a.createdAt - b.createdAt);
      const byDay = new Map<number, number>();
      for (const m of mine)
        byDay.set(Math.floor(m.createdAt / DAY_MS), (byDay.get(Math.floor(m.createdAt / DAY_MS)) ?? 0) + 1);
      // The cap of a UTC day is the one reached by its end (days in the pool count from the joining time).
      for (const [day, n] of byDay) expect(n).toBeLessThanOrEqual(dailyCap(daysInPool(start, (day + 1) * DAY_MS - 1)));
      expect([...byDay].some(([day, n]) => n === dailyCap(daysInPool(start, (day + 1) * DAY_MS - 1)))).toBe(true);
      for (let i = 1; i < mine.length; i++)
        expect(mine[i]!.createdAt - mine[i - 1]!.createdAt).toBeGreaterThanOrEqual(MIN_GAP_MS);
      expect(mine.length).toBeGreaterThan(dailyCap(0));
      expect(
        await t.db
          .select()
          .from(messages)
          .where(and(eq(messages.phoneId, id), eq(messages.direction, 'in')))
          .all(),
      ).not.toHaveLength(0);
    }
    const texts = new Set(sent.map((m) => (m.body as { message: string }).message));
    expect(texts.size).toBeGreaterThan(sent.length / 3);
    const nobody = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.direction, 'out'), eq(messages.phoneId, outsider)))
      .all();
    expect(nobody).toHaveLength(0);
    expect(await t.db.select().from(messages).where(eq(messages.chatId, '905551000059@c.us')).all()).toHaveLength(0);
  }, 120_000);

  it('resumes from its records (a restart loses nothing) and stops when the system is stopped', async () => {
    const before = (await outgoing()).length;
    await agent.postForm('/api/warming/updateAllWarmingStatus', { status: 'disabled' });
    await live(DAY_MS, seeded(3));
    expect((await outgoing()).length).toBe(before);
    await agent.postForm('/api/warming/updateAllWarmingStatus', { status: 'active' });
    await live(DAY_MS / 2, seeded(4));
    expect((await outgoing()).length).toBeGreaterThan(before);
    const rows = await t.db.select().from(warmingPhones).all();
    expect(rows.every((r) => r.leaseUntil === 0 && r.sentTotal > 0)).toBe(true);
  }, 120_000);

  it('computes the risk from the history: a warmed phone is answered, a phone writing to strangers is not', async () => {
    const [warmed] = Object.keys(pool).map(Number);
    const risk = async (id: number) => (await api.get(`/${id}/calculateRiskOfBlock`)).body.result;
    const fresh = await risk(outsider);
    expect(fresh).toMatchObject({ riskFactorResponse: 3 });
    for (let i = 0; i < 5; i++)
      await api.post(`/${outsider}/sendMessage`, { to_number: `90532100${i}001`, type: 'text', message: `Offer ${i}` });
    await eventually(
      async () => (await t.db.select().from(messages).where(eq(messages.status, 'queued')).all()).length === 0,
      5_000,
      'sends',
    );
    expect(await risk(outsider)).toMatchObject({ riskFactor: 1, riskFactorResponse: 1 });
    const w = await risk(warmed!);
    expect(w).toMatchObject({ riskFactorResponse: 3 });
    expect(w.life_time).toBeGreaterThanOrEqual(4);
    await agent.postForm('/api/warming/updateAllWarmingStatus', { status: 'disabled' });
    t.clock.advance(30 * DAY_MS);
    expect((await risk(warmed!)).riskFactorLifeTime).toBe(3);
  }, 60_000);
});
