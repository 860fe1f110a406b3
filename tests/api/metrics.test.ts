import { afterEach, describe, expect, it } from 'vitest';
import { runnerHttpApp } from '../../src/runner/http';
import { metrics } from '../../src/services/metrics/registry';
import { nudgeSignature } from '../../src/services/runners/nudge';
import { customer } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

const TOKEN = 'metrics-token-0123456789';
const SECRET = 'wake-secret-0123456789';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, line: string): number | undefined {
  const hit = text.split('\n').find((l) => l.startsWith(`${line} `));
  return hit === undefined ? undefined : Number(hit.slice(line.length + 1));
}

describe('GET /metrics', () => {
  it('is not there without a configured token, and refuses a wrong one', async () => {
    t = await createTestApp();
    expect((await t.app.request('/metrics')).status).toBe(404);
    await t.close();
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    expect((await t.app.request('/metrics')).status).toBe(401);
    const wrong = await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });

  it('counts accepted and sent messages, the queue, phones by status and holder, and database calls', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN }, { phones: true });
    const { api } = await customer(t);
    const id = await api.addPhone();
    await api.link(id, '905301110077');
    const acceptedBefore = metrics.accepted.get();
    const sentBefore = metrics.sent.get();
    for (let i = 0; i < 3; i++)
      expect(
        (await api.post(`/${id}/sendMessage`, { to_number: '905301110078', type: 'text', message: `m${i}` })).status,
      ).toBe(200);
    await new Promise((r) => setTimeout(r, 300));

    const res = await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(sample(text, 'wapi_messages_accepted_total')! - acceptedBefore).toBe(3);
    expect(sample(text, 'wapi_messages_sent_total')! - sentBefore).toBe(3);
    expect(sample(text, 'wapi_queue_depth')).toBe(0);
    expect(sample(text, 'wapi_queue_oldest_age_seconds')).toBe(0);
    expect(sample(text, 'wapi_phones{status="active"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'wapi_phones_held{runner="test-runner"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^# TYPE wapi_db_round_trip_seconds histogram$/m);
    expect(text).toMatch(/^# TYPE wapi_webhook_delivery_seconds histogram$/m);
    expect(text).toMatch(/^# TYPE wapi_lease_takeovers_total counter$/m);
  });

  it('still answers with the process counters when the database is unreachable, saying so', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN }, { phones: true });
    const auth = { headers: { authorization: `Bearer ${TOKEN}` } };
    expect(sample(await (await t.app.request('/metrics', auth)).text(), 'wapi_database_up')).toBe(1);
    const batch = t.db.batch;
    t.db.batch = (() => Promise.reject(new Error('connection refused'))) as unknown as typeof batch;
    const res = await t.app.request('/metrics', auth);
    t.db.batch = batch;
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(sample(text, 'wapi_database_up')).toBe(0);
    expect(text).toContain('wapi_messages_accepted_total');
    expect(text).not.toContain('wapi_queue_depth ');
  });

  it('reports a waiting queue and the age of its oldest message', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN }, { phones: true });
    const { api } = await customer(t);
    const id = await api.addPhone();
    await api.link(id, '905301110079');
    await t.phones.runner.stop(); // nobody sends: the message waits
    await api.post(`/${id}/sendMessage`, { to_number: '905301110078', type: 'text', message: 'waits' });
    t.clock.advance(90_000);
    const text = await (await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(sample(text, 'wapi_queue_depth')).toBe(1);
    expect(sample(text, 'wapi_queue_oldest_age_seconds')).toBe(90);
  });
});

describe("a runner's HTTP face", () => {
  it('is ready while its leases are current, takes signed nudges only, and serves metrics', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, WAKE_SECRET: SECRET }, { phones: true });
    const { api } = await customer(t);
    const id = await api.addPhone();
    const ctx = { db: t.db, config: t.config, now: () => t!.clock.now, cache: t.cache };
    const woken: number[] = [];
    const face = {
      get leasesCurrent() {
        return t!.phones.runner.leasesCurrent;
      },
      nudge: (p: number) => (woken.push(p), p === id),
    };
    const app = runnerHttpApp(ctx, face);

    expect(await (await app.request('/readyz')).json()).toEqual({ ok: true, db: 'up', leases: 'current' });
    expect((await app.request('/healthz')).status).toBe(200);
    expect((await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);

    const at = t.clock.now;
    const nudge = (sig: string, when = at) =>
      app.request('/wake', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-wapi-wake-signature': sig },
        body: JSON.stringify({ phone_id: id, at: when }),
      });
    const good = await nudge(await nudgeSignature(SECRET, id, at));
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ ok: true, hosted: true });
    expect((await nudge(await nudgeSignature('another-secret-0123456', id, at))).status).toBe(401);
    expect((await nudge(await nudgeSignature(SECRET, id, at - 120_000), at - 120_000)).status).toBe(401);
    expect(woken).toEqual([id]);

    // Leases not renewed in time: not ready (the runner has stopped driving its phones).
    t.clock.advance(t.config.RUNNER_LEASE_MS);
    const down = await app.request('/readyz');
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ ok: false, db: 'up', leases: 'stale' });
  });
});
