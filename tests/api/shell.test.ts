import { beforeEach, describe, expect, it } from 'vitest';
import { Agent, registered } from '../support/agent';
import { OFF_SITE_ORIGINS, ON_SITE_ORIGINS } from '../support/open-redirects';
import { createTestApp, type TestApp } from '../support/test-app';
import { billingProviders } from '../../src/adapters/billing';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

function bootstrap(html: string) {
  const m = /<script type="application\/json" id="wapi-bootstrap">(.*?)<\/script>/.exec(html);
  return JSON.parse(m![1]!);
}

describe('HTML shells', () => {
  it('renders the login shell with title, assets and an anonymous bootstrap', async () => {
    const res = await t.app.request('/login');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Login · Wapi</title>');
    expect(html).toContain('<script type="module" src="/assets/main-abc123.js">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/main-abc123.css">');
    expect(html).toContain('<div id="root"></div>');
    const boot = bootstrap(html);
    expect(boot).toMatchObject({
      user: null,
      product: null,
      config: { brand: 'wapi', googleEnabled: false, mailbox: true },
    });
    expect(boot.csrfToken).toBeTruthy();
  });

  it('embeds the signed-in user and product', async () => {
    const { agent, email } = await registered(t);
    const boot = bootstrap(await (await agent.get('/settings')).text());
    expect(boot.user.email).toBe(email);
    expect(boot.product.id).toMatch(/-/);
    expect(boot.csrfToken).toBe(agent.cookies.get('wapi_csrf'));
  });

  it('redirects anonymous visitors to /login carrying the origin', async () => {
    const res = await t.app.request('/phone-detail/12?tab=chat');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?origin=%2Fphone-detail%2F12%3Ftab%3Dchat');
  });

  it('sends signed-in users from /login to the origin and from /register to /subscription', async () => {
    const { agent } = await registered(t);
    expect((await agent.get('/login?origin=%2Fsettings')).headers.get('location')).toBe('/settings');
    expect((await agent.get('/login?origin=%2Flogin')).headers.get('location')).toBe('/');
    expect((await agent.get('/login?origin=%2F%2Fevil.example')).headers.get('location')).toBe('/');
    expect((await agent.get('/register')).headers.get('location')).toBe('/subscription');
  });

  it('sends a signed-in user from /register to the origin a tool passed on, and off-site forms to /subscription', async () => {
    const { agent } = await registered(t);
    expect((await agent.get('/register?origin=%2Ftools%2Fwarmingup')).headers.get('location')).toBe('/tools/warmingup');
    for (const origin of ['//evil.example/x', '/\\evil.example', 'https://evil.example', '/login']) {
      expect([
        (await agent.get(`/register?origin=${encodeURIComponent(origin)}`)).headers.get('location'),
        origin,
      ]).toEqual(['/subscription', origin]);
    }
  });

  it('keeps a signed-in user on the site: every off-site, backslash, control-character and scheme origin goes to /', async () => {
    const { agent } = await registered(t);
    // The two forms, exactly as sent.
    expect((await agent.get('/login?origin=/%5C127.0.0.1:21799/pwned')).headers.get('location')).toBe('/');
    expect((await agent.get('/login?origin=/%09/host/x')).headers.get('location')).toBe('/');
    for (const origin of OFF_SITE_ORIGINS) {
      const res = await agent.get(`/login?origin=${encodeURIComponent(origin)}`);
      expect([res.status, res.headers.get('location'), origin]).toEqual([302, '/', origin]);
    }
    for (const [origin, to] of ON_SITE_ORIGINS) {
      expect((await agent.get(`/login?origin=${encodeURIComponent(origin)}`)).headers.get('location')).toBe(to);
    }
  });

  it('follows the route table redirects', async () => {
    const { agent } = await registered(t);
    expect((await agent.get('/documentation')).headers.get('location')).toBe('/developers/documentation');
    expect((await agent.get('/settings/token')).headers.get('location')).toBe('/developers/token');
    expect((await agent.get('/settings/subscription')).headers.get('location')).toBe('/subscription');
    expect((await agent.get('/settings/whatever')).headers.get('location')).toBe('/settings');
    expect((await agent.get('/settings/account')).status).toBe(200);
  });

  it('answers unknown pages with the 404 shell', async () => {
    const res = await new Agent(t).get('/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<title>Page not found · Wapi</title>');
  });

  it('escapes the bootstrap so user data cannot break out of the script', async () => {
    const { agent } = await registered(t);
    await agent.postJson('/api/auth/updateInfo', { company: '</script><script>alert(1)</script>' });
    const html = await (await agent.get('/settings')).text();
    expect(html).not.toContain('</script><script>alert(1)');
    expect(bootstrap(html).user.company).toBe('</script><script>alert(1)</script>');
  });

  it('says so when the console has not been built', async () => {
    const { createApp } = await import('../../src/app');
    const app = createApp({
      billing: billingProviders,
      config: t.config,
      db: t.db,
      assets: { manifest: async () => null },
    });
    const res = await app.request('/login');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});
