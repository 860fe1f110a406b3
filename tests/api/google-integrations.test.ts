import { generateKeyPairSync } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleAccounts, messages, rateLimits } from '../../db/schema';
import { GOOGLE_CALLS_PER_MINUTE } from '../../src/services/google/accounts';
import { PERSON_ALREADY_EXISTS, PERSON_ALREADY_EXISTS_MESSAGE } from '../../src/shared/google-messages';
import { expectError, type Agent } from '../support/agent';
import { FAKE_AUTH_CODE, FAKE_REFRESH_TOKEN, startFakeGoogle, type FakeGoogle } from '../support/fake-google';
import { customer, type Api } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

const SHEET_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const GOOGLE = {
  SECRETS_KEY: 'test-secrets-key-0123456789-abcdefghij',
  GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'client-secret',
};

let t: TestApp;
let google: FakeGoogle;
let agent: Agent;
let api: Api;
let phone: number;

async function queuedCount(): Promise<number> {
  return (await t.db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.phoneId, phone), eq(messages.direction, 'out')))
    .get())!.n;
}

/** A campaign of `n` rows in the sheet's format: texts with and without a title, media and polls. */
function campaign(n: number): unknown[][] {
  const rows: unknown[][] = [
    ['Type', 'Number', 'Message', 'Title / option 1', 'Option 2', 'Option 3', 'Single choice'],
  ];
  for (let i = 0; i < n; i++) {
    const to = String(905400000000 + i);
    if (i % 4 === 0) rows.push(['text', to, `Hello customer ${i}`]);
    else if (i % 4 === 1) rows.push(['text', to, `Spring sale for ${i}`, 'News']);
    else if (i % 4 === 2) rows.push(['media', to, `https://example.com/catalogue-${i}.pdf`, 'Our catalogue']);
    else rows.push(['poll', to, `Which day suits you, ${i}?`, 'Monday', 'Friday', 'Sunday', 'TRUE']);
  }
  return rows;
}

beforeAll(async () => {
  google = await startFakeGoogle(
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    }).publicKey,
  );
  t = await createTestApp(
    { ...GOOGLE, GOOGLE_OAUTH_URL: google.url, GOOGLE_SHEETS_URL: google.url, GOOGLE_PEOPLE_URL: google.url },
    { phones: true },
  );
  ({ agent, api } = await customer(t));
  phone = await api.addPhone();
  await api.link(phone, '905300000201');
}, 30_000);
afterAll(async () => {
  await t.close();
  await google.close();
});

