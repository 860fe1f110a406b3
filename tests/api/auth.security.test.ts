import { beforeEach, describe, expect, it } from 'vitest';
import { Agent, expectError, registered, STRONG } from '../support/agent';
import { createTestApp, type TestApp } from '../support/test-app';
import { LOGIN_LIMITS } from '../../src/services/auth/password-attempts';
import { RESET_LIMITS } from '../../src/routes/auth/password-reset';
import { sessions } from '../../db/schema';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('accounts: security', () => {
  it('refuses cookie-authenticated writes without the CSRF header, or with a wrong one', async () => {
    const { agent } = await registered(t);
    await expectError(await agent.postJson('/api/auth/updateInfo', { name: 'Mallory' }, { csrf: false }), 403, 'CSRF');
    const forged = await agent.request('/api/auth/updateInfo', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': 'forged' },
      body: 'data=' + encodeURIComponent(JSON.stringify({ name: 'Mallory' })),
      csrf: false,
    });
    await expectError(forged, 403, 'CSRF');
    const me = await (await agent.get('/api/auth/user')).json();
    expect(me.data.name).toBe('');
  });

  it('refuses login and register without the CSRF token (login CSRF)', async () => {
    await expectError(
      await new Agent(t).postJson('/api/auth/login', { username: 'a@b.co', password: 'whatever' }, { csrf: false }),
      403,
      'CSRF',
    );
  });

  it("cannot change another user's profile or read another user's product", async () => {
    const alice = await registered(t, 'alice@example.com');
    const bob = await registered(t, 'bob@example.com');
    await expectError(
      await bob.agent.postJson('/api/auth/updateInfo', { id: alice.user.id, company: 'pwned' }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      await bob.agent.postJson('/api/auth/updatePhone', { id: alice.user.id, phone: '1' }),
      403,
      'FORBIDDEN',
    );
    const aliceProduct = (await (await alice.agent.get('/api/wapi/product')).json()).product.id as string;
    const foreign = await expectError(await bob.agent.get(`/api/wapi/product?pid=${aliceProduct}`), 404, 'NOT_FOUND');
    const missing = await expectError(
      await bob.agent.get('/api/wapi/product?pid=00000000-0000-4000-8000-000000000000'),
      404,
      'NOT_FOUND',
    );
    expect(foreign.message).toBe(missing.message);
    const aliceMe = await (await alice.agent.get('/api/auth/user')).json();
    expect(aliceMe.data.company).toBe('');
  });

  it('stores only the hash of the session token', async () => {
    const { agent } = await registered(t);
    const token = agent.cookies.get('wapi_session')!;
    const rows = await t.db.select().from(sessions).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toContain(token);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rate-limits login per account, for known and unknown e-mails alike', async () => {
    const { email } = await registered(t);
    for (const target of [email, 'ghost@example.com']) {
      const a = new Agent(t, { 'x-test-ip': `198.51.100.${target.length}` });
      for (let i = 0; i < LOGIN_LIMITS.perAccountAddress; i++) {
        await expectError(await a.postJson('/api/auth/login', { username: target, password: 'Wrong#Pass1' }), 401);
      }
      await expectError(
        await a.postJson('/api/auth/login', { username: target, password: STRONG }),
        429,
        'RATE_LIMITED',
      );
    }
    t.clock.advance(LOGIN_LIMITS.windowMs);
    expect((await new Agent(t).postJson('/api/auth/login', { username: email, password: STRONG })).status).toBe(200);
  });

  it('rate-limits login per address across accounts', async () => {
    const a = new Agent(t, { 'x-test-ip': '192.0.2.77' });
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      await a.postJson('/api/auth/login', { username: `u${i}@example.com`, password: 'Wrong#Pass1' });
    }
    await expectError(
      await a.postJson('/api/auth/login', { username: 'last@example.com', password: 'Wrong#Pass1' }),
      429,
      'RATE_LIMITED',
    );
    // Another address is not affected.
    await expectError(
      await new Agent(t, { 'x-test-ip': '192.0.2.78' }).postJson('/api/auth/login', {
        username: 'last@example.com',
        password: 'Wrong#Pass1',
      }),
      401,
    );
  });

  it('rate-limits reset requests per account with the same answer for unknown e-mails', async () => {
    const { email } = await registered(t);
    for (const target of [email, 'ghost@example.com']) {
      const a = new Agent(t, { 'x-test-ip': `198.51.100.${target.length}` });
      for (let i = 0; i < RESET_LIMITS.perAccount; i++) {
        expect((await a.postJson('/api/mailer/resetPassword', { from: 'console', email: target })).status).toBe(200);
      }
      await expectError(
        await a.postJson('/api/mailer/resetPassword', { from: 'console', email: target }),
        429,
        'RATE_LIMITED',
      );
    }
  });

  it('never sends the password hash or Google subject to the browser', async () => {
    const { agent } = await registered(t);
    const shell = await (await agent.get('/settings')).text();
    const user = await (await agent.get('/api/auth/user')).text();
    for (const text of [shell, user]) {
      expect(text).not.toMatch(/pbkdf2|passwordHash|password_hash|googleSub/);
    }
  });
});
