/**
 * The Cloudflare Worker entry under `wrangler dev` (the real workerd runtime, offline):
 * - with DATABASE_URL pointing at a local Hrana server (tests/support/hrana-server.ts) on a migrated
 *   database file: health, the SPA shell, the 404 shell, a built asset, register + current user,
 *   the messaging API (its MCP endpoint too), subscriptions, and live chat (inbox, analytics, the event stream);
 * - without DATABASE_URL: every request answers 503 NOT_CONFIGURED and the runtime stays up.
 */
import { createClient } from '@libsql/client/web';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { migrateDb } from '../../db/migrate';
import type { ViteManifest } from '../../src/ssr/assets';
import { startHranaServer, type HranaServer } from '../support/hrana-server';
import { freePort } from './support/server';

const MANIFEST = 'dist/web/.vite/manifest.json';
const NOT_CONFIGURED_MESSAGE =
  'DATABASE_URL is not set: configure a libSQL database (libsql:// or https://) for the Worker.';

interface Wrangler {
  url: string;
  child: ChildProcess;
  output: () => string;
  startMs: number;
}

let dir: string;
let hrana: HranaServer;
let withDb: Wrangler;
let noDb: Wrangler;
let badConfig: Wrangler;
const started: ChildProcess[] = [];

/** `wrangler dev` on a free port, offline and quiet, with only the given variables (no .dev.vars, no .env). */
async function startWrangler(vars: Record<string, string>): Promise<Wrangler> {
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const envFile = join(dir, `empty-${port}.env`);
  writeFileSync(envFile, '');
  const args = ['node_modules/wrangler/bin/wrangler.js', 'dev', '--port', String(port), '--ip', '127.0.0.1'];
  args.push('--inspector-port', String(inspectorPort), '--env-file', envFile, '--show-interactive-dev-session=false');
  // Each instance keeps its local state apart: three started at once on one state directory can
  // find workerd's own SQLite locked (SQLITE_BUSY) and fail to start.
  args.push('--persist-to', join(dir, `state-${port}`));
  for (const [k, v] of Object.entries(vars)) args.push('--var', `${k}:${v}`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CI: 'true',
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false', // no request to workers.cloudflare.com for Request.cf
    WRANGLER_LOG_PATH: join(dir, 'wrangler-logs'),
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_AUTH_TOKEN;
  const t0 = Date.now();
  // Its own process group, so afterAll can stop wrangler and its workerd children together.
  const child = spawn(process.execPath, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}:\n${out}`);
    if (Date.now() > deadline) throw new Error(`wrangler dev did not answer within 45 s:\n${out}`);
    try {
      await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) }); // any answer means it is up
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { url, child, output: () => out, startMs: Date.now() - t0 };
}

function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return resolve();
    const kill = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      clearTimeout(kill);
      resolve();
    }
  });
}

/** Cookies from Set-Cookie headers, merged into a jar. */
function absorb(jar: Map<string, string>, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

beforeAll(async () => {
  if (!existsSync(MANIFEST)) execFileSync('npm', ['run', 'build'], { stdio: 'inherit', timeout: 120_000 });
  dir = mkdtempSync(join(tmpdir(), 'wapi-worker-'));
  hrana = await startHranaServer({ url: `file:${join(dir, 'worker.db')}` });
  await migrateDb(createDb(createClient({ url: hrana.url })));
  [withDb, noDb, badConfig] = await Promise.all([
    startWrangler({ DATABASE_URL: hrana.url, LOG_LEVEL: 'warn' }),
    startWrangler({ LOG_LEVEL: 'warn' }),
    startWrangler({ DATABASE_URL: hrana.url, BRAND: 'Not A Slug', LOG_LEVEL: 'warn' }),
  ]);
  console.log(
    `wrangler dev answered after ${withDb.startMs} / ${noDb.startMs} / ${badConfig.startMs} ms (three started in parallel)`,
  );
});

afterAll(async () => {
  await Promise.all(started.map(stopGroup));
  await hrana?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the Worker under wrangler dev, with a libSQL database', () => {
  it('answers /healthz once it reaches the database', async () => {
    const res = await fetch(`${withDb.url}/healthz`);
    expect(res.status, withDb.output()).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
  });

  it('renders the SPA shell with the built assets, and the 404 shell', async () => {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as ViteManifest;
    const entry = Object.values(manifest).find((c) => c.isEntry)!;

    const login = await fetch(`${withDb.url}/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toMatch(/text\/html/);
    const html = await login.text();
    expect(html).toContain('<div id="root">');
    expect(html).toMatch(/<script type="module" src="\/assets\/[^"]+\.js"><\/script>/);
    expect(html).toContain(`src="/${entry.file}"`);

    const missing = await fetch(`${withDb.url}/some-unknown-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/text\/html/);
    expect(await missing.text()).toContain('<div id="root">');
  });

  it('serves built files under /assets/ from the assets binding', async () => {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as ViteManifest;
    const entry = Object.values(manifest).find((c) => c.isEntry)!;
    const res = await fetch(`${withDb.url}/${entry.file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('x-request-id')).toBeNull(); // answered before the Worker's code runs
    expect(await res.text()).toBe(readFileSync(join('dist/web', entry.file), 'utf8'));
  });

  it('serves the widget scripts to any origin from the assets binding', async () => {
    const res = await fetch(`${withDb.url}/widgets/chat-button.js`, { headers: { origin: 'https://shop.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d{5,}/);
    expect(await res.text()).toBe(readFileSync('dist/web/widgets/chat-button.js', 'utf8'));
  });

  it('registers through the Worker and knows the user by their session cookie', async () => {
    const jar = new Map<string, string>();
    absorb(jar, await fetch(`${withDb.url}/login`));
    expect(jar.get('wapi_csrf')).toBeTruthy();

    const email = `worker${Date.now()}@example.com`;
    const reg = await fetch(`${withDb.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': jar.get('wapi_csrf')!, cookie: cookieHeader(jar) },
      body: JSON.stringify({ email, password: 'Str0ng#Pass' }),
    });
    const regBody = await reg.text();
    expect(reg.status, `${regBody}\n${withDb.output()}`).toBe(200);
    expect(JSON.parse(regBody)).toMatchObject({ success: true, data: { email } });
    absorb(jar, reg);
    expect(jar.get('wapi_session')).toBeTruthy();

    const user = await fetch(`${withDb.url}/api/auth/user`, { headers: { cookie: cookieHeader(jar) } });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ success: true, data: { email, isAuthenticated: true } });

    // It really is in the database behind the Hrana server.
    const rows = await createClient({ url: hrana.url }).execute({
      sql: 'SELECT email FROM users WHERE email = ?',
      args: [email],
    });
    expect(rows.rows).toHaveLength(1);
  });
});

describe('the /button settings on the Worker', () => {
  it('saves them to the account and reads them back; a bad body is a 422', async () => {
    const jar = new Map<string, string>();
    absorb(jar, await fetch(`${withDb.url}/login`));
    const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const res = await fetch(`${withDb.url}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': jar.get('wapi_csrf')!,
          cookie: cookieHeader(jar),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      absorb(jar, res);
      return { status: res.status, body: (await res.json()) as { settings?: unknown; error?: { code: string } } };
    };
    await call('POST', '/api/auth/register', { email: `button${Date.now()}@example.com`, password: 'Str0ng#Pass' });
    const settings = {
      countryCode: '+90',
      phone: '5551234567',
      message: 'Hi',
      messageDesktop: true,
      messageMobile: true,
      design: 'small',
      text: 'Ask us',
      display: 'both',
      positionMobile: 'left',
      positionDesktop: 'right',
      offsetBottom: 96,
    };
    expect((await call('POST', '/api/wapi/buttonSettings', settings)).status, withDb.output()).toBe(200);
    expect((await call('GET', '/api/wapi/buttonSettings')).body.settings).toEqual(settings);
    const bad = await call('POST', '/api/wapi/buttonSettings', { ...settings, offsetBottom: -1 });
    expect([bad.status, bad.body.error?.code]).toEqual([422, 'VALIDATION']);
  });
});

describe('the messaging API on the Worker (no runner at the edge: rows wait for a Node runner)', () => {
  it('adds a phone, queues a message, renders the screen image and serves the OpenAPI document and the Postman collection', async () => {
    const jar = new Map<string, string>();
    absorb(jar, await fetch(`${withDb.url}/login`));
    const reg = await fetch(`${withDb.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': jar.get('wapi_csrf')!, cookie: cookieHeader(jar) },
      body: JSON.stringify({ email: `edge${Date.now()}@example.com`, password: 'Str0ng#Pass' }),
    });
    absorb(jar, reg);
    const { product } = (await (
      await fetch(`${withDb.url}/api/wapi/product`, { headers: { cookie: cookieHeader(jar) } })
    ).json()) as { product: { id: string; settings: { wapi_token: string } } };
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${withDb.url}/api/${product.id}${path}`, {
        ...init,
        headers: { 'x-api-key': product.settings.wapi_token, 'content-type': 'application/json', ...init.headers },
      });

    const added = await api('/addPhone', { method: 'POST', body: '{}' });
    expect(added.status, withDb.output()).toBe(200);
    const { id } = (await added.json()) as { id: number };
    expect(((await (await api('/listPhones')).json()) as { id: number; status: string }[])[0]).toMatchObject({
      id,
      status: 'creating...',
    });
    const sent = await api(`/${id}/sendMessage`, {
      method: 'POST',
      body: JSON.stringify({ to_number: '905301234567', message: 'from the edge' }),
    });
    expect(sent.status).toBe(200);
    expect(await (await api(`/${id}/queue`)).json()).toEqual({ success: true, queue: 1, stats: { sending: 1 } });
    // Ban protection on the Worker: on by default (migration 0022's trigger), set and validated as on Node.
    expect(await (await api(`/${id}/protection`)).json()).toMatchObject({
      success: true,
      protection: { enabled: true, ramp_start: 20, on_limit: 'hold', budgets: { new_chats: { used: 0 } }, held: 0 },
    });
    const refuse = await api(`/${id}/protection`, { method: 'POST', body: JSON.stringify({ on_limit: 'refuse' }) });
    expect(refuse.status, withDb.output()).toBe(200);
    expect(((await refuse.json()) as { protection: { on_limit: string } }).protection.on_limit).toBe('refuse');
    const bad = await api(`/${id}/protection`, { method: 'POST', body: JSON.stringify({ ramp_start: -1 }) });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { success: boolean }).success).toBe(false);
    // The opt-out list on the Worker (issue 41): add (invalid ones reported), list, words, DELETE.
    const optAdd = await api('/optouts', {
      method: 'POST',
      body: JSON.stringify({ numbers: ['+90 530 123 4567', 'x'] }),
    });
    expect(optAdd.status, withDb.output()).toBe(200);
    expect(await optAdd.json()).toMatchObject({ added: ['905301234567'], already: [], invalid: [{ number: 'x' }] });
    expect(await (await api('/optouts')).json()).toMatchObject({
      data: [{ number: '905301234567', source: 'api', phone_id: null }],
      next_cursor: null,
    });
    const words = await api('/optouts/settings', { method: 'POST', body: JSON.stringify({ words: ['DUR'] }) });
    expect(await words.json()).toMatchObject({ words: ['dur'], built_in: ['stop', 'unsubscribe'] });
    expect(
      (await api('/optouts/settings', { method: 'POST', body: JSON.stringify({ words: ['x'.repeat(31)] }) })).status,
    ).toBe(422);
    expect(await (await api('/optouts/905301234567', { method: 'DELETE' })).json()).toMatchObject({ removed: true });
    // An Idempotency-Key's record commits with its message in one batch over the remote libSQL too.
    const keyed = () =>
      api(`/${id}/sendMessage`, {
        method: 'POST',
        headers: { 'idempotency-key': 'edge-1' },
        body: JSON.stringify({ to_number: '905301234567', message: 'once from the edge' }),
      });
    const [first, again] = [await keyed(), await keyed()];
    expect(first.status).toBe(200);
    expect(((await again.json()) as { data: { msgId: string } }).data.msgId).toBe(
      ((await first.json()) as { data: { msgId: string } }).data.msgId,
    );
    // The MCP endpoint on the Worker: the same web-standard transport, the same token.
    const mcp = await api('/mcp', {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status, withDb.output()).toBe(200);
    const listed = (await mcp.json()) as {
      result: { tools: { name: string; annotations: { readOnlyHint: boolean } }[] };
    };
    expect(listed.result.tools.map((t) => t.name).sort()).toEqual([
      'add_optouts',
      'cancel_campaign',
      'check_number',
      'create_campaign',
      'get_campaign',
      'list_campaigns',
      'list_conversations',
      'list_optouts',
      'list_phones',
      'pause_campaign',
      'phone_status',
      'read_conversation',
      'remove_optout',
      'resume_campaign',
      'search_messages',
      'send_message',
    ]);
    const call = await api('/mcp', {
      method: 'POST',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'list_conversations', arguments: { phone_id: String(id) } },
      }),
    });
    expect(((await call.json()) as { result: { isError?: boolean; structuredContent: unknown } }).result).toMatchObject(
      { structuredContent: { success: true, data: [] } },
    );
    expect(
      (
        await fetch(`${withDb.url}/api/${product.id}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'wrong' },
          body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        })
      ).status,
    ).toBe(401);
    const screen = await api(`/${id}/screen`);
    expect(screen.status).toBe(200);
    expect(screen.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await screen.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const doc = (await (await fetch(`${withDb.url}/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/{phone_id}/sendMessage']).toBeTruthy();
    // The Postman collection through the Worker: it saves the settings first and restores them last.
    expect(await (await api('/product')).json()).toMatchObject({ partner: false });
    const postman = await fetch(`${withDb.url}/api/wapi/postman?phone_id=${id}`, {
      headers: { cookie: cookieHeader(jar) },
    });
    expect(postman.status).toBe(200);
    const folders = ((await postman.json()) as { item: { name: string; item: { name: string }[] }[] }).item;
    expect(folders[0]!.name).toMatch(/^Before the run/);
    expect(
      folders
        .at(-1)!
        .item.map((i) => i.name)
        .slice(-3),
    ).toEqual(["setName – restore the phone's name", 'setAckPreference – restore', 'setWebhook – restore']);
  });
});

describe('subscriptions on the Worker (the sandbox checkout and its events over a remote libSQL)', () => {
  it('starts a trial, buys a package with the succeeding card, and the product carries the new limits', async () => {
    const jar = new Map<string, string>();
    absorb(jar, await fetch(`${withDb.url}/login`));
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${withDb.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': jar.get('wapi_csrf')!,
          cookie: cookieHeader(jar),
        },
        body: JSON.stringify(body),
      });
      absorb(jar, res);
      return { status: res.status, body: (await res.json()) as any };
    };
    await post('/api/auth/register', { email: `billing${Date.now()}@example.com`, password: 'Str0ng#Pass' });
    expect((await post('/api/wapi/createFreeTrial', { type: 'wapi-trial-api' })).status, withDb.output()).toBe(200);
    const link = await post('/api/wapi/custompaddlelink', { plan_id: '569723', quantity: 2 });
    expect(link.status, withDb.output()).toBe(200);
    expect((await fetch(`${withDb.url}${link.body.data.response.url}`)).status).toBe(200);
    const paid = await post(`/api/sandbox/checkout/${link.body.data.response.checkout_id}/pay`, {
      card: '4242 4242 4242 4242',
    });
    expect(paid.status, withDb.output()).toBe(200);
    const { product } = (await (
      await fetch(`${withDb.url}/api/wapi/product`, { headers: { cookie: cookieHeader(jar) } })
    ).json()) as any;
    // The purchase ended the trial (issue 22): no trial seat beside the two bought.
    expect(product.trial).toBe(false);
    expect(product.settings.phone_limit).toBe(2);
    expect(product.activeSubs.map((s: any) => s.data.subscription_plan_id)).toEqual(['569723']);
  });
});

