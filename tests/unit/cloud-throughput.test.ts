import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import { storeCloudDelivery } from '../../src/services/cloud/inbox';
import { Pacer } from '../../src/runner/pacer';
import { FAKE_WABA_ID, startFakeGraph, type FakeGraph } from '../support/fake-graph';
import { cloudWorld, type CloudWorld } from '../support/cloud-runner';
import { eventually } from '../support/phones';

let graph: FakeGraph | undefined;
let world: CloudWorld | undefined;
afterEach(async () => {
  await world?.runner.stop();
  await graph?.close();
  world = graph = undefined;
});

const texts = (g: FakeGraph) => g.sent.map((s) => (s.body.text as { body: string }).body);

/** `count` texts spread over `chats` chats, round robin: `c<chat>-<i>`. */
const spread = (count: number, chats: number) =>
  Array.from({ length: count }, (_, i) => ({
    to: `1555${String(i % chats).padStart(7, '0')}`,
    text: `c${i % chats}-${i}`,
  }));

async function start(opts: Parameters<typeof startFakeGraph>[1]) {
  graph = await startFakeGraph('v21.0', opts);
  world = await cloudWorld(graph);
  await world.runner.start({ loops: false });
  return { graph, world };
}

describe('the pace of an official number (unit)', () => {
  it('spaces slots evenly at a share of the tier; a few 130429 pass, many cut the rate by a quarter with a pause, then it climbs back', () => {
    let now = 0;
    const p = new Pacer(
      () => 80,
      () => now,
    );
    expect(p.rate()).toBeCloseTo(76);
    // A sender that was idle may use the last 100 ms of slots (about 7), then waits its turn.
    const waits = Array.from({ length: 12 }, () => p.reserve());
    expect(waits.slice(0, 8).every((w) => w === 0)).toBe(true);
    expect(waits[11]).toBeCloseTo((11 * 1000) / 76 - 100);
    // A second of sends at the pace, then a few "too fast" (jitter at the tier's edge): no cut.
    for (let i = 0; i < 76; i++) {
      expect(p.admit()).toBe(0);
      now += 1000 / 76;
    }
    now -= 1000 / 76;
    for (let i = 0; i < 7; i++) p.backOff();
    expect(p.rate()).toBeCloseTo(76);
    // More than a tenth of the second's sends: the network holds the number below the pace.
    p.backOff();
    expect(p.rate()).toBeCloseTo(57);
    const paused = p.reserve();
    expect(paused).toBeGreaterThanOrEqual(200 - 1000 / 76);
    expect(paused).toBeLessThan(300);
    // Answers of the sends in flight about the same moment cut nothing more.
    for (let i = 0; i < 20; i++) p.backOff();
    expect(p.rate()).toBeCloseTo(57);
    now += 1000;
    expect(p.rate()).toBeCloseTo(57 + 8);
    now += 10_000;
    expect(p.rate()).toBeCloseTo(76);
    // However late the timers fire, no more than 0.95 of the tier leave in any second.
    now += 1000;
    const admitted = Array.from({ length: 100 }, () => p.admit()).filter((w) => w === 0).length;
    expect(admitted).toBe(76);
    now += 999;
    expect(p.admit()).toBe(1);
    now += 1;
    expect(p.admit()).toBe(0);
    expect(p.inFlight).toBe(40);
  });
});

