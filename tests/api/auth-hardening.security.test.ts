import { beforeEach, describe, expect, it } from 'vitest';
import { LOGOUT_IS_POST_MESSAGE } from '../../src/routes/auth/account';
import { LOGIN_LIMITS } from '../../src/services/auth/password-attempts';
import { CURRENT_PASSWORD_WRONG } from '../../src/services/auth/password-change';
import { CURRENT_PASSWORD_REQUIRED, MSG } from '../../src/shared/schemas/auth';
import { Agent, expectError, registered, STRONG } from '../support/agent';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const NEW = 'N3w#Passw0rd';
const WRONG = 'Wrong#Pass1';

async function signedIn(email: string, address = '203.0.113.1') {
  const agent = new Agent(t, { 'x-test-ip': address });
  expect((await agent.postJson('/api/auth/login', { username: email, password: STRONG })).status).toBe(200);
  return agent;
}

describe('accounts: password change, logout and lockout (issue 9)', () => {
  it('refuses a password change without the right current password', async () => {
    const { agent, email } = await registered(t);
    const missing = await expectError(
      await agent.postJson('/api/auth/updatePassword', { newpassword: NEW }),
      422,
      'VALIDATION',
    );
    expect(missing.message).toBe(CURRENT_PASSWORD_REQUIRED);
    const wrong = await expectError(
      await agent.postJson('/api/auth/updatePassword', { currentpassword: WRONG, newpassword: NEW }),
      403,
      'FORBIDDEN',
    );
    expect(wrong.message).toBe(CURRENT_PASSWORD_WRONG);
    // Nothing changed: the old password still signs in, the new one does not.
    expect((await new Agent(t).postJson('/api/auth/login', { username: email, password: STRONG })).status).toBe(200);
    expect((await new Agent(t).postJson('/api/auth/login', { username: email, password: NEW })).status).toBe(401);
  });

  it('holds the new password to the registration rule', async () => {
    const { agent } = await registered(t);
    const weak = await expectError(
      await agent.postJson('/api/auth/updatePassword', { currentpassword: STRONG, newpassword: 'abcdefgh' }),
      422,
      'VALIDATION',
    );
    expect(weak.message).toBe(MSG.passwordRule);
  });

  it('counts wrong current passwords against the login allowance', async () => {
    const { agent, email } = await registered(t);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAddress; i++) {
      await expectError(
        await agent.postJson('/api/auth/updatePassword', { currentpassword: WRONG, newpassword: NEW }),
        403,
      );
    }
    await expectError(
      await agent.postJson('/api/auth/updatePassword', { currentpassword: STRONG, newpassword: NEW }),
      429,
      'RATE_LIMITED',
    );
    expect(
      (
        await new Agent(t, { 'x-test-ip': '198.51.100.9' }).postJson('/api/auth/login', {
          username: email,
          password: STRONG,
        })
      ).status,
    ).toBe(200);
  });

  it('ends every other session and keeps this browser signed in', async () => {
    const { agent, email } = await registered(t);
    const other = await signedIn(email, '198.51.100.20');
    const res = await agent.postForm('/api/auth/updatePassword', { currentpassword: STRONG, newpassword: NEW });
    expect(await res.json()).toMatchObject({ success: true });
    await expectError(await other.get('/api/auth/user'), 401, 'UNAUTHORIZED');
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    // The fresh session works for writes too: its CSRF token came with it.
    expect((await agent.postJson('/api/auth/updateInfo', { name: 'Still Here' })).status).toBe(200);
  });

  it('logs out only with a POST', async () => {
    const { agent } = await registered(t);
    const get = await agent.get('/api/auth/logout');
    expect((await expectError(get, 405, 'METHOD_NOT_ALLOWED')).message).toBe(LOGOUT_IS_POST_MESSAGE);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await agent.get('/api/auth/user')).status).toBe(200);

    await expectError(await agent.request('/api/auth/logout', { method: 'POST', csrf: false }), 403, 'CSRF');
    expect((await agent.get('/api/auth/user')).status).toBe(200);

    const post = await agent.request('/api/auth/logout', { method: 'POST' });
    expect(await post.json()).toEqual({ success: true });
    await expectError(await agent.get('/api/auth/user'), 401, 'UNAUTHORIZED');
  });

  it('locks an account out from the failing address only', async () => {
    const { email } = await registered(t);
    const stranger = new Agent(t, { 'x-test-ip': '192.0.2.10' });
    for (let i = 0; i < LOGIN_LIMITS.perAccountAddress; i++) {
      await expectError(await stranger.postJson('/api/auth/login', { username: email, password: WRONG }), 401);
    }
    await expectError(
      await stranger.postJson('/api/auth/login', { username: email, password: STRONG }),
      429,
      'RATE_LIMITED',
    );
    await signedIn(email, '198.51.100.30');
  });

  it('does not use up the allowance with successful logins', async () => {
    const { email } = await registered(t);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAddress + 5; i++) await signedIn(email);
    const a = new Agent(t);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAddress; i++) {
      await expectError(await a.postJson('/api/auth/login', { username: email, password: WRONG }), 401);
    }
    await expectError(await a.postJson('/api/auth/login', { username: email, password: STRONG }), 429, 'RATE_LIMITED');
  });
});