describe('Google account link', () => {
  it('answers the consent URL until linked, then the account and its contacts', async () => {
    const first = await (
      await agent.postForm('/api/integrations/google', { product_id: api.pid, return_to: '/integrations/contacts' })
    ).json();
    expect(first).toMatchObject({ success: true, linked: false });
    const consent = new URL(first.authUrl);
    expect(consent.origin).toBe('https://accounts.google.com');
    expect(consent.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/spreadsheets');
    expect(consent.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/contacts');
    expect(consent.searchParams.get('access_type')).toBe('offline');
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');

    const forged = await agent.get(`/api/integrations/google/callback?state=wrong&code=${FAKE_AUTH_CODE}`);
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toContain('google_error=');

    const again = await (
      await agent.postForm('/api/integrations/google', { product_id: api.pid, return_to: '/integrations/contacts' })
    ).json();
    const back = await agent.get(
      `/api/integrations/google/callback?state=${new URL(again.authUrl).searchParams.get('state')}&code=${FAKE_AUTH_CODE}`,
    );
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/integrations/contacts?google=linked');
    const row = await t.db.select().from(googleAccounts).where(eq(googleAccounts.pid, api.pid)).get();
    expect(row!.email).toBe('owner@example.com');
    expect(row!.refreshToken).not.toContain(FAKE_REFRESH_TOKEN);

    const linked = await (await agent.postForm('/api/integrations/google', { product_id: api.pid })).json();
    expect(linked).toEqual({
      success: true,
      linked: true,
      email: 'owner@example.com',
      name: 'Shop Owner',
      displayNames: [],
    });
  });

  it('adds a Google contact, and the second time answers PERSON_ALREADY_EXISTS', async () => {
    const contact = { givenName: 'Ada', familyName: 'Lovelace', number: '+90 530 123 45 67' };
    const added = await agent.postForm('/api/integrations/google/add-contact', { product_id: api.pid, contact });
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({
      success: true,
      message: 'New contact added successfully!',
      contact: { name: 'Ada Lovelace', number: '905301234567' },
    });
    const twice = await expectError(
      await agent.postForm('/api/integrations/google/add-contact', { product_id: api.pid, contact }),
      409,
      'DUPLICATE',
    );
    expect(twice.message).toBe(PERSON_ALREADY_EXISTS_MESSAGE);
    expect((twice as unknown as { code: string }).code).toBe(PERSON_ALREADY_EXISTS);
    expect(google.people).toHaveLength(1);
    const listed = await (await agent.postForm('/api/integrations/google', {})).json();
    expect(listed.displayNames).toEqual([
      {
        resourceName: 'people/c1000',
        name: 'Ada Lovelace',
        givenName: 'Ada',
        familyName: 'Lovelace',
        number: '905301234567',
      },
    ]);
  });

  it('refuses a contact without a name, a surname or a number', async () => {
    for (const contact of [
      { givenName: '', familyName: 'L', number: '1' },
      { givenName: 'A', familyName: '', number: '1' },
      { givenName: 'A', familyName: 'L', number: 'abc' },
    ]) {
      await expectError(await agent.postForm('/api/integrations/google/add-contact', { contact }), 422, 'VALIDATION');
    }
  });
});

describe('Google Sheets sender', () => {
  it('queues a sheet of 1,000 rows, one message per row, and writes each result back', async () => {
    google.sheets.set(SHEET_ID, campaign(1000));
    const before = await queuedCount();
    const res = await agent.postForm('/api/googlesheets/sheetsender', {
      spreadsheetId: `https://docs.google.com/spreadsheets/d/${SHEET_ID}/edit#gid=0`,
      phoneID: phone,
      production_id: api.pid,
      token: 'ignored',
      wapi_token: 'ignored',
    });
    expect(res.status).toBe(200);
    const run = await res.json();
    expect(run).toMatchObject({
      success: true,
      message: 'Process Successful',
      queued: 1000,
      failed: 0,
      invalid: 0,
      written_back: true,
    });
    expect(run.results).toHaveLength(1000);
    expect(run.results[0]).toMatchObject({ row: 2, type: 'text', to_number: '905400000000', status: 'queued' });
    expect(new Set(run.results.map((r: { status: string }) => r.status))).toEqual(new Set(['queued']));
    expect((await queuedCount()) - before).toBe(1000);
    const write = google.writes.at(-1)!;
    expect(write.range).toBe('H1:H1001');
    expect(write.values[0]).toEqual(['Result']);
    expect(write.values[1]![0]).toBe(`queued ${run.results[0].message_id}`);
    const poll = await t.db.select().from(messages).where(eq(messages.id, run.results[3].message_id)).get();
    expect(poll!.body).toMatchObject({
      type: 'poll',
      message: 'Which day suits you, 3?',
      options: ['Monday', 'Friday', 'Sunday'],
      only_one: true,
    });
  }, 30_000);

  it('checks every row of an uploaded file before queuing any', async () => {
    const before = await queuedCount();
    const rows = [
      ['type', 'number', 'message'],
      ['text', '905400001000', 'Fine'],
      ['poll', '905400001001', 'Only one option?', 'Yes'],
      ['media', '905400001002', 'data:image/png,abc'],
      ['fax', '905400001003', 'x'],
    ];
    const run = await (
      await agent.postForm('/api/googlesheets/sheetsender', { rows, file_name: 'campaign.csv', phoneID: phone })
    ).json();
    expect(run).toMatchObject({ success: false, queued: 0, invalid: 3, written_back: false });
    expect(run.results.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [2, 'not sent'],
      [3, 'invalid'],
      [4, 'invalid'],
      [5, 'invalid'],
    ]);
    expect(run.results[2].error).toContain('data:MIME;base64,');
    expect(await queuedCount()).toBe(before);
    const good = await (
      await agent.postForm('/api/googlesheets/sheetsender', {
        rows: [['text', '905400001000', 'Fine']],
        phoneID: phone,
      })
    ).json();
    expect(good).toMatchObject({ success: true, queued: 1 });
  });

  it('refuses bad input and other tenants', async () => {
    await expectError(
      await agent.postForm('/api/googlesheets/sheetsender', { spreadsheetId: 'not a sheet', phoneID: phone }),
      422,
      'VALIDATION',
    );
    await expectError(await agent.postForm('/api/googlesheets/sheetsender', { phoneID: phone }), 422, 'VALIDATION');
    await expectError(
      await agent.postForm('/api/googlesheets/sheetsender', { spreadsheetId: SHEET_ID }),
      422,
      'VALIDATION',
    );
    await expectError(
      await agent.postForm('/api/googlesheets/sheetsender', {
        spreadsheetId: '1ZzUnknownSheet0000000000',
        phoneID: phone,
      }),
      404,
    );
    const stranger = await customer(t);
    await expectError(
      await stranger.agent.postForm('/api/googlesheets/sheetsender', {
        rows: [['text', '905400001000', 'x']],
        phoneID: phone,
      }),
      404,
    );
    await expectError(
      await stranger.agent.postForm('/api/googlesheets/sheetsender', {
        rows: [['text', '905400001000', 'x']],
        phoneID: phone,
        product_id: api.pid,
      }),
      404,
    );
    await expectError(
      await stranger.agent.postForm('/api/integrations/google/add-contact', {
        product_id: api.pid,
        contact: { givenName: 'A', familyName: 'B', number: '1234567' },
      }),
      404,
    );
    await expectError(
      await stranger.agent.postForm('/api/integrations/google/add-contact', {
        contact: { givenName: 'A', familyName: 'B', number: '1234567' },
      }),
      409,
    );
    await expectError(
      await stranger.agent.postForm('/api/googlesheets/sheetsender', { spreadsheetId: SHEET_ID, phoneID: 999999 }),
      404,
    );
  });

  it("answers 429 once a product has made this minute's Google calls, and calls Google no more", async () => {
    const now = t.clock.now;
    const full = { windowStart: now - (now % 60_000), count: GOOGLE_CALLS_PER_MINUTE };
    await t.db
      .insert(rateLimits)
      .values({ key: `google:${api.pid}`, ...full })
      .onConflictDoUpdate({ target: rateLimits.key, set: full });
    const before = google.people.length;
    await expectError(
      await agent.postForm('/api/integrations/google/add-contact', {
        product_id: api.pid,
        contact: { givenName: 'Max', familyName: 'Out', number: '905301110000' },
      }),
      429,
      'RATE_LIMITED',
    );
    expect(google.people).toHaveLength(before);
    await t.db.delete(rateLimits).where(eq(rateLimits.key, `google:${api.pid}`));
  });
});

describe('without Google credentials', () => {
  it('says that Google is not configured instead of failing', async () => {
    const bare = await createTestApp({ SECRETS_KEY: GOOGLE.SECRETS_KEY });
    const { agent: other } = await customer(bare);
    const res = await expectError(await other.postForm('/api/integrations/google', {}), 501, 'NOT_CONFIGURED');
    expect(res.message).toContain('not configured');
    await bare.close();
  });
});
