import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server';

/**
 * The real Node server (src/node.ts) on 127.0.0.1: a client streams a 64 MB body as fast as the
 * socket takes it, counting what it has written when the answer arrives. Once the server has
 * refused the body it stops reading and closes the connection, so the 413 comes before 4 MB.
 */

const TOTAL = 64 * 1024 * 1024;
const CHUNK = 64 * 1024;
const BOUND = 4 * 1024 * 1024;

let server: RunningServer;
let cookie = '';
let csrf = '';

function absorb(res: Response, jar: Map<string, string>) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
  }
}

beforeAll(async () => {
  server = await startServer();
  const jar = new Map<string, string>();
  absorb(await fetch(`${server.url}/api/auth/user`), jar);
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': jar.get('wapi_csrf')!, cookie: header() },
    body: JSON.stringify({ email: `big${Date.now()}@example.com`, password: 'Str0ng#Pass' }),
  });
  expect(res.status).toBe(200);
  absorb(res, jar);
  cookie = header();
  csrf = jar.get('wapi_csrf')!;
});

afterAll(async () => {
  await server?.stop();
});

interface Outcome {
  /** The answer's head and what came of its body before the connection ended. */
  answer: string;
  /** Body bytes handed to the socket when the answer's first bytes arrived. */
  writtenAtAnswer: number;
  /** Body bytes handed to the socket by the time the connection ended (the client keeps writing after the answer). */
  writtenTotal: number;
  /** Whether the server closed the connection (end or reset) within the wait. */
  closed: boolean;
}

/**
 * Streams up to 64 MB to `path` (chunked, or with a declared length), honouring backpressure, and
 * goes on writing after the answer until the server ends the connection.
 */
function stream(path: string, mode: 'chunked' | 'length', opts: { signedIn?: boolean } = {}): Promise<Outcome> {
  const { port, hostname } = new URL(server.url);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(port), hostname);
    let written = 0;
    let writtenAtAnswer = -1;
    let answer = '';
    let finished = false;
    const block = Buffer.alloc(CHUNK, 0x61);
    const frame =
      mode === 'chunked'
        ? Buffer.concat([Buffer.from(`${CHUNK.toString(16)}\r\n`), block, Buffer.from('\r\n')])
        : block;
    const done = (closed: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ answer, writtenAtAnswer, writtenTotal: written, closed });
    };
    // The answer must come and the server must close within this; a client still writing is not closed.
    const timer = setTimeout(() => done(false), 20_000);
    const pump = () => {
      while (!finished && written < TOTAL) {
        written += CHUNK;
        if (!socket.write(frame)) return void socket.once('drain', pump);
      }
      if (!finished && written >= TOTAL && mode === 'chunked') socket.write('0\r\n\r\n');
    };
    socket.on('data', (d: Buffer) => {
      if (writtenAtAnswer < 0) writtenAtAnswer = written;
      answer += d.toString('latin1');
    });
    socket.on('end', () => done(true));
    socket.on('close', () => done(true));
    socket.on('error', () => {
      // A reset after the answer is the server closing; before it, nothing was answered.
      done(writtenAtAnswer >= 0);
    });
    socket.on('connect', () => {
      const head = [
        `POST ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        'Content-Type: application/json',
        mode === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${TOTAL}`,
        ...(opts.signedIn === false ? [] : [`Cookie: ${cookie}`, `X-CSRF-Token: ${csrf}`]),
        '',
        '',
      ].join('\r\n');
      socket.write(head);
      pump();
    });
  });
}

describe('an oversized body', () => {
  it('is answered 413 with Connection: close before a chunked client has written 4 MB, and the connection ends', async () => {
    const out = await stream('/api/auth/updateInfo', 'chunked');
    expect(out.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(out.writtenAtAnswer).toBeGreaterThan(0);
    expect(out.writtenAtAnswer).toBeLessThan(BOUND);
    expect(out.answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(out.closed).toBe(true);
    // Nothing more was read after the answer: the client could not write on.
    expect(out.writtenTotal - out.writtenAtAnswer).toBeLessThan(1024 * 1024);
    expect(out.answer).toContain('"PAYLOAD_TOO_LARGE"');
  });

  it('is answered 413 from its declared length alone, and the connection ends without the body being read', async () => {
    const out = await stream('/api/auth/updateInfo', 'length');
    expect(out.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(out.writtenAtAnswer).toBeLessThan(BOUND);
    expect(out.answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(out.closed).toBe(true);
  });

  it('is not read on after an error answered before it arrived (a chunked upload that is not signed in)', async () => {
    const out = await stream('/api/auth/updateInfo', 'chunked', { signedIn: false });
    expect(out.answer).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(out.writtenAtAnswer).toBeLessThan(BOUND);
    expect(out.answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(out.closed).toBe(true);
    expect(out.writtenTotal).toBeLessThan(BOUND + 1024 * 1024);
  });

  it('leaves the server answering on new connections', async () => {
    const res = await fetch(`${server.url}/api/auth/user`, { headers: { cookie } });
    expect(res.status).toBe(200);
  });
});
