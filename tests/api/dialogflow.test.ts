import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogflowIntegrations, logs, simWire } from '../../db/schema';
import { startDialogflow } from '../../src/jobs/dialogflow';
import { googleDialogflow } from '../../src/adapters/dialogflow/rest';
import { LOOP_MAX } from '../../src/services/dialogflow/requests';
import { DIALOGFLOW_SAVED } from '../../src/shared/dialogflow-messages';
import { expectError, type Agent } from '../support/agent';
import { startFakeGoogle, type FakeGoogle } from '../support/fake-google';
import { customer, eventually, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

const SECRETS_KEY = 'test-secrets-key-0123456789-abcdefghij';
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const keyFile = {
  type: 'service_account',
  project_id: 'shop-agent-1234',
  private_key_id: 'abc123',
  private_key: keys.privateKey,
  client_email: 'bot@shop-agent-1234.iam.gserviceaccount.com',
  client_id: '1234567890',
  token_uri: 'https://oauth2.googleapis.com/token',
};
const CUSTOMER = '905301234561';
/** The simulator's numbers ending in 7 answer every text with "Echo: <text>", like an auto-responder. */
const ECHO = '905301234567';

let t: TestApp;
let google: FakeGoogle;
let agent: Agent;
let api: Api;
let phone: number;
let stopJob: () => Promise<void>;

const link = (extra: Record<string, unknown> = {}) =>
  agent.postForm('/api/dialogflow/upsertIntegration', {
    pid: api.pid,
    phone_id: phone,
    project_id: 'shop-agent-1234',
    languageCode: 'en',
    credentials: JSON.stringify(keyFile),
    file_name: 'shop-agent-1234.json',
    ...extra,
  });

/** What the simulated customer got from the phone. */
async function received(text: string) {
  const wire = await t.db
    .select()
    .from(simWire)
    .where(eq(simWire.toJid, `${CUSTOMER}@c.us`))
    .all();
  return wire.find((w) => JSON.stringify(w.payload).includes(text));
}

beforeAll(async () => {
  google = await startFakeGoogle(keys.publicKey);
  t = await createTestApp({ SECRETS_KEY, GOOGLE_OAUTH_URL: google.url, DIALOGFLOW_URL: google.url }, { phones: true });
  ({ agent, api } = await customer(t));
  phone = await api.addPhone();
  await api.link(phone, '905300000101');
  stopJob = startDialogflow({
    ctx: { db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache, bus: t.bus },
    dialogflow: googleDialogflow(t.config),
    pollMs: 50,
  });
}, 30_000);
afterAll(async () => {
  await stopJob();
  await t.close();
  await google.close();
});

describe('Dialogflow ES integration', () => {
  it('stores the key file sealed and never answers with the private key', async () => {
    const res = await link();
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved.message).toBe(DIALOGFLOW_SAVED);
    expect(saved.data).toMatchObject({
      phone_id: phone,
      project_id: 'shop-agent-1234',
      languageCode: 'en',
      file_name: 'shop-agent-1234.json',
      client_email: keyFile.client_email,
      data: { file_name: 'shop-agent-1234.json' },
    });
    const read = await agent.postForm('/api/dialogflow/getIntegration', { pid: api.pid, selectedPhone: phone });
    const text = await read.text();
    expect(JSON.parse(text).data.client_email).toBe(keyFile.client_email);
    expect(text).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(saved)).not.toContain('PRIVATE KEY');
    const row = await t.db.select().from(dialogflowIntegrations).where(eq(dialogflowIntegrations.phoneId, phone)).get();
    expect(row!.credentials).toMatch(/^v1\./);
    expect(row!.credentials).not.toContain('PRIVATE KEY');
    expect(row!.credentials).not.toContain(keyFile.client_email);
  });

  it('answers an incoming message through detectIntent and the send queue, reusing the token', async () => {
    await api.sim('/incoming', { phoneId: phone, from: CUSTOMER, message: 'Do you deliver on Sunday?' });
    await eventually(() => received('You said: Do you deliver on Sunday?'), 8_000, "the agent's answer on the wire");
    await api.sim('/incoming', { phoneId: phone, from: CUSTOMER, message: 'Thanks' });
    await eventually(() => received('You said: Thanks'), 8_000, 'the second answer');
    expect(google.questions.map((q) => q.text)).toEqual(['Do you deliver on Sunday?', 'Thanks']);
    expect(google.questions[0]).toMatchObject({ project: 'shop-agent-1234', languageCode: 'en' });
    expect(google.questions[0]!.session).toBe(google.questions[1]!.session);
    expect(google.grants['urn:ietf:params:oauth:grant-type:jwt-bearer']).toBe(1);
    const page = await (
      await agent.postForm('/api/dialogflow/getIntegration', { pid: api.pid, selectedPhone: phone })
    ).json();
    expect(page.data.last_answer_at).not.toBeNull();
    expect(page.data.last_error).toBeNull();
  });

  it('records a failure where the page shows it, and in the log', async () => {
    google.dialogflowDown = true;
    await api.sim('/incoming', { phoneId: phone, from: CUSTOMER, message: 'Anyone there?' });
    const failed = await eventually(
      async () => {
        const page = await (
          await agent.postForm('/api/dialogflow/getIntegration', { pid: api.pid, selectedPhone: phone })
        ).json();
        return page.data.last_error ? page.data : null;
      },
      8_000,
      'the recorded failure',
    );
    expect(failed.last_error).toContain('The service is currently unavailable.');
    expect(failed.pending).toBe(1);
    // The log row is written by the log writer's own batch: it may land a moment after the page's row.
    await eventually(
      async () => {
        const errors = await t.db.select().from(logs).where(eq(logs.type, 'error')).all();
        return errors.some((l) => JSON.stringify(l.data).includes('dialogflow/detectIntent')) || null;
      },
      8_000,
      'the error log row',
    );
    google.dialogflowDown = false;
    t.clock.advance(10_000);
    await eventually(() => received('You said: Anyone there?'), 8_000, 'the retried answer');
  });

  it('stops answering a conversation that looks like two bots talking', async () => {
    await api.sim('/incoming', { phoneId: phone, from: ECHO, message: 'Hello' });
    const stopped = await eventually(
      async () => {
        const page = await (
          await agent.postForm('/api/dialogflow/getIntegration', { pid: api.pid, selectedPhone: phone })
        ).json();
        return page.data.last_error?.startsWith('Stopped answering') ? page.data : null;
      },
      20_000,
      'the loop guard',
    );
    expect(stopped.last_error).toContain(ECHO);
    const session = google.questions.find((q) => q.text === 'Hello')!.session;
    expect(google.questions.filter((q) => q.session === session)).toHaveLength(LOOP_MAX);
  }, 40_000);

  it('refuses bad input', async () => {
    await expectError(await link({ file_name: 'key.txt' }), 422, 'VALIDATION');
    await expectError(await link({ credentials: '{not json' }), 422, 'VALIDATION');
    await expectError(
      await link({ credentials: JSON.stringify({ ...keyFile, type: 'authorized_user' }) }),
      422,
      'VALIDATION',
    );
    await expectError(
      await link({
        credentials: JSON.stringify({
          ...keyFile,
          private_key: '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n',
        }),
      }),
      422,
      'VALIDATION',
    );
    await expectError(await link({ project_id: '' }), 422, 'VALIDATION');
    await expectError(await link({ phone_id: '' }), 422, 'VALIDATION');
  });

  it('refuses another tenant and anonymous callers', async () => {
    const stranger = await customer(t);
    await expectError(
      await stranger.agent.postForm('/api/dialogflow/upsertIntegration', {
        phone_id: phone,
        project_id: 'shop-agent-1234',
        languageCode: 'en',
        credentials: JSON.stringify(keyFile),
        file_name: 'k.json',
      }),
      404,
    );
    await expectError(await stranger.agent.postForm('/api/dialogflow/getIntegration', { pid: api.pid }), 404);
    const theirs = await (
      await stranger.agent.postForm('/api/dialogflow/getIntegration', { selectedPhone: phone })
    ).json();
    expect(theirs).toMatchObject({ success: true, data: null, integrations: [] });
    const res = await t.app.request('/api/dialogflow/getIntegration', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect([401, 403]).toContain(res.status);
  });

  it('says so when SECRETS_KEY is not set', async () => {
    const bare = await createTestApp();
    const other = await customer(bare);
    await expectError(
      await other.agent.postForm('/api/dialogflow/upsertIntegration', {
        phone_id: 1,
        project_id: 'shop-agent-1234',
        languageCode: 'en',
        credentials: JSON.stringify(keyFile),
        file_name: 'k.json',
      }),
      501,
      'NOT_CONFIGURED',
    );
    await bare.close();
  });
});
