import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema';
import { attemptDelivery } from '../../src/jobs/webhook-deliverer';
import { nodePoster } from '../../src/adapters/webhooks/node-post';
import { checkWebhookUrl } from '../../src/services/webhooks/url-check';
import { customer, type Api } from '../support/phones';
import { Receiver } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

/** Outside development: a production server, with a resolver we control. */
const FAKE_DNS: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'rebind.example.com': ['127.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
  'mixed.example.com': ['93.184.216.34', '10.0.0.7'],
  'v6loop.example.com': ['::1'],
};
const resolveHost = async (host: string) => {
  const a = FAKE_DNS[host];
  if (!a) throw new Error('ENOTFOUND');
  return a;
};

let t: TestApp;
let api: Api;
let rx: Receiver;
beforeAll(async () => {
  t = await createTestApp(
    { NODE_ENV: 'production', APP_URL: 'https://wapi.example', SIMULATOR: 'true' },
    { phones: true, resolveHost },
  );
  ({ api } = await customer(t));
  rx = await new Receiver().start();
});
afterAll(async () => {
  await t.close();
  await rx.stop();
});

const REFUSED = [
  'http://127.0.0.1/hook',
  'http://localhost/hook',
  'http://[::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.1/',
  'http://172.16.5.4/',
  'http://192.168.1.10/',
  'http://100.64.0.1/',
  'http://0.0.0.0/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0177.0.0.1/',
  'http://127.1/',
  'http://[fd00:ec2::254]/',
  // IPv6 forms that carry a private IPv4 address: translated, NAT64, 6to4, Teredo, compat.
  'http://[::ffff:0:10.0.0.1]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[2002:a00:1::1]/',
  'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
  'http://[::10.0.0.1]/',
  'http://rebind.example.com/hook',
  'http://metadata.example.com/',
  'http://mixed.example.com/',
  'http://v6loop.example.com/',
  'http://nowhere.example.com/',
  'http://metadata.google.internal/',
  'ftp://hooks.example.com/',
  'http://user:pass@hooks.example.com/',
];

describe('webhook addresses outside development mode', () => {
  it.each(REFUSED)('refuses %s with a clear 4xx', async (url) => {
    const res = await api.post('/setWebhook', { webhook: url });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('VALIDATION');
    expect((await api.get('/product')).body.webhook).toBe('');
  });

  it("accepts a public address, and refuses internal ones for a phone's own webhook too", async () => {
    expect((await api.post('/setWebhook', { webhook: 'https://hooks.example.com/in' })).status).toBe(200);
    const id = (await api.get('/addSandbox')).body.addedPhone.id;
    expect((await api.post(`/${id}/config`, { webhook: 'http://169.254.169.254/' })).status).toBe(422);
    expect((await api.post(`/${id}/config`, { webhook: 'http://hooks.example.com/phone' })).status).toBe(200);
  });

  it("refuses internal addresses in the console's webhook check", async () => {
    const { agent } = await customer(t);
    const res = await agent.postForm('/api/wapi/live/checkWebhook', { webhook: rx.url });
    expect(res.status).toBe(422);
    expect(rx.received).toHaveLength(0);
  });

  it('checks again at delivery time: a stored internal address is never contacted', async () => {
    const hostname = new URL(rx.url);
    for (const url of [rx.url, `http://localhost:${hostname.port}/hook`]) {
      const row = await t.db
        .insert(webhookDeliveries)
        .values({
          eventId: `evt_${Math.random()}`,
          pid: api.pid,
          phoneId: null,
          kind: 'message',
          url,
          payload: { x: 1 },
          nextAttemptAt: 0,
          createdAt: 0,
        })
        .returning()
        .get();
      const ok = await attemptDelivery(
        { db: t.db, config: t.config, now: () => t.clock.now, cache: t.cache },
        nodePoster({ allowPrivate: false }),
        row!,
      );
      expect(ok).toBe(false);
    }
    expect(rx.received).toHaveLength(0);
  });

  it('does not follow a redirect to an internal address', async () => {
    const res = await nodePoster({ allowPrivate: true })(rx.url, '{}', {});
    expect(res.status).toBe(200);
    rx.script = [302];
    const redirected = await nodePoster({ allowPrivate: true })(rx.url, '{}', {});
    expect(redirected.status).toBe(302);
    expect(rx.received).toHaveLength(2);
  });

  it('allows local receivers in development mode only', async () => {
    await expect(
      checkWebhookUrl('http://127.0.0.1:9/x', { allowPrivate: true, resolve: resolveHost }),
    ).resolves.toBeInstanceOf(URL);
    await expect(
      checkWebhookUrl('http://127.0.0.1:9/x', { allowPrivate: false, resolve: resolveHost }),
    ).rejects.toThrow(/private/);
  });

  it('refuses internal media URLs when sending', async () => {
    const id = (await api.get('/listPhones')).body.find((p: { data: { sandbox: boolean } }) => p.data.sandbox).id;
    const res = await api.post(`/${id}/sendMessage`, {
      to_number: '905301234567',
      type: 'media',
      message: 'http://169.254.169.254/latest/meta-data/iam',
    });
    expect(res.status).toBe(400);
  });
});
