import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { parseConfig } from '../../src/config';
import { storedType } from '../../src/services/messages/media-types';
import { CUSTOMER, conv, customerWrites, json, liveAccount } from '../support/live-inbox';
import { customer, eventually, type Api } from '../support/phones';
import { Receiver } from '../support/receiver';
import { createTestApp, type TestApp } from '../support/test-app';

const HTML = '<!doctype html><script>alert(document.domain); fetch("/api/wapi/product")</script>';
const JS = 'alert(1); fetch("/api/wapi/admin/grant", { method: "POST" });';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const SANDBOX = "sandbox; default-src 'none'";

/** A loopback site that serves hostile files with their active types. */
let site: { url: string; server: Server };
beforeAll(async () => {
  const files: Record<string, [string, string]> = {
    '/page.html': ['text/html; charset=utf-8', HTML],
    '/app.js': ['application/javascript', JS],
    '/pic.svg': ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
  };
  const server = createServer((req, res) => {
    const f = files[req.url ?? ''];
    res.writeHead(f ? 200 : 404, { 'content-type': f?.[0] ?? 'text/plain' });
    res.end(f?.[1] ?? 'no');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  site = { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
});
afterAll(() => new Promise<void>((r) => site.server.close(() => r())));

let t: TestApp;
afterEach(() => t?.close());

/** The stored row of a media URL or path. */
async function row(url: string) {
  const id = /\/media\/([0-9a-f-]{36})/.exec(url)![1]!;
  return t.db.select().from(media).where(eq(media.id, id)).get();
}

/** Fetches a media link (absolute or a path) from the app and checks the passive headers every answer carries. */
async function passive(url: string) {
  const res = await t.app.request(new URL(url, 'http://localhost').pathname);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-security-policy')).toBe(SANDBOX);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  return res;
}

/** Sends media from a fresh linked phone and answers the URL the chat's messages give for it. */
async function sendMedia(api: Api, phone: number, message: string, filename?: string): Promise<string> {
  const sent = await api.post(`/${phone}/sendMessage`, {
    to_number: CUSTOMER,
    type: 'media',
    message,
    ...(filename ? { filename } : {}),
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const page = await api.get(`/${phone}/getConversations/${CUSTOMER}@c.us`);
  const m = page.body.data.messages.find((x: { id: string }) => x.id === sent.body.data.msgId);
  expect(m.url).toMatch(/\/media\/[0-9a-f-]{36}$/);
  return m.url as string;
}

describe('stored media never runs as the app', () => {
  it('keeps only passive types: active and unknown types are stored as application/octet-stream', () => {
    for (const active of [
      'text/html',
      'Text/HTML; charset=utf-8',
      'application/xhtml+xml',
      'image/svg+xml',
      'text/xml',
      'application/xml',
      'application/rss+xml',
      'application/javascript',
      'text/javascript',
      'application/ecmascript',
      'text/css',
      'application/json',
      'multipart/x-mixed-replace',
      'application/x-shockwave-flash',
      'application/pdf+html',
      '',
      'nonsense',
      undefined,
    ]) {
      expect(storedType(active), String(active)).toBe('application/octet-stream');
    }
    expect(storedType('IMAGE/PNG; x=1')).toBe('image/png');
    expect(storedType('image/jpg')).toBe('image/jpeg');
    expect(storedType('audio/ogg; codecs=opus')).toBe('audio/ogg');
    expect(storedType('application/pdf')).toBe('application/pdf');
    expect(storedType('text/plain;charset=utf-8')).toBe('text/plain');
  });

  it("a tenant's html and js data URIs are stored as octet-stream and served as sandboxed downloads", async () => {
    t = await createTestApp({}, { phones: true });
    const { api } = await customer(t);
    const phone = await api.addPhone();
    await api.link(phone);
    for (const [uri, filename] of [
      [`data:text/html;base64,${b64(HTML)}`, 'invoice.html'],
      [`data:Text/HTML;charset=utf-8;base64,${b64(HTML)}`, undefined],
      [`data:application/javascript;base64,${b64(JS)}`, 'app.js'],
      [`data:image/svg+xml;base64,${b64('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')}`, undefined],
    ] as const) {
      const url = await sendMedia(api, phone, uri, filename);
      expect((await row(url))!.mime, uri.slice(0, 30)).toBe('application/octet-stream');
      const res = await passive(url);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      if (!filename) expect(res.headers.get('content-disposition')).toContain('filename="file.bin"');
      expect(await res.text()).toBe(
        uri.includes('javascript')
          ? JS
          : uri.includes('svg')
            ? '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'
            : HTML,
      );
    }
    // The chat pane tells the kind by the stored type, not the declared one.
    const page = await api.get(`/${phone}/getConversations/${CUSTOMER}@c.us`);
    expect(
      page.body.data.messages.filter((m: { type: string }) => m.type === 'media').map((m: { mime: string }) => m.mime),
    ).toEqual(Array(4).fill('application/octet-stream'));
  }, 30_000);

  it('shows passive images inline, still sandboxed, and anything else as a download; names in any script do not break it', async () => {
    t = await createTestApp({}, { phones: true });
    const { api } = await customer(t);
    const phone = await api.addPhone();
    await api.link(phone);
    const png = await passive(await sendMedia(api, phone, `data:image/png;base64,${PNG}`, 'фото "1".png'));
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toBe(
      `inline; filename="____ _1_.png"; filename*=UTF-8''${encodeURIComponent('фото "1".png')}`,
    );
    const pdf = await passive(await sendMedia(api, phone, `data:application/pdf;base64,${b64('%PDF-1.4')}`, 'a.pdf'));
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment;/);
    const txt = await passive(await sendMedia(api, phone, `data:text/plain;base64,${b64('hi')}`));
    expect(txt.headers.get('content-disposition')).toMatch(/^attachment; filename="file.txt"/);
  }, 30_000);

  it('a row stored with an active type before this rule is still served as a sandboxed download; a missing one too', async () => {
    t = await createTestApp();
    const { pid } = await customer(t);
    const id = crypto.randomUUID();
    await t.db.insert(media).values({
      id,
      pid,
      phoneId: null,
      mime: 'text/html',
      filename: 'x.html',
      size: HTML.length,
      data: b64(HTML),
      createdAt: t.clock.now,
    });
    const res = await passive(`/media/${id}/x.html`);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    // The page policy (script-src 'self') never replaces the media policy, not even on a 404.
    const missing = await t.app.request(`/media/${crypto.randomUUID()}/x.html`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(SANDBOX);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('html, js and svg downloaded from a URL reach the receiving phone stored as octet-stream', async () => {
    t = await createTestApp({}, { phones: true });
    const { api } = await customer(t);
    const [sender, receiver] = [await api.addPhone(), await api.addPhone()];
    await api.link(sender, '905551110001');
    await api.link(receiver, '905551110002');
    for (const path of ['/page.html', '/app.js', '/pic.svg']) {
      const sent = await api.post(`/${sender}/sendMessage`, {
        to_number: '905551110002',
        type: 'media',
        message: `${site.url}${path}`,
        skip_filter: true,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const url = await eventually(
        async () => {
          const page = await api.get(`/${receiver}/getConversations/905551110001@c.us`);
          return page.body.data?.messages?.find((m: { filename?: string }) => m.filename === path.slice(1))?.url as
            string | undefined;
        },
        10_000,
        `the received ${path}`,
      );
      expect(url.startsWith(`${t.config.publicUrl}/media/`)).toBe(true);
      expect((await row(url))!.mime, path).toBe('application/octet-stream');
      const res = await passive(url);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    }
  }, 40_000);

  it("an agent's html and js files in live chat are stored as octet-stream and served as sandboxed downloads", async () => {
    t = await createTestApp({}, { phones: true });
    const acc = await liveAccount(t);
    const id = await customerWrites(acc, 'send me the invoice');
    for (const [message, filename] of [
      [`data:text/html;base64,${b64(HTML)}`, 'invoice.html'],
      [`data:application/javascript;base64,${b64(JS)}`, 'app.js'],
    ] as const) {
      const sent = await acc.ann.postJson(conv(id, 'send'), { type: 'media', message, filename });
      expect(sent.status).toBe(200);
      const { msgId } = (await json(sent)).data;
      const page = await json(await acc.ann.get(conv(id, 'messages')));
      const m = page.data.messages.find((x: { id: string }) => x.id === msgId);
      expect(m).toMatchObject({ type: 'media', filename, mime: 'application/octet-stream' });
      expect((await row(m.url))!.mime).toBe('application/octet-stream');
      const res = await passive(m.url);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="${filename.replace('.', '\\.')}"`),
      );
    }
  }, 40_000);
});

describe('MEDIA_ORIGIN', () => {
  it('must be an http(s) origin without a path', () => {
    for (const bad of [
      'media.example.com',
      'ftp://media.example.com',
      'https://media.example.com/files',
      'https://media.example.com/?a=1',
      'https://u:p@media.example.com',
    ]) {
      expect(() => parseConfig({ MEDIA_ORIGIN: bad }), bad).toThrow(/MEDIA_ORIGIN: must be an http\(s\) origin/);
    }
    expect(parseConfig({ MEDIA_ORIGIN: 'https://Media.Example.com/' }).MEDIA_ORIGIN).toBe('https://media.example.com');
  });

  it('puts the media links the product hands out on that origin; the console may show them; the answers stay passive', async () => {
    t = await createTestApp({ MEDIA_ORIGIN: 'http://media.localhost:9000' }, { phones: true, webhooks: true });
    const { api } = await customer(t);
    const rx = await new Receiver().start();
    expect((await api.post('/setWebhook', { webhook: rx.url })).status).toBe(200);
    const [sender, receiver] = [await api.addPhone(), await api.addPhone()];
    await api.link(sender, '905551110003');
    await api.link(receiver, '905551110004');
    // Uploaded (API answers, the console's chat pane).
    const url = await sendMedia(api, sender, `data:text/html;base64,${b64(HTML)}`, 'x.html');
    expect(url).toMatch(/^http:\/\/media\.localhost:9000\/media\/[0-9a-f-]{36}$/);
    expect((await passive(url)).headers.get('content-disposition')).toMatch(/^attachment;/);
    // Received (webhooks and the stored incoming message carry the same URL).
    const sent = await api.post(`/${sender}/sendMessage`, {
      to_number: '905551110004',
      type: 'media',
      message: `data:image/png;base64,${PNG}`,
      filename: 'p.png',
    });
    expect(sent.status).toBe(200);
    const received = await eventually(
      async () => {
        const page = await api.get(`/${receiver}/getConversations/905551110003@c.us`);
        return page.body.data?.messages?.find((m: { filename?: string }) => m.filename === 'p.png')?.url as
          string | undefined;
      },
      10_000,
      'the received image',
    );
    expect(received).toMatch(/^http:\/\/media\.localhost:9000\/media\/[0-9a-f-]{36}\/p\.png$/);
    expect((await passive(received)).headers.get('content-disposition')).toMatch(/^inline;/);
    const hook = await eventually(
      async () => rx.of('message').find((r) => r.json.message?.filename === 'p.png'),
      10_000,
      'the webhook',
    );
    expect(hook.json.message.url).toBe(received);
    await rx.stop();
    const csp = (await t.app.request('/login')).headers.get('content-security-policy')!;
    expect(csp).toMatch(/img-src [^;]*http:\/\/media\.localhost:9000/);
    expect(csp).toMatch(/media-src [^;]*http:\/\/media\.localhost:9000/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
  }, 40_000);
});