describe('live chat on the Worker (the inbox, analytics and the event stream over a remote libSQL)', () => {
  it('lists the inbox, answers an analytics query and opens the event stream with its ready event', async () => {
    const jar = new Map<string, string>();
    absorb(jar, await fetch(`${withDb.url}/login`));
    const headers = () => ({
      'content-type': 'application/json',
      'x-csrf-token': jar.get('wapi_csrf')!,
      cookie: cookieHeader(jar),
    });
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${withDb.url}${path}`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify(body),
      });
      absorb(jar, res);
      return { status: res.status, body: (await res.json()) as any };
    };
    await post('/api/auth/register', { email: `live${Date.now()}@example.com`, password: 'Str0ng#Pass' });
    expect((await post('/api/wapi/createFreeTrial', { type: 'wapi-trial-live' })).status, withDb.output()).toBe(200);
    const link = await post('/api/wapi/custompaddlelink', { plan_id: 'wapi-agent', quantity: 1, isVat: false });
    expect(link.status, withDb.output()).toBe(200);
    expect(
      (await post(`/api/sandbox/checkout/${link.body.data.response.checkout_id}/pay`, { card: '4242 4242 4242 4242' }))
        .status,
    ).toBe(200);

    const inbox = await fetch(`${withDb.url}/api/live/conversations`, { headers: { cookie: cookieHeader(jar) } });
    expect(inbox.status, withDb.output()).toBe(200);
    expect(await inbox.json()).toMatchObject({ success: true, data: [] });

    const chart = await post('/api/wapi/analytics', { name: 'chartInfo', data: {} });
    expect(chart.status, withDb.output()).toBe(200);
    expect(chart.body.success).toBe(true);

    const stop = new AbortController();
    const stream = await fetch(`${withDb.url}/api/live/events`, {
      headers: { cookie: cookieHeader(jar) },
      signal: stop.signal,
    });
    expect(stream.status, withDb.output()).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!/event: ready/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toMatch(/event: ready/);
    stop.abort();
  });
});

describe('the Worker under wrangler dev, without DATABASE_URL', () => {
  it('answers 503 NOT_CONFIGURED, naming the variable, and stays up', async () => {
    for (const path of ['/healthz', '/login', '/api/auth/user']) {
      const res = await fetch(`${noDb.url}${path}`);
      expect(res.status, noDb.output()).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await res.json()) as {
        success: boolean;
        message: string;
        error: { code: string; message: string; requestId: string };
      };
      expect(body).toMatchObject({
        success: false,
        message: NOT_CONFIGURED_MESSAGE,
        error: { code: 'NOT_CONFIGURED', message: NOT_CONFIGURED_MESSAGE },
      });
      expect(body.error.requestId).toBeTruthy();
    }
    expect(noDb.child.exitCode).toBeNull();
    expect((await fetch(`${noDb.url}/healthz`)).status).toBe(503);
  });

  it('still serves the built assets', async () => {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as ViteManifest;
    const entry = Object.values(manifest).find((c) => c.isEntry)!;
    expect((await fetch(`${noDb.url}/${entry.file}`)).status).toBe(200);
  });
});

describe('the Worker under wrangler dev, with an invalid variable', () => {
  it('answers 503 NOT_CONFIGURED with the configuration error, which names the variable', async () => {
    const res = await fetch(`${badConfig.url}/login`);
    expect(res.status, badConfig.output()).toBe(503);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('NOT_CONFIGURED');
    expect(body.error.message).toMatch(/BRAND: must be a lowercase slug/);
    expect(badConfig.child.exitCode).toBeNull();
  });
});
