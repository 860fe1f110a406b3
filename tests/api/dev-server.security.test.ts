import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { mailOutbox } from '../../db/schema';
import { parseConfig } from '../../src/config';
import { isLoopback, MAILBOX_REFUSED } from '../../src/routes/auth/mailbox';
import { Agent, expectError, registered } from '../support/agent';
import { staffTeam } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 39: a development server that is safe to reach.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** The link of the newest mail to `to`. */
async function mailedLink(to: string): Promise<string> {
  await t.settle();
  const mails = (await t.db.select().from(mailOutbox).all()).filter((m) => m.to === to);
  return /https?:\/\/\S+/.exec(mails.at(-1)!.text)![0];
}

describe('where the server listens', () => {
  it('listens on 127.0.0.1 outside production unless HOST says otherwise, on 0.0.0.0 in production', () => {
    expect(parseConfig({}).HOST).toBe('127.0.0.1');
    expect(parseConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(parseConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(parseConfig({ NODE_ENV: 'production', APP_URL: 'https://wapi.example' }).HOST).toBe('0.0.0.0');
    expect(parseConfig({ NODE_ENV: 'production', APP_URL: 'https://wapi.example', HOST: '10.0.0.5' }).HOST).toBe(
      '10.0.0.5',
    );
  });

  it('has the container set HOST itself: the image and compose.yaml', () => {
    expect(readFileSync('Dockerfile', 'utf8')).toMatch(/^ENV .*\bHOST=0\.0\.0\.0\b/m);
    const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    for (const name of ['api', 'runner1', 'runner2'])
      expect(compose.services[name]!.environment!.HOST, name).toBe('0.0.0.0');
  });

  it('links to APP_URL, else to the address the server was started on', () => {
    expect(parseConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(parseConfig({ PORT: '9000', HOST: '127.0.0.1' }).publicUrl).toBe('http://127.0.0.1:9000');
    expect(parseConfig({ PORT: '9000', HOST: '0.0.0.0' }).publicUrl).toBe('http://localhost:9000');
    expect(parseConfig({ PORT: '9000', HOST: '::1' }).publicUrl).toBe('http://[::1]:9000');
    expect(parseConfig({ PORT: '9000', HOST: '192.168.1.20' }).publicUrl).toBe('http://192.168.1.20:9000');
    expect(parseConfig({ PORT: '9000', HOST: '0.0.0.0', APP_URL: 'https://console.example.com/' }).publicUrl).toBe(
      'https://console.example.com',
    );
  });
});

describe('e-mailed links never take their host from the request', () => {
  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

  it('mails a reset link on the address the server was started on, whatever Host and X-Forwarded-Host say', async () => {
    const { email } = await registered(t);
    const res = await new Agent(t, forged).postForm('http://evil.example/api/mailer/resetPassword', {
      from: 'console',
      email,
    });
    expect(res.status).toBe(200);
    const link = await mailedLink(email);
    expect(link).toMatch(/^http:\/\/localhost:8787\/verify\/resetPassword\/[\w-]+$/);
    expect(link).not.toContain('evil');
  });

  it('mails links on APP_URL when it is set, TRUST_PROXY or not', async () => {
    const proxied = await createTestApp({ APP_URL: 'https://console.example.com', TRUST_PROXY: 'true' });
    try {
      const { email } = await registered(proxied);
      const res = await new Agent(proxied, forged).postForm('http://evil.example/api/mailer/resetPassword', {
        from: 'console',
        email,
      });
      expect(res.status).toBe(200);
      await proxied.settle();
      const mail = (await proxied.db.select().from(mailOutbox).all()).find((m) => m.to === email)!;
      expect(mail.text).toMatch(/https:\/\/console\.example\.com\/verify\/resetPassword\/[\w-]+/);
      expect(mail.text).not.toContain('evil');
    } finally {
      await proxied.close();
    }
  });
});

describe('the local mailbox', () => {
  it('tells loopback addresses from others', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a), a).toBe(true);
    for (const a of ['203.0.113.1', '10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', 'unknown', ''])
      expect(isLoopback(a), a).toBe(false);
  });

  it('answers callers on this machine and staff; anyone else, a relayed loopback call and customers get a 403', async () => {
    const read = (headers: Record<string, string>, agent?: Agent) =>
      agent ? agent.request('/dev/mailbox', { headers }) : t.app.request('/dev/mailbox', { headers });
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect((await read({ 'x-test-ip': ip })).status, ip).toBe(200);

    const refused = await read({ 'x-test-ip': '203.0.113.9' });
    expect((await expectError(refused, 403, 'FORBIDDEN')).message).toBe(MAILBOX_REFUSED);
    // A proxy on the same machine connects from loopback for callers anywhere.
    await expectError(await read({ 'x-test-ip': '127.0.0.1', 'x-forwarded-for': '203.0.113.9' }), 403, 'FORBIDDEN');
    await expectError(await read({ 'x-test-ip': '127.0.0.1', forwarded: 'for=203.0.113.9' }), 403, 'FORBIDDEN');

    const team = await staffTeam(t);
    const remote = { 'x-test-ip': '203.0.113.9' };
    expect((await read(remote, team.admin)).status).toBe(200);
    expect((await read(remote, team.limited)).status).toBe(200);
    await expectError(await read(remote, team.customer), 403, 'FORBIDDEN');

    // One e-mail is refused the same way.
    const { email } = await registered(t);
    await new Agent(t).postForm('/api/mailer/resetPassword', { from: 'console', email });
    await t.settle();
    const [mail] = await t.db.select().from(mailOutbox).all();
    await expectError(await t.app.request(`/dev/mailbox/${mail!.id}`, { headers: remote }), 403, 'FORBIDDEN');
    expect((await t.app.request(`/dev/mailbox/${mail!.id}`, { headers: { 'x-test-ip': '127.0.0.1' } })).status).toBe(
      200,
    );
  });
});
