import { afterEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { Agent, expectError, registered } from '../support/agent';
import { createTestApp, type TestApp } from '../support/test-app';

const GOOGLE_ENV = { GOOGLE_CLIENT_ID: 'client-123', GOOGLE_CLIENT_SECRET: 'secret-456' };
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const idToken = (claims: Record<string, unknown>) => `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;

/** A fake of Google's token endpoint at its HTTP boundary: checks the PKCE exchange, answers an id token. */
function fakeGoogle(claims: Record<string, unknown>) {
  const calls: URLSearchParams[] = [];
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: Request | string | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    if (req.url !== 'https://oauth2.googleapis.com/token') return realFetch(input, init);
    const form = new URLSearchParams(await req.text());
    calls.push(form);
    if (form.get('code') !== 'good-code' || !form.get('code_verifier')) {
      return Response.json({ error: 'invalid_grant' }, { status: 400 });
    }
    return Response.json({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken(claims) });
  });
  return calls;
}

async function startSignIn(t: TestApp, path = '/api/auth/google') {
  const agent = new Agent(t);
  const res = await agent.get(path);
  expect(res.status).toBe(302);
  const url = new URL(res.headers.get('location')!);
  return { agent, url, state: url.searchParams.get('state')! };
}

afterEach(() => vi.unstubAllGlobals());

describe('Google sign-in', () => {
  it('says it is not configured when no client id is set', async () => {
    const t = await createTestApp();
    const body = await expectError(await t.app.request('/api/auth/google'), 501, 'NOT_CONFIGURED');
    expect(body.message).toBe('Google sign-in is not configured on this server.');
  });

  it('redirects to Google with state and PKCE, and signs a new user up on the callback', async () => {
    const t = await createTestApp(GOOGLE_ENV);
    const calls = fakeGoogle({ sub: 'g-1', email: 'Gina@Example.com', email_verified: true, name: 'Gina' });
    const { agent, url, state } = await startSignIn(t);
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe('client-123');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/api/auth/google/callback');
    expect(agent.cookies.get('google_oauth_state')).toBe(state);

    const verifier = agent.cookies.get('google_code_verifier');
    expect(verifier).toBeTruthy();
    const cb = await agent.get(`/api/auth/google/callback?state=${state}&code=good-code`);
    expect(cb.status).toBe(302);
    expect(cb.headers.get('location')).toBe('/subscription');
    expect(calls[0]!.get('code_verifier')).toBe(verifier);
    const me = await (await agent.get('/api/auth/user')).json();
    expect(me.data).toMatchObject({ email: 'gina@example.com', isGoogle: true, name: 'Gina', hasPassword: false });
    expect((await (await agent.get('/api/wapi/product')).json()).success).toBe(true);
    // Google users cannot change their password.
    await expectError(await agent.postJson('/api/auth/updatePassword', { newpassword: 'abcdefgh' }), 403, 'FORBIDDEN');
  });

  it('comes back to the origin the login or register page passed on, by the post-login rule', async () => {
    const t = await createTestApp(GOOGLE_ENV);
    fakeGoogle({ sub: 'g-9', email: 'tool-user@example.com', email_verified: true });
    // A new account: the tool it was sent from, not /subscription.
    let { agent, state } = await startSignIn(
      t,
      `/api/auth/google?from=register&origin=${encodeURIComponent('/tools/warmingup')}`,
    );
    let cb = await agent.get(`/api/auth/google/callback?state=${state}&code=good-code`);
    expect(cb.headers.get('location')).toBe('/tools/warmingup');
    expect(agent.cookies.get('google_oauth_origin') ?? '').toBe('');
    // The same account signing in again from the login page of another page.
    ({ agent, state } = await startSignIn(t, `/api/auth/google?origin=${encodeURIComponent('/settings?tab=1')}`));
    cb = await agent.get(`/api/auth/google/callback?state=${state}&code=good-code`);
    expect(cb.headers.get('location')).toBe('/settings?tab=1');
    // Off-site forms are never kept: the default pages.
    for (const origin of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/login']) {
      ({ agent, state } = await startSignIn(t, `/api/auth/google?origin=${encodeURIComponent(origin)}`));
      expect(agent.cookies.has('google_oauth_origin')).toBe(false);
      cb = await agent.get(`/api/auth/google/callback?state=${state}&code=good-code`);
      expect([origin, cb.headers.get('location')]).toEqual([origin, '/']);
    }
  });

  it('links an existing account when Google has verified the e-mail', async () => {
    const t = await createTestApp(GOOGLE_ENV);
    const { user } = await registered(t, 'linked@example.com');
    fakeGoogle({ sub: 'g-2', email: 'linked@example.com', email_verified: true });
    const { agent, state } = await startSignIn(t);
    const cb = await agent.get(`/api/auth/google/callback?state=${state}&code=good-code`);
    expect(cb.headers.get('location')).toBe('/');
    expect((await (await agent.get('/api/auth/user')).json()).data.id).toBe(user.id);
    expect(await t.db.select().from(users).all()).toHaveLength(1);
  });

  it('refuses an unverified e-mail, a state mismatch and a bad code', async () => {
    const t = await createTestApp(GOOGLE_ENV);
    await registered(t, 'victim@example.com');
    fakeGoogle({ sub: 'g-3', email: 'victim@example.com', email_verified: false });
    let { agent, state } = await startSignIn(t);
    let cb = await agent.get(`/api/auth/google/callback?state=${state}&code=good-code`);
    expect(cb.headers.get('location')).toMatch(/^\/login\?error=Google%20sign-in%20needs%20a%20verified/);
    expect(agent.cookies.has('wapi_session')).toBe(false);

    ({ agent, state } = await startSignIn(t));
    cb = await agent.get(`/api/auth/google/callback?state=not-${state}&code=good-code`);
    expect(cb.headers.get('location')).toMatch(/^\/login\?error=/);

    ({ agent, state } = await startSignIn(t));
    cb = await agent.get(`/api/auth/google/callback?state=${state}&code=bad-code`);
    expect(cb.headers.get('location')).toMatch(/^\/login\?error=Google%20sign-in%20failed/);
    expect(agent.cookies.has('wapi_session')).toBe(false);
  });
});
