import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config';
import { createCaches } from '../../src/services/cache';
import type { ServiceCtx } from '../../src/services/context';
import { postNudge } from '../../src/adapters/runners/nudge-post';
import { nudgeHolder, validNudge } from '../../src/services/runners/nudge';

const SECRET = 'wake-secret-0123456789';
let server: Server | undefined;
afterEach(() => void server?.close());

/** A runner's /wake that answers whether it hosts the phone, and checks the signature. */
async function runnerFace(hosted: boolean, ctx: ServiceCtx) {
  const seen: number[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', async () => {
      const { phone_id: id, at } = JSON.parse(body) as { phone_id: number; at: number };
      const signed = await validNudge(ctx, id, at, String(req.headers['x-wapi-wake-signature']));
      seen.push(signed ? id : -id);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, hosted }));
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function context(): ServiceCtx {
  const config = parseConfig({ DATABASE_URL: ':memory:', LOG_LEVEL: 'silent', WAKE_SECRET: SECRET });
  return { db: undefined as never, config, now: Date.now, cache: createCaches() };
}

describe('wake-up nudges', () => {
  it('post a signed nudge to the cached holder, and keep its address while it hosts the phone', async () => {
    const ctx = context();
    const face = await runnerFace(true, ctx);
    ctx.cache.nudgeHolders.set(7, { value: face.url, until: Date.now() + 60_000 });
    await nudgeHolder(ctx, 7, postNudge);
    expect(face.seen).toEqual([7]);
    expect(ctx.cache.nudgeHolders.get(7)?.value).toBe(face.url);
  });

  it('forget the address when the runner answers that it does not host the phone (its lease moved)', async () => {
    const ctx = context();
    const face = await runnerFace(false, ctx);
    ctx.cache.nudgeHolders.set(7, { value: face.url, until: Date.now() + 60_000 });
    await nudgeHolder(ctx, 7, postNudge);
    expect(face.seen).toEqual([7]);
    expect(ctx.cache.nudgeHolders.has(7)).toBe(false);
  });
});
