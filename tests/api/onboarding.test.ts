import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, products } from '../../db/schema';
import { TRIAL_SPAM_MSG } from '../../src/shared/billing/trial-email';
import { ONBOARDING_MSG } from '../../src/shared/schemas/console/onboarding';
import { expectError } from '../support/agent';
import { customer, eventually } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';
import { RATE_LIMITED_MESSAGE } from '../../src/services/auth/rate-limit';
import { STAFF_NOTES_PER_HOUR } from '../../src/services/mail/support-notes';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, { phones: true });
});
afterEach(() => t.close());

const SPAMMY = 'ab1234567890123456789012345678zz@example.com';

type GetStarted = { percent: number; welcome: boolean; cards: { key: string; done: boolean | null }[] };
async function progress(agent: Awaited<ReturnType<typeof customer>>['agent']): Promise<GetStarted> {
  const res = await agent.get('/api/wapi/getStarted');
  expect(res.status).toBe(200);
  return (await res.json()) as GetStarted;
}
const done = (g: GetStarted) => g.cards.filter((c) => c.done).map((c) => c.key);

describe('createFreeTrial and the spam e-mail rule', () => {
  it('refuses a spam-looking e-mail on the server, in the one error shape, and leaves the product without a trial', async () => {
    const { agent, pid } = await customer(t, SPAMMY);
    const res = await agent.postJson('/api/wapi/createFreeTrial', { type: 'wapi-trial-api' });
    const body = await expectError(res, 403, 'FORBIDDEN');
    expect(body.message).toBe(TRIAL_SPAM_MSG);
    const [product] = (await t.db.select().from(products).all()).filter((p) => p.id === pid);
    expect(product?.trial).toBeNull();
    expect((await progress(agent)).welcome).toBe(true);
  });

  it('starts the trial for an ordinary e-mail', async () => {
    const { agent } = await customer(t, 'jane.doe@example.com');
    const res = await agent.postJson('/api/wapi/createFreeTrial', { type: 'wapi-trial-api' });
    expect(res.status).toBe(200);
  });
});

describe('get-started progress from real state', () => {
  it('counts the five step cards (the documentation guide is no step): the same share the page shows', async () => {
    const { agent, api } = await customer(t);
    const fresh = await progress(agent);
    expect(fresh.cards.map((c) => c.key)).toEqual([
      'trial',
      'phone',
      'webhook',
      'documentation',
      'messages',
      'subscribe',
    ]);
    expect(fresh).toMatchObject({ percent: 0, welcome: true });
    expect(fresh.cards.find((c) => c.key === 'documentation')?.done).toBeNull();

    expect((await agent.postJson('/api/wapi/createFreeTrial', { type: 'wapi-trial-api' })).status).toBe(200);
    const trial = await progress(agent);
    expect(trial).toMatchObject({ percent: 20, welcome: false });
    expect(done(trial)).toEqual(['trial']);

    // A phone waiting for its QR is not linked yet.
    const id = await api.addPhone();
    expect((await progress(agent)).percent).toBe(20);
    await api.link(id);
    const linked = await progress(agent);
    expect(linked.percent).toBe(40);
    expect(done(linked)).toEqual(['trial', 'phone']);

    expect((await api.post(`/${id}/sendMessage`, { to_number: '905301234567', message: 'Hello World!' })).status).toBe(
      200,
    );
    const sent = await eventually(
      async () => {
        const g = await progress(agent);
        return g.percent === 60 ? g : null;
      },
      10_000,
      'the first message to count',
    );
    // A trial is not a paid subscription, and no webhook is set.
    expect(done(sent)).toEqual(['trial', 'phone', 'messages']);
    expect((await api.post('/setWebhook', { webhook: 'https://hooks.example.com/wapi' })).status).toBe(200);
    const hooked = await progress(agent);
    expect(hooked.percent).toBe(80);
    // The percent is always the share of the step cards marked done.
    expect(hooked.percent).toBe(
      Math.round((done(hooked).length / hooked.cards.filter((c) => c.done !== null).length) * 100),
    );
  });

  it('needs a session', async () => {
    const { agent } = await customer(t);
    await agent.postJson('/api/auth/logout', {});
    await expectError(await agent.get('/api/wapi/getStarted'), 401);
  });
});

describe('survey and contact reach staff through the outbox', () => {
  it('mails the chosen platforms and the message to the support address, with the customer to answer', async () => {
    const { agent } = await customer(t, 'asker@example.com');
    const survey = await agent.postForm('/api/wapi/survey', { platforms: ['Instagram', 'Others'], other: 'Telegram' });
    expect(await survey.json()).toEqual({ success: true, message: ONBOARDING_MSG.surveyThanks });
    const contact = await agent.postJson('/api/wapi/contact', { message: 'How do I send a poll with four options?' });
    expect(await contact.json()).toEqual({ success: true, message: ONBOARDING_MSG.contactSent });

    const mails = await t.db.select().from(mailOutbox).all();
    expect(mails.map((m) => m.to)).toEqual([t.config.SUPPORT_EMAIL, t.config.SUPPORT_EMAIL]);
    expect(mails[0]!.subject).toContain('Survey from asker@example.com');
    expect(mails[0]!.text).toContain('Platforms: Instagram, Others (Telegram)');
    expect(mails[1]!.text).toContain('Message: How do I send a poll with four options?');
    expect(mails[1]!.text).toContain('Customer: asker@example.com');
  });

  it('refuses an empty survey, Others without its name, and a too short message', async () => {
    const { agent } = await customer(t);
    expect((await expectError(await agent.postJson('/api/wapi/survey', { platforms: [] }), 422)).message).toBe(
      ONBOARDING_MSG.pickPlatform,
    );
    expect(
      (await expectError(await agent.postJson('/api/wapi/survey', { platforms: ['Others'], other: '  ' }), 422))
        .message,
    ).toBe(ONBOARDING_MSG.otherRequired);
    expect((await expectError(await agent.postJson('/api/wapi/contact', { message: 'hi' }), 422)).message).toBe(
      ONBOARDING_MSG.contactShort,
    );
    expect(await t.db.select().from(mailOutbox).all()).toEqual([]);
  });

  it('mails staff at most ten notes an hour per account, then answers 429 and queues nothing more', async () => {
    const { agent } = await customer(t);
    for (let i = 0; i < STAFF_NOTES_PER_HOUR; i++)
      expect((await agent.postJson('/api/wapi/contact', { message: `Question number ${i}` })).status).toBe(200);
    expect(
      (await expectError(await agent.postJson('/api/wapi/survey', { platforms: ['Instagram'] }), 429)).message,
    ).toBe(RATE_LIMITED_MESSAGE);
    expect(await t.db.select().from(mailOutbox).all()).toHaveLength(STAFF_NOTES_PER_HOUR);
    const other = await customer(t);
    expect((await other.agent.postJson('/api/wapi/contact', { message: 'Another account asks' })).status).toBe(200);
  });
});
