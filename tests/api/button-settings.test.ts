/** The /button generator's settings saved to the account (3-developer §2.5): per product, checked, bounded. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buttonSettings } from '../../db/schema';
import { Agent, expectError } from '../support/agent';
import { customer } from '../support/phones';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const URL = '/api/wapi/buttonSettings';
const SETTINGS = {
  countryCode: '+90',
  phone: '555 123 45 67',
  message: 'Hello there',
  messageDesktop: true,
  messageMobile: false,
  design: 'large-green',
  text: 'Ask us',
  display: 'both',
  positionMobile: 'left',
  positionDesktop: 'right',
  offsetBottom: 96,
} as const;

const settingsOf = async (agent: Agent) => {
  const res = await agent.get(URL);
  expect(res.status).toBe(200);
  return ((await res.json()) as { settings: unknown }).settings;
};

describe('button settings', () => {
  it('are null before the first save, then what was saved, for a new session too (as the console posts them)', async () => {
    const { agent } = await customer(t);
    expect(await settingsOf(agent)).toBeNull();
    const res = await agent.postForm(URL, SETTINGS);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { settings: unknown }).settings).toEqual(SETTINGS);
    // Another browser: the same account signed in with a fresh cookie jar.
    const other = new Agent(t);
    other.cookies = new Map([...agent.cookies].filter(([k]) => k !== 'wapi_csrf'));
    expect(await settingsOf(other)).toEqual(SETTINGS);
    expect((await agent.postJson(URL, { ...SETTINGS, design: 'small' })).status).toBe(200);
    expect(await settingsOf(agent)).toMatchObject({ design: 'small', offsetBottom: 96 });
    expect(await t.db.select().from(buttonSettings).all()).toHaveLength(1);
  });

  it('answers malformed input 4xx in the one error shape and keeps what was saved', async () => {
    const { agent } = await customer(t);
    await agent.postJson(URL, SETTINGS);
    for (const bad of [
      { ...SETTINGS, design: 'huge' },
      { ...SETTINGS, offsetBottom: -1 },
      { ...SETTINGS, offsetBottom: 1001 },
      { ...SETTINGS, offsetBottom: '20' },
      { ...SETTINGS, countryCode: '+9a' },
      { ...SETTINGS, phone: '' },
      { ...SETTINGS, phone: 'call me' },
      { ...SETTINGS, text: '  ' },
      { ...SETTINGS, message: 'x'.repeat(1001) },
      { ...SETTINGS, extra: 1 },
      { phone: '1' },
    ]) {
      await expectError(await agent.postJson(URL, bad), 422, 'VALIDATION');
    }
    for (const body of ['[]', '"nonsense"', '{"countryCode":']) {
      await expectError(
        await agent.request(URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
        400,
        'BAD_REQUEST',
      );
    }
    expect(await settingsOf(agent)).toEqual(SETTINGS);
  });

  it('refuses an oversized body with 413 without saving it', async () => {
    const { agent } = await customer(t);
    await expectError(await agent.postJson(URL, { ...SETTINGS, message: 'x'.repeat(8 * 1024) }), 413);
    expect(await settingsOf(agent)).toBeNull();
  });

  it("is the caller's own: a stranger gets 401, another account's product id answers 404 and changes nothing", async () => {
    const mine = await customer(t);
    const other = await customer(t);
    await mine.agent.postJson(URL, SETTINGS);
    await expectError(await new Agent(t).get(URL), 401, 'UNAUTHORIZED');
    await expectError(await new Agent(t).postJson(URL, SETTINGS), 401);
    await expectError(await other.agent.get(`${URL}?pid=${mine.pid}`), 404, 'NOT_FOUND');
    await expectError(
      await other.agent.postJson(URL, { ...SETTINGS, text: 'Hijacked', pid: mine.pid }),
      404,
      'NOT_FOUND',
    );
    expect(await settingsOf(other.agent)).toBeNull();
    expect(await settingsOf(mine.agent)).toEqual(SETTINGS);
    expect((await mine.agent.get(`${URL}?pid=${mine.pid}`)).status).toBe(200);
  });

  it('needs the CSRF token to save', async () => {
    const { agent } = await customer(t);
    expect((await agent.postJson(URL, SETTINGS, { csrf: false })).status).toBe(403);
    expect(await settingsOf(agent)).toBeNull();
  });
});
