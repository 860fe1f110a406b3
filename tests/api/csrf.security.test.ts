import { beforeEach, describe, expect, it } from 'vitest';
import { CROSS_SITE_MESSAGE } from '../../src/middleware/csrf';
import { Agent, expectError, registered, STRONG } from '../support/agent';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('CSRF', () => {
  it('rotates the token at login: a token known before the login no longer works after it', async () => {
    const { email } = await registered(t);
    const agent = new Agent(t);
    await agent.get('/api/auth/user');
    const before = agent.cookies.get('wapi_csrf')!;
    expect((await agent.postJson('/api/auth/login', { username: email, password: STRONG })).status).toBe(200);
    const after = agent.cookies.get('wapi_csrf')!;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const stale = await agent.request('/api/auth/updateInfo', {
      method: 'POST',
      csrf: false,
      headers: { 'content-type': 'application/json', 'x-csrf-token': before },
      body: JSON.stringify({ name: 'Mallory' }),
    });
    await expectError(stale, 403, 'CSRF');
  });

  it('refuses writes another site makes the browser send, even with the token', async () => {
    const { agent } = await registered(t);
    const write = (headers: Record<string, string>) =>
      agent.request('/api/auth/updateInfo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ name: 'Eve' }),
      });
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
    ];
    for (const headers of foreign) {
      const body = await expectError(await write(headers), 403, 'CSRF');
      expect(body.message).toBe(CROSS_SITE_MESSAGE);
    }
    expect((await write({ origin: 'http://localhost', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });
});
