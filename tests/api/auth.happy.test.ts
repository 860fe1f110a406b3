import { beforeEach, describe, expect, it } from 'vitest';
import { Agent, registered, STRONG } from '../support/agent';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('accounts: happy paths', () => {
  it('registers with a form body carrying JSON, creates the product and signs in', async () => {
    const agent = new Agent(t);
    const res = await agent.postForm('/api/auth/register', { email: 'New@Example.com', password: STRONG });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      data: { email: 'new@example.com', isAuthenticated: true, isGoogle: false },
    });
    expect(JSON.stringify(body)).not.toMatch(/password_hash|pbkdf2/);
    expect(agent.cookies.has('wapi_session')).toBe(true);

    const user = await agent.get('/api/auth/user');
    expect(await user.json()).toMatchObject({ success: true, data: { email: 'new@example.com' } });

    const product = await (await agent.get('/api/wapi/product')).json();
    expect(product.success).toBe(true);
    expect(product.product.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(product.product).toMatchObject({
      uid: body.data.id,
      product_type: 'wapi',
      trial: null,
      activeSubs: [],
      deletedSubs: [],
    });
    expect(product.product.settings.wapi_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(product.product.settings.phone_limit).toBe(3);
  });

  it('logs in, rotates the session token, and logs out', async () => {
    const { agent: first, email } = await registered(t);
    const oldToken = first.cookies.get('wapi_session');
    const login = await first.postJson('/api/auth/login', { username: email, password: STRONG });
    expect(login.status).toBe(200);
    expect((await login.json()).data.email).toBe(email);
    const newToken = first.cookies.get('wapi_session');
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(oldToken);

    // The old token no longer works.
    const stale = new Agent(t);
    stale.cookies.set('wapi_session', oldToken!);
    expect((await stale.get('/api/auth/user')).status).toBe(401);

    const out = await first.request('/api/auth/logout', { method: 'POST' });
    expect(await out.json()).toEqual({ success: true });
    expect(first.cookies.has('wapi_session')).toBe(false);
    const replay = new Agent(t);
    replay.cookies.set('wapi_session', newToken!);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, Secure only in production', async () => {
    const agent = new Agent(t);
    const res = await agent.postJson('/api/auth/register', { email: 'cookie@example.com', password: STRONG });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('wapi_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);

    const prod = await createTestApp({ NODE_ENV: 'production', APP_URL: 'https://console.example.com' });
    const res2 = await new Agent(prod).postJson('/api/auth/register', {
      email: 'cookie@example.com',
      password: STRONG,
    });
    expect(res2.headers.getSetCookie().find((c) => c.startsWith('wapi_session='))).toMatch(/Secure/);
  });

  it('slides the session expiry when more than half of it has passed', async () => {
    const { agent } = await registered(t);
    t.clock.advance(16 * 24 * 3600_000);
    const res = await agent.get('/api/auth/user');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('wapi_session='))).toBe(true);
    t.clock.advance(20 * 24 * 3600_000);
    expect((await agent.get('/api/auth/user')).status).toBe(200);
    t.clock.advance(31 * 24 * 3600_000);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
  });

  it('updates personal info, company info and phone', async () => {
    const { agent, user } = await registered(t);
    const info = await agent.postForm('/api/auth/updateInfo', { name: 'Ada', phone: '+905551112233', company: 'Acme' });
    expect(await info.json()).toMatchObject({
      success: true,
      data: { name: 'Ada', phone: '+905551112233', company: 'Acme' },
    });

    const company = {
      name: 'Acme Ltd',
      vatNumber: 'GB123',
      country: 'GB',
      state: '',
      city: 'London',
      street: '1 High St',
      postcode: 'N1 1AA',
    };
    const res = await agent.postForm('/api/auth/updateInfo', { id: user.id, company: 'Acme Ltd', extra: { company } });
    expect(await res.json()).toMatchObject({ success: true, data: { company: 'Acme Ltd', extra: { company } } });

    const phone = await agent.postJson('/api/auth/updatePhone', { id: user.id, phone: '905559998877' });
    expect((await phone.json()).data.phone).toBe('905559998877');
  });

  it('changes the password, ends every other session, and keeps this browser signed in', async () => {
    const { agent, email } = await registered(t);
    const other = new Agent(t);
    await other.postJson('/api/auth/login', { username: email, password: STRONG });
    expect((await other.get('/api/auth/user')).status).toBe(200);

    const res = await agent.postForm('/api/auth/updatePassword', {
      currentpassword: STRONG,
      newpassword: 'An0ther#Pass',
    });
    expect(await res.json()).toMatchObject({ success: true });
    expect((await other.get('/api/auth/user')).status).toBe(401);
    expect((await agent.get('/api/auth/user')).status).toBe(200);

    const fresh = new Agent(t);
    expect((await fresh.postJson('/api/auth/login', { username: email, password: STRONG })).status).toBe(401);
    expect((await fresh.postJson('/api/auth/login', { username: email, password: 'An0ther#Pass' })).status).toBe(200);
  });

  it('answers /healthz', async () => {
    const res = await t.app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, db: 'up' });
  });
});
