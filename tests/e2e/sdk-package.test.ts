/**
 * `npm pack -w sdk` makes a tarball that installs in a fresh project and works there against a
 * running server (src/node.ts on a fresh database, a phone linked on the simulated network): it sends
 * a message, reads it back, and handles a 422 as a typed WapiError; its declarations type-check a
 * consumer under NodeNext and bundler resolution, and a wrong body does not compile. The official
 * MCP client connects to the same server's /api/{pid}/mcp over real HTTP, and the one-file bundle
 * runs in Chromium.
 * (Runs after `npm run build`, which builds the package. The install is offline and needs nothing in
 * npm's cache: openapi-fetch and its one dependency are packed from this repository's node_modules
 * and installed beside it, so npm never asks the registry.)
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/services/webhooks/sign';
import { launchBrowser } from './support/browser';
import { consumerTsc, RESOLUTIONS } from './support/consumer-tsc';
import { HttpCustomer } from './support/http-api';
import { startServer, type RunningServer } from './support/server';

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });

let server: RunningServer;
let customer: HttpCustomer;
let phone: number;

beforeAll(async () => {
  if (!existsSync('sdk/dist/index.js'))
    execFileSync('npm', ['run', 'build', '-w', 'sdk'], { stdio: 'inherit', timeout: 120_000 });
  server = await startServer();
  customer = await new HttpCustomer(server.url).register();
  phone = await customer.addLinkedPhone('905300000001');
});
afterAll(async () => {
  await server?.stop();
});

describe('@wapi/client package', () => {
  it('serves MCP over real HTTP: the official client lists the tools, sends and reads the conversation', async () => {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/api/${customer.pid}/mcp`), {
        requestInit: { headers: { 'x-api-key': customer.token } },
      }),
    );
    const { tools } = await client.listTools();
    expect(server.output()).not.toMatch(/error/i);
    expect(tools.map((x) => x.name)).toContain('send_message');
    const sent = await client.callTool({
      name: 'send_message',
      arguments: { phone_id: String(phone), to_number: '905301234563', message: 'from an agent' },
    });
    const { msgId } = JSON.parse((sent.content as { text: string }[])[0]!.text) as { msgId: string };
    const read = await client.callTool({
      name: 'read_conversation',
      arguments: { phone_id: String(phone), conversation_id: '905301234563@c.us' },
    });
    const page = JSON.parse((read.content as { text: string }[])[0]!.text) as {
      data: { messages: { id: string; text?: string }[] };
    };
    expect(page.data.messages[0]).toMatchObject({ id: msgId, text: 'from an agent' });
    await client.close();
  });

  it('packs, installs offline in a fresh project, sends, reads back and types a 422 (import and require), and type-checks under NodeNext and Bundler', async () => {
    const t0 = Date.now();
    const dir = mkdtempSync(join(tmpdir(), 'wapi-sdk-'));
    const [packed] = JSON.parse(npm(['pack', '-w', 'sdk', '--json', '--pack-destination', dir], process.cwd())) as {
      filename: string;
      files: { path: string }[];
    }[];
    const files = packed!.files.map((f) => f.path);
    for (const f of [
      'package.json',
      'README.md',
      'LICENSE',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/openapi.d.ts',
      'dist/webhooks.js',
      'dist/wapi-client.min.js',
      'dist/index.cjs',
    ])
      expect(files).toContain(f);
    expect(files.some((f) => f.startsWith('src/') || f.startsWith('scripts/'))).toBe(false);

    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fresh', private: true, type: 'module' }));
    const deps = ['openapi-fetch', 'openapi-typescript-helpers'].map((name) => {
      const [dep] = JSON.parse(
        npm(
          ['pack', '--ignore-scripts', '--json', '--pack-destination', dir, resolve('node_modules', name)],
          process.cwd(),
        ),
      ) as { filename: string }[];
      return join(dir, dep!.filename);
    });
    npm(['install', '--offline', ...deps, join(dir, packed!.filename.replace(/^@wapi\//, 'wapi-'))], project);

    writeFileSync(
      join(project, 'check.mjs'),
      `import { createWapiClient, WapiError, isWapiError } from '@wapi/client';
import * as bundle from '@wapi/client/bundle';
import { verifyWebhook } from '@wapi/client/webhooks';
const [baseUrl, productId, token, phoneId] = process.argv.slice(2);
const wapi = createWapiClient({ baseUrl, productId, token });
const phones = await wapi.listPhones();
const msgId = await wapi.sendMessage(phoneId, { to_number: '905301234561', type: 'text', message: 'from the packed SDK' });
let read;
for (let i = 0; i < 100 && !read; i++) {
  const chat = await wapi.getConversation(phoneId, '905301234561@c.us');
  read = chat.messages.find((m) => m.id === msgId);
  if (!read) await new Promise((r) => setTimeout(r, 100));
}
await wapi.sendMessage(phoneId, { to_number: '905301234561', message: 'keyed' }, { idempotencyKey: 'pack-1' });
let failure;
try {
  await wapi.sendMessage(phoneId, { to_number: '905301234561', message: 'another body' }, { idempotencyKey: 'pack-1' });
} catch (err) {
  failure = { typed: err instanceof WapiError && isWapiError(err), status: err.status, code: err.code };
}
console.log(JSON.stringify({ phones: phones.map((p) => p.id), msgId, read, failure, bundle: typeof bundle.createWapiClient, verify: typeof verifyWebhook }));`,
    );
    const out = JSON.parse(
      execFileSync(process.execPath, ['check.mjs', server.url, customer.pid, customer.token, String(phone)], {
        cwd: project,
        encoding: 'utf8',
      }),
    ) as {
      phones: number[];
      msgId: string;
      read?: { id: string; text: string; fromMe: boolean };
      failure?: { typed: boolean; status: number; code: string };
      bundle: string;
      verify: string;
    };
    expect(out.phones).toEqual([phone]);
    expect(out.read).toMatchObject({ id: out.msgId, text: 'from the packed SDK', fromMe: true });
    expect(out.failure).toEqual({ typed: true, status: 422, code: 'VALIDATION' });
    expect([out.bundle, out.verify]).toEqual(['function', 'function']);

    // CommonJS: require() loads the same client (dist/index.cjs, by the package's require condition).
    writeFileSync(
      join(project, 'check.cjs'),
      `const { createWapiClient, WapiError } = require('@wapi/client');
const { verifyWebhook } = require('@wapi/client/webhooks');
const [baseUrl, productId, token] = process.argv.slice(2);
createWapiClient({ baseUrl, productId, token })
  .listPhones()
  .then((phones) => console.log(JSON.stringify({ phones: phones.map((p) => p.id), error: typeof WapiError, verify: typeof verifyWebhook })));`,
    );
    const required = JSON.parse(
      execFileSync(process.execPath, ['check.cjs', server.url, customer.pid, customer.token], {
        cwd: project,
        encoding: 'utf8',
      }),
    ) as unknown;
    expect(required).toEqual({ phones: [phone], error: 'function', verify: 'function' });

    // The declarations type a TypeScript project on Node's own resolution and on a bundler's; a wrong
    // body or message type is a compile error there.
    writeFileSync(
      join(project, 'check.ts'),
      `import { createWapiClient, WapiError, type Phone, type SendMessageBody } from '@wapi/client';
import { verifyWebhook } from '@wapi/client/webhooks';
const wapi = createWapiClient({ baseUrl: 'https://wapi.example', productId: 'p', token: 't' });
const body: SendMessageBody = { to_number: '905301234567', type: 'location', latitude: 41, longitude: 29 };
export const id: Promise<string> = wapi.sendMessage(1, body, { idempotencyKey: 'k' });
export const phones: Promise<Phone[]> = wapi.listPhones();
export const status = wapi.api.GET('/{phone_id}/status', { params: { path: { phone_id: '1' } } }).then((r) => r.data?.status.loggedIn);
export const ok: Promise<boolean> = verifyWebhook({ secret: 'whsec_x', headers: {}, body: '' });
export const isError = (e: unknown) => e instanceof WapiError && e.code === 'VALIDATION';`,
    );
    writeFileSync(
      join(project, 'wrong.ts'),
      `import { createWapiClient } from '@wapi/client';
const wapi = createWapiClient({ baseUrl: 'https://wapi.example', productId: 'p', token: 't' });
export const a = wapi.sendMessage(1, { to_number: '905301234567', type: 'txt', message: 'hi' });
export const b = wapi.sendMessage(1, { to_number: '905301234567', message: 'hi', colour: 'red' });`,
    );
    for (const [module, resolution] of RESOLUTIONS) {
      const args = consumerTsc(module, resolution);
      // One compiler run per resolution: check.ts must compile clean, and wrong.ts fail on its two wrong lines only.
      const run = spawnSync(process.execPath, [...args, 'check.ts', 'wrong.ts'], { cwd: project, encoding: 'utf8' });
      const errors = run.stdout.split('\n').filter((l) => /error TS\d+/.test(l));
      expect(run.status, resolution).not.toBe(0);
      expect(
        errors.filter((l) => !l.startsWith('wrong.ts(')),
        `${resolution}: ${run.stdout}`,
      ).toEqual([]);
      expect([...new Set(errors.map((l) => /^wrong\.ts\((\d+),/.exec(l)?.[1]))], resolution).toEqual(['3', '4']);
    }
    console.log(
      `packed, installed and checked in ${Date.now() - t0} ms; tarball ${packed!.filename}, ${readFileSync(join(dir, packed!.filename.replace(/^@wapi\//, 'wapi-'))).byteLength} bytes`,
    );
  }, 120_000);

  it('runs in a browser: the one-file bundle lists phones, sends, and checks a webhook signature with Web Crypto', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      // A page of its own origin (localhost: a secure context, as HTTPS would be, so Web Crypto is there): the
      // page and the bundle served here, the API calls passed to the server.
      await page.route('http://localhost:9/**', async (route) => {
        const url = new URL(route.request().url());
        if (url.pathname === '/')
          return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>sdk</title>' });
        if (url.pathname === '/wapi-client.min.js')
          return route.fulfill({
            contentType: 'text/javascript',
            body: readFileSync('sdk/dist/wapi-client.min.js', 'utf8'),
          });
        return route.fulfill({ response: await route.fetch({ url: `${server.url}${url.pathname}${url.search}` }) });
      });
      await page.goto('http://localhost:9/');
      // A module script imports the bundle as a page would (the test's own import() is rewritten by Vitest).
      await page.addScriptTag({
        type: 'module',
        content: "import * as sdk from '/wapi-client.min.js'; window.wapiSdk = sdk;",
      });
      await page.waitForFunction(() => 'wapiSdk' in window);
      const body = JSON.stringify({ type: 'message' });
      const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
      const headers = await signWebhook(secret, 'msg_1', Math.floor(Date.now() / 1000), body);
      const out = await page.evaluate(
        async ({ pid, token, phoneId, secret, headers, body }) => {
          const sdk = (window as unknown as { wapiSdk: typeof import('../../sdk/src/index') }).wapiSdk;
          const wapi = sdk.createWapiClient({ baseUrl: 'http://localhost:9', productId: pid, token });
          const phones = (await wapi.listPhones()).map((p) => p.id);
          const msgId = await wapi.sendMessage(phoneId, { to_number: '905301234565', message: 'from a browser' });
          const error = await wapi
            .getConversation(999999, '905301234565@c.us')
            .catch((e: InstanceType<typeof sdk.WapiError>) => [e instanceof sdk.WapiError, e.status, e.code]);
          return {
            phones,
            msgId,
            error,
            signed: await sdk.verifyWebhook({ secret, headers, body }),
            forged: await sdk.verifyWebhook({ secret, headers, body: body + ' ' }),
          };
        },
        { pid: customer.pid, token: customer.token, phoneId: phone, secret, headers, body },
      );
      expect(out).toMatchObject({ phones: [phone], error: [true, 404, 'NOT_FOUND'], signed: true, forged: false });
      expect(out.msgId).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await browser.close();
    }
  });
});
