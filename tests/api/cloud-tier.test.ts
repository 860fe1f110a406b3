import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cloudInbox, engineAuth } from '../../db/schema';
import { TIER_RATE_KEY } from '../../src/engines/cloud/tier';
import { cloudApp, CLOUD_PHONE_BODY, deliverSigned, type CloudApp } from '../support/cloud-app';
import { FAKE_PHONE_NUMBER_ID, FAKE_WABA_ID, type FakeGraph } from '../support/fake-graph';
import { customer, eventually, type Api } from '../support/phones';
import type { TestApp } from '../support/test-app';

let app: CloudApp;
let t: TestApp;
let api: Api;
let graph: FakeGraph;
beforeEach(async () => {
  app = await cloudApp();
  ({ t, graph } = app);
  ({ api } = await customer(t));
});
afterEach(() => app.close());

/** Meta's `phone_number_quality_update` for a business account, signed. */
async function qualityUpdate(wabaId: string, display: string) {
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: wabaId,
        time: 1_700_000_000,
        changes: [
          {
            field: 'phone_number_quality_update',
            value: { display_phone_number: display, event: 'UPGRADE', current_limit: 'TIER_UNLIMITED' },
          },
        ],
      },
    ],
  });
  const res = await deliverSigned(t, raw);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** GETs of the number itself at the fake (its profile when added, its tier since). */
const numberReads = () => graph.calls.filter((c) => c.method === 'GET' && c.path.endsWith(`/${FAKE_PHONE_NUMBER_ID}`));

/** The tier's messages a second the number's session last kept (its auth store). */
const storedRate = async (phoneId: number) =>
  (
    await t.db
      .select({ v: engineAuth.value })
      .from(engineAuth)
      .where(and(eq(engineAuth.phoneId, phoneId), eq(engineAuth.key, TIER_RATE_KEY)))
      .get()
  )?.v;

describe("official numbers at their tier: Meta's webhook says the number changed", () => {
  it('reads the tier again on phone_number_quality_update; another business account routes nowhere', async () => {
    const { status, body } = await api.post('/addPhone', CLOUD_PHONE_BODY);
    expect(status, JSON.stringify(body)).toBe(200);
    await api.waitStatus(body.id, 'active');
    // Added (the profile), then hosted (the tier).
    await eventually(async () => numberReads().length >= 2, 5_000, 'the first tier read');
    await eventually(async () => (await storedRate(body.id)) === '80', 5_000, 'the STANDARD tier kept');
    const before = numberReads().length;
    // A campaign's ETA paces the number at the tier its session read: 2,000 recipients at 80/s take 25 s.
    const at = t.clock.now + 3_600_000;
    const created = await api.post('/campaigns', {
      name: 'Tiered',
      phone_ids: [body.id],
      message: { type: 'text', message: 'Hello' },
      recipients: Array.from({ length: 2_000 }, (_, i) => ({ number: `9053${String(i).padStart(8, '0')}` })),
      schedule_at: new Date(at).toISOString(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const eta = async () => (await api.get(`/campaigns/${created.body.data.id}`)).body.data.eta as string;
    expect(await eta()).toBe(new Date(at + 25_000).toISOString());

    const other = await qualityUpdate('999999999999', '15550102030');
    expect(other).toEqual({ status: 200, body: { success: true, stored: 0, duplicates: 0, unrouted: 1 } });

    graph.throughput = 'HIGH';
    const mine = await qualityUpdate(FAKE_WABA_ID, '15550102030');
    expect(mine).toEqual({ status: 200, body: { success: true, stored: 1, duplicates: 0, unrouted: 0 } });
    await eventually(async () => numberReads().length === before + 1, 5_000, 'the tier read again');
    await eventually(
      async () => (await t.db.select().from(cloudInbox).all()).every((r) => r.doneAt !== null),
      5_000,
      'the update handled',
    );
    expect(numberReads()).toHaveLength(before + 1);
    // HIGH (1,000/s) kept for the API's process: the same campaign's ETA is 2 s after its start.
    await eventually(async () => (await storedRate(body.id)) === '1000', 5_000, 'the HIGH tier kept');
    expect(await eta()).toBe(new Date(at + 2_000).toISOString());
  });

  it('refuses an unsigned quality update with 401 and stores nothing', async () => {
    const res = await t.app.request('/api/cloud/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ object: 'whatsapp_business_account', entry: [] }),
    });
    expect(res.status).toBe(401);
    expect(await t.db.select().from(cloudInbox).all()).toEqual([]);
  });
});
