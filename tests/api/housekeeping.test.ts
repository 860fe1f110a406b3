import { describe, expect, it } from 'vitest';
import { dialogflowIntegrations, dialogflowRequests, logs, webhookDeliveries } from '../../db/schema';
import { RETENTION, sweep } from '../../src/jobs/housekeeping';
import { productOfUser, registerUser } from '../../src/services/auth/users';
import { addPhone } from '../../src/services/phones/add';
import { createTestApp, type TestApp } from '../support/test-app';

/** A Dialogflow agent on a fresh customer's phone, for its requests to hang on. */
async function agentRow(t: TestApp) {
  const ctx = { db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache };
  const user = await registerUser(ctx, { email: 'bot@example.com', password: 'Str0ng#Pass' });
  const product = (await productOfUser(ctx, user.id))!;
  const phone = await addPhone(ctx, product, {});
  const at = t.clock.now;
  return {
    pid: product.id,
    phoneId: phone.id,
    projectId: 'p',
    languageCode: 'en',
    credentials: 'x',
    clientEmail: 'bot@p.iam.gserviceaccount.com',
    fileName: 'k.json',
    createdAt: at,
    updatedAt: at,
  };
}

describe('housekeeping', () => {
  it('drops logs and finished deliveries past their retention, and keeps pending ones', async () => {
    const t = await createTestApp();
    const old = t.clock.now - (RETENTION.logsDays + 1) * 86_400_000;
    await t.db.insert(logs).values([
      { pid: 'p', type: 'incoming', data: {}, createdAt: old },
      { pid: 'p', type: 'incoming', data: {}, createdAt: t.clock.now },
    ]);
    await t.db.insert(webhookDeliveries).values([
      {
        eventId: 'a',
        pid: 'p',
        kind: 'message',
        url: 'u',
        payload: {},
        status: 'delivered',
        nextAttemptAt: 0,
        createdAt: old,
      },
      {
        eventId: 'b',
        pid: 'p',
        kind: 'message',
        url: 'u',
        payload: {},
        status: 'pending',
        nextAttemptAt: 0,
        createdAt: old,
      },
    ]);
    const [agent] = await t.db
      .insert(dialogflowIntegrations)
      .values(await agentRow(t))
      .returning()
      .all();
    const request = (messageId: string, status: 'pending' | 'done' | 'failed', at: number) => ({
      integrationId: agent!.id,
      phoneId: 1,
      messageId,
      chatId: 'c',
      text: 'hi',
      status,
      nextAttemptAt: at,
      createdAt: at,
      updatedAt: at,
    });
    const oldRequest = t.clock.now - (RETENTION.agentRequestsDays + 1) * 86_400_000;
    await t.db
      .insert(dialogflowRequests)
      .values([
        request('done-old', 'done', oldRequest),
        request('failed-old', 'failed', oldRequest),
        request('pending-old', 'pending', oldRequest),
        request('done-new', 'done', t.clock.now),
      ]);
    await sweep({ db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache });
    expect((await t.db.select().from(dialogflowRequests).all()).map((r) => r.messageId).sort()).toEqual([
      'done-new',
      'pending-old',
    ]);
    expect(await t.db.select().from(logs).all()).toHaveLength(1);
    expect((await t.db.select().from(webhookDeliveries).all()).map((d) => d.eventId)).toEqual(['b']);
  });
});
