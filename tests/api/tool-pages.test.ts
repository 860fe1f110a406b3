/** The free tools needing no phone are public, indexable pages (spec 2.11): real HTML before any script. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/shared/routes';
import { TOOL_NAV } from '../../src/shared/tool-names';
import { TOOL_PAGES } from '../../src/shared/tool-pages';
import { TOOLS_INDEX } from '../../src/shared/tools-index';
import { TOOL_COMPONENTS } from '../../widgets/src/tools';
import { registered } from '../support/agent';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

describe('public tool pages', () => {
  it('has one page text and one component for every public tool route, and no other', () => {
    const toolRoutes = ROUTES.filter((r) => r.layout === 'tools' && r.path !== '/tools');
    expect(toolRoutes.map((r) => r.path).sort()).toEqual(Object.keys(TOOL_PAGES).sort());
    for (const r of toolRoutes) {
      expect(r.access).toBe('public');
      expect(TOOL_COMPONENTS[TOOL_PAGES[r.path]!.tool]).toBeTypeOf('function');
      expect(r.title).toBe(TOOL_PAGES[r.path]!.title);
    }
  });

  it('answers an anonymous visitor with title, description, canonical, Open Graph, heading and text in the HTML', async () => {
    const res = await t.app.request('/tools/vcardmaker');
    expect(res.status).toBe(200);
    const html = await res.text();
    const page = TOOL_PAGES['/tools/vcardmaker']!;
    expect(html).toContain('<title>VCard Maker · Wapi</title>');
    expect(html).toContain(`<meta name="description" content="${page.description}">`);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/tools\/vcardmaker">/);
    expect(html).toContain('<meta property="og:title" content="VCard Maker">');
    expect(html).toMatch(/<meta property="og:url" content="http:\/\/[^"]+\/tools\/vcardmaker">/);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('<h1>VCard Maker</h1>');
    expect(root).toContain('lower the risk of being blocked in mass messaging');
    expect(root).toContain('<a href="/register">Sign up</a>');
    expect(root).toContain('curl -X POST');
  });

  it("points the alias at the tool's own address", async () => {
    expect(await (await t.app.request('/tools/qr-code-generator')).text()).toMatch(
      /rel="canonical" href="[^"]+\/tools\/whatsapp-qr-code-generator"/,
    );
  });

  it('answers /tools with the list of the nine tools, not one of them (issue 38)', async () => {
    const html = await (await t.app.request('/tools')).text();
    expect(html).toContain('<title>Free Tools · Wapi</title>');
    expect(html).toMatch(/rel="canonical" href="[^"]+\/tools">/);
    expect(html).toContain(`<meta name="description" content="${TOOLS_INDEX.description}">`);
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('<h1>Free Tools</h1>');
    const links = [...root.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual(TOOL_NAV.map((n) => [n.path, n.name]));
    // The four that work through a phone are marked: visitors are asked to log in there.
    expect(TOOLS_INDEX.links.filter((l) => l.needsPhone).map((l) => l.path)).toEqual([
      '/tools/warmingup',
      '/tools/get-whatsapp-profile-picture',
      '/tools/whatsapp-check-numbers',
      '/tools/multi-whatsapp-check-numbers',
    ]);
  });

  it('serves every public tool page to visitors and users alike, and keeps /button private', async () => {
    for (const path of Object.keys(TOOL_PAGES)) expect((await t.app.request(path)).status, path).toBe(200);
    const { agent } = await registered(t);
    expect((await agent.get('/tools/json-escape-unescape')).status).toBe(200);
    expect((await t.app.request('/button')).status).toBe(302);
    expect((await agent.get('/button')).status).toBe(200);
  });

  it('answers every tool address of the spec, aliases included, and no other under /tools', async () => {
    const open = [
      '/tools',
      '/tools/base64encoder',
      '/tools/vcardmaker',
      '/tools/whatsapp-qr-code-generator',
      '/tools/qr-code-generator',
      '/tools/whatsapp-text-formatter',
      '/tools/json-escape-unescape',
    ];
    const needPhone = [
      '/tools/warmingup',
      '/tools/get-whatsapp-profile-picture',
      '/tools/whatsapp-check-numbers',
      '/tools/whatsapp-number-checker',
      '/tools/multi-whatsapp-check-numbers',
    ];
    const { agent } = await registered(t);
    for (const path of open) expect((await t.app.request(path)).status, path).toBe(200);
    for (const path of needPhone) {
      const res = await t.app.request(path);
      expect([res.status, res.headers.get('location')], path).toEqual([
        302,
        `/login?origin=${encodeURIComponent(path)}`,
      ]);
      expect((await agent.get(path)).status, path).toBe(200);
      expect(ROUTES.find((r) => r.path === path)?.area, path).toBeUndefined();
    }
    expect((await t.app.request('/tools/not-a-tool')).status).toBe(404);
    expect((await agent.get('/tools/not-a-tool')).status).toBe(404);
  });

  it('leaves other pages with the console description and an empty root', async () => {
    const html = await (await t.app.request('/login')).text();
    expect(html).toContain('the WhatsApp messaging API console');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('rel="canonical"');
  });
});
