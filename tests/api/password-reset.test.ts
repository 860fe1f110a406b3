import { beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { RESET_SENT_MESSAGE } from '../../src/services/auth/resets';
import { Agent, expectError, registered, STRONG } from '../support/agent';
import { createTestApp, type TestApp } from '../support/test-app';
import { billingProviders } from '../../src/adapters/billing';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

async function requestReset(email: string) {
  const res = await new Agent(t).postForm('/api/mailer/resetPassword', { from: 'console', email });
  await t.settle();
  return res;
}

async function lastResetToken(): Promise<string> {
  const mails = await t.db.select().from(mailOutbox).all();
  const text = mails.at(-1)!.text;
  return /\/verify\/resetPassword\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
}

describe('password reset', () => {
  it('mails a single-use link that sets a new password and ends every session', async () => {
    const { agent, email } = await registered(t);
    const res = await requestReset(email);
    expect(await res.json()).toEqual({ success: true, message: RESET_SENT_MESSAGE });
    const [mail] = await t.db.select().from(mailOutbox).all();
    expect(mail).toMatchObject({ to: email, status: 'local', subject: 'Reset your Wapi password' });
    expect(mail!.text).toContain('http://localhost:8787/verify/resetPassword/');

    const token = await lastResetToken();
    const done = await new Agent(t).postForm('/api/verify/resetPassword', { token, password: 'N3w#Password' });
    expect(done.status).toBe(200);
    expect((await agent.get('/api/auth/user')).status).toBe(401);
    expect((await new Agent(t).postJson('/api/auth/login', { username: email, password: STRONG })).status).toBe(401);
    expect((await new Agent(t).postJson('/api/auth/login', { username: email, password: 'N3w#Password' })).status).toBe(
      200,
    );

    const reused = await expectError(
      await new Agent(t).postJson('/api/verify/resetPassword', { token, password: 'Other#Pass1' }),
      400,
      'BAD_REQUEST',
    );
    expect(reused.message).toMatch(/invalid or has already been used/);
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const res = await requestReset('ghost@example.com');
    expect(await res.json()).toEqual({ success: true, message: RESET_SENT_MESSAGE });
    expect(await t.db.select().from(mailOutbox).all()).toHaveLength(0);
  });

  it('refuses an expired token', async () => {
    const { email } = await registered(t);
    await requestReset(email);
    const token = await lastResetToken();
    t.clock.advance(t.config.RESET_TOKEN_MINUTES * 60_000 + 1);
    const res = await expectError(
      await new Agent(t).postJson('/api/verify/resetPassword', { token, password: 'N3w#Password' }),
      410,
      'GONE',
    );
    expect(res.message).toMatch(/expired/);
  });

  it('refuses unknown tokens and weak passwords', async () => {
    await expectError(
      await new Agent(t).postJson('/api/verify/resetPassword', { token: 'x'.repeat(43), password: 'N3w#Password' }),
      400,
    );
    const { email } = await registered(t);
    await requestReset(email);
    const token = await lastResetToken();
    const weak = await expectError(
      await new Agent(t).postJson('/api/verify/resetPassword', { token, password: 'weak' }),
      422,
    );
    expect(weak.message).toBe('Min 8, at least one uppercase, lowercase, number and special.');
    // The token survives a rejected attempt.
    expect((await new Agent(t).postJson('/api/verify/resetPassword', { token, password: 'N3w#Password' })).status).toBe(
      200,
    );
  });

  it('uses APP_URL for the link when configured', async () => {
    t = await createTestApp({ APP_URL: 'https://console.example.com' });
    const { email } = await registered(t);
    await requestReset(email);
    const [mail] = await t.db.select().from(mailOutbox).all();
    expect(mail!.text).toContain('https://console.example.com/verify/resetPassword/');
  });

  it('shows the mails at the local mailbox in development only', async () => {
    const { email } = await registered(t);
    await requestReset(email);
    // A caller on this machine (loopback) reads it.
    const here = { headers: { 'x-test-ip': '127.0.0.1' } };
    const list = await (await t.app.request('/dev/mailbox', here)).text();
    expect(list).toContain('Reset your Wapi password');
    const [mail] = await t.db.select().from(mailOutbox).all();
    const one = await (await t.app.request(`/dev/mailbox/${mail!.id}`, here)).text();
    expect(one).toMatch(/<a href="http:\/\/localhost:8787\/verify\/resetPassword\/[A-Za-z0-9_-]+">/);

    const prod = await createTestApp({ NODE_ENV: 'production', APP_URL: 'https://console.example.com' });
    expect((await prod.app.request('/dev/mailbox')).status).toBe(404);
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect((await smtp.app.request('/dev/mailbox')).status).toBe(404);
    // An entry that does not ask for the mailbox (the Worker) never serves it, even in development.
    const { createApp } = await import('../../src/app');
    const worker = createApp({
      billing: billingProviders,
      config: t.config,
      db: t.db,
      assets: { manifest: async () => null },
    });
    expect((await worker.request('/dev/mailbox')).status).not.toBe(200);
  });
});