describe('an official number sends at its tier (fake Graph, 150 ms a send)', () => {
  it('keeps several sends in flight, stays at the tier (130429 rare) and sends each message once', async () => {
    const { graph, world } = await start({ throughput: 'STANDARD', enforceTier: true, latencyMs: 150 });
    const list = spread(200, 100);
    const t0 = Date.now();
    await world.enqueue(list);
    await world.drained(20_000);
    const s = (Date.now() - t0) / 1000;
    // A loaded machine's timers jitter: a few sends may land past the tier's second, never many.
    expect(graph.rateLimited).toBeLessThan(30);
    expect(graph.maxConcurrent).toBeGreaterThan(4);
    expect(texts(graph).sort()).toEqual(list.map((m) => m.text).sort());
    // One at a time would take 200 × 150 ms = 30 s; the tier (80/s) at least 2.5 s.
    expect(s).toBeGreaterThan(2.2);
    expect(s).toBeLessThan(8);
    const rows = await world.db.select().from(messages).all();
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });

  it("keeps each chat's order (one in flight per chat) while chats go in parallel", async () => {
    const { graph, world } = await start({ latencyMs: 60 });
    const list = spread(60, 6);
    await world.enqueue(list);
    await world.drained(20_000);
    const sent = texts(graph);
    expect(sent).toHaveLength(60);
    for (let chat = 0; chat < 6; chat++) {
      const mine = sent.filter((t) => t.startsWith(`c${chat}-`));
      expect(mine).toEqual(list.filter((m) => m.text.startsWith(`c${chat}-`)).map((m) => m.text));
    }
    expect(graph.maxConcurrent).toBeGreaterThan(1);
    expect(graph.maxConcurrent).toBeLessThanOrEqual(6);
  });

  it('backs off the number on 130429: the pace drops, every message still goes once', async () => {
    // Meta holds the number to 25/s while it reports STANDARD (80/s): sends past 25/s answer 130429.
    const { graph, world } = await start({ throughput: 'STANDARD', enforceTier: true, latencyMs: 20 });
    graph.limitPerSecond = 25;
    const list = spread(100, 100);
    await world.enqueue(list);
    await world.drained(45_000);
    expect(graph.rateLimited).toBeGreaterThan(0);
    // Without the back-off the sends stay at 76/s: about two of three answer 130429, again on each retry.
    expect(graph.rateLimited).toBeLessThan(90);
    expect(texts(graph).sort()).toEqual(list.map((m) => m.text).sort());
    const rows = await world.db.select().from(messages).all();
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
  });

  it('backs off only the chat on 131056 (pair rate): the other chats go on, the chat keeps its order', async () => {
    const { graph, world } = await start({ latencyMs: 20 });
    graph.pairLimit.set('15550000000', 1);
    const list = spread(40, 4);
    const t0 = Date.now();
    await world.enqueue(list);
    await eventually(async () => texts(graph).filter((t) => !t.startsWith('c0-')).length === 30, 5_000, 'other chats');
    // The other chats finished well before the chat's retry (2 s later).
    expect(Date.now() - t0).toBeLessThan(1_800);
    expect(texts(graph).filter((t) => t.startsWith('c0-'))).toEqual([]);
    await world.drained(10_000);
    expect(graph.pairLimited).toBe(1);
    expect(graph.rateLimited).toBe(0);
    expect(texts(graph).filter((t) => t.startsWith('c0-'))).toEqual(
      list.filter((m) => m.text.startsWith('c0-')).map((m) => m.text),
    );
  });

  it("reads the tier again on Meta's phone_number_quality_update webhook", async () => {
    const { graph, world } = await start({ throughput: 'STANDARD' });
    const session = () => world.runner.session(1)!;
    await eventually(async () => graph.calls.some((c) => c.method === 'GET'), 2_000, 'the first tier read');
    expect(session().sendRate!()).toBe(80);
    graph.throughput = 'HIGH';
    const out = await storeCloudDelivery({ db: world.db, now: Date.now } as never, {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: FAKE_WABA_ID,
          changes: [
            {
              field: 'phone_number_quality_update',
              value: { display_phone_number: '15550102030', event: 'UPGRADE', current_limit: 'TIER_UNLIMITED' },
            } as never,
          ],
        },
      ],
    });
    expect(out.stored).toBe(1);
    await eventually(async () => session().sendRate!() === 1_000, 3_000, 'the tier read again');
  });
});
