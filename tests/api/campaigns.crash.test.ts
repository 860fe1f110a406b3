import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaignRecipients, messages, simWire } from '../../db/schema';
import { startCampaigns } from '../../src/jobs/campaigns';
import type { Stop } from '../../src/services/run-again';
import { customer, eventually, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

// Campaign recipients follow their message across a crash: a send the restart queues again leaves its
// recipient queued (and counted so) until it goes; one the network took counts as sent.

let t: TestApp;
let api: Api;
let stopJob: Stop;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
  ({ api } = await customer(t));
  stopJob = startCampaigns({
    ctx: { db: t.db, config: t.config, now: () => t.clock.now, bus: t.bus, cache: t.cache },
    pollMs: 50,
  });
});
afterEach(async () => {
  await stopJob();
  await t.close();
});

describe('a campaign across a crash of its sender', () => {
  it('queues again what never reached the engine or the network, settles what the network took, and sends each recipient one message', async () => {
    const phone = await api.addPhone();
    await api.link(phone, '905300000011');
    // The runner is down (as after a SIGKILL) while the dispatcher queues the campaign's messages.
    await t.phones.runner.stop();
    const recipients = Array.from({ length: 6 }, (_, i) => ({ number: `90530104${String(i).padStart(4, '0')}1` }));
    const created = await api.post('/campaigns', {
      name: 'Crash',
      phone_ids: [phone],
      message: { type: 'text', message: 'Hello' },
      recipients,
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    const queued = await eventually(
      async () => {
        const c = (await api.get(`/campaigns/${id}`)).body.data.counts;
        return c.queued === 6 ? c : null;
      },
      5_000,
      'the recipients queued',
    );
    expect(queued.sent).toBe(0);

    // What a crash leaves: a row claimed but not handed to the engine, one handed that the network
    // never got, one the network took before its outcome was written.
    const rows = await t.db.select().from(messages).where(eq(messages.phoneId, phone)).orderBy(asc(messages.seq)).all();
    const [claimed, lost, taken] = rows;
    const crashed = (seq: number, nextAttemptAt: number) =>
      t.db.update(messages).set({ status: 'sending', attempts: 1, nextAttemptAt }).where(eq(messages.seq, seq));
    await crashed(claimed!.seq, -1);
    await crashed(lost!.seq, t.clock.now);
    await crashed(taken!.seq, t.clock.now);
    await t.db.insert(simWire).values({
      waId: taken!.waId,
      fromNumber: '905300000011',
      toJid: taken!.chatId,
      type: 'text',
      payload: {},
      at: t.clock.now,
    });

    await t.phones.runner.start();
    const done = await eventually(
      async () => {
        const c = (await api.get(`/campaigns/${id}`)).body.data;
        return c.status === 'completed' ? c : null;
      },
      10_000,
      'the campaign to complete',
    );
    expect(done.counts).toMatchObject({ queued: 0, failed: 0 });
    expect(done.counts.sent + done.counts.delivered + done.counts.read).toBe(6);

    const after = await t.db
      .select()
      .from(messages)
      .where(eq(messages.phoneId, phone))
      .orderBy(asc(messages.seq))
      .all();
    expect(after.map((m) => m.status)).toEqual(Array.from({ length: 6 }, () => 'sent'));
    // The claimed row got its attempt back and went once; the lost one took a second attempt; the taken one none more.
    expect(after.map((m) => m.attempts).slice(0, 3)).toEqual([1, 2, 1]);
    const wire = await t.db.select().from(simWire).all();
    expect(new Set(wire.map((w) => w.waId))).toEqual(new Set(after.map((m) => m.waId)));
    expect(wire).toHaveLength(6);
    const states = await t.db
      .select({ status: campaignRecipients.status })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, id)))
      .all();
    expect(states.every((s) => ['sent', 'delivered', 'read'].includes(s.status))).toBe(true);
  });
});
